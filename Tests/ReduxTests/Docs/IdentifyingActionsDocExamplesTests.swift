import Redux
import Testing

/// Runs the Identifying Actions article's example and checks the table's rows.
@Suite("Action identity documentation examples")
struct ActionIdentityDocExamplesTests {
    typealias Blocks = IdentifyingActionsBlocks

    @Test func theArticlesConformanceGivesTheIdentitiesItsCommentsSay() {
        #expect(Blocks().boardIdentities() == ["rows.element.save", "search"])
    }

    @Test func theArticlesConformanceAgreesWithTheReflectedDefault() {
        let actions: [Blocks.BoardAction] = [.rows(.element(id: 3, action: .save)), .rows(.element(id: 1, action: .rename("x"))), .search("a"), .refresh]
        for action in actions {
            #expect(ActionIdentity(of: action) == ActionIdentity(reflecting: action))
        }
    }

    @Test func theArticlesTableHolds() {
        enum Direction: Sendable { case down }
        enum Sheet: Sendable { case confirm(Direction) }
        enum Action: Sendable {
            case search(String), refresh, rows(ElementAction<Int, Blocks.RowAction>), sheet(Sheet?)
        }
        #expect(ActionIdentity(of: Action.search("a")) == "search")
        #expect(ActionIdentity(of: Action.search("b")) == "search")
        #expect(ActionIdentity(of: Action.refresh) == "refresh")
        #expect(ActionIdentity(of: Action.rows(.element(id: 3, action: .save))) == "rows.element.save")
        #expect(ActionIdentity(of: Action.sheet(.confirm(.down))) == "sheet.confirm.down")
        #expect(ActionIdentity(of: Action.sheet(nil)) == "sheet")
    }

    @Test func theReadmesConformanceGivesTheIdentityItsCommentSays() {
        #expect(identityOfPlay() == "stations.element.play")
        #expect(ActionIdentity(of: RadioAction.search("x")) == ActionIdentity(reflecting: RadioAction.search("y")))
    }
}
