import Redux

// Sources/Redux/Redux.docc/IdentifyingActions.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; ActionIdentityDocExamplesTests runs them).

struct IdentifyingActionsBlocks {
    enum RowAction: Sendable {
        case save
        case rename(String)
    }

    enum BoardAction: Sendable, ActionIdentifiable {
        case rows(ElementAction<Int, RowAction>)
        case search(String)
        case refresh

        var actionIdentity: ActionIdentity {
            switch self {
            case .rows(let action): ActionIdentity("rows").appending(ActionIdentity(of: action))
            case .search: "search"
            case .refresh: "refresh"
            }
        }
    }

    func boardIdentities() -> [String] {
        [
            ActionIdentity(of: BoardAction.rows(.element(id: 3, action: .save))).path,  // rows.element.save
            ActionIdentity(of: BoardAction.search("dune")).path,                        // search
        ]
    }
}
