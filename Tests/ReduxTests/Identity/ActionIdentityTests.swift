import Redux
import Testing

/// The reflected default identity and the conformances: case names through nested enum
/// payloads, other payloads ignored.
@Suite("Action identity")
struct ActionIdentityTests {
    enum RowAction: Sendable { case save, delete, rename(String) }
    enum Direction: Sendable { case up, down }
    enum Sheet: Sendable { case confirm(Direction), dismiss }

    enum BoardAction: Sendable {
        case search(String)
        case rows(ElementAction<Int, RowAction>)
        case row(id: Int, action: RowAction)
        case move(Direction, by: Int)
        case sheet(Sheet?)
        case refresh
        indirect case batch(BoardAction)
    }

    /// A payload-less enum whose text differs from its case names.
    enum Described: Sendable, CustomStringConvertible {
        case start, stop
        var description: String { "Described!" }
    }

    /// An action that names itself, delegating to its payload through a runtime cast (the shape a
    /// generated conformance has).
    enum AppAction: Sendable, ActionIdentifiable {
        case board(BoardAction)
        case tick(Int)
        case custom(Custom)

        var actionIdentity: ActionIdentity {
            switch self {
            case .board(let action): ActionIdentity("board").appending(ActionIdentity(of: action))
            case .tick(let n): ActionIdentity("tick.\(n)")
            case .custom(let payload): ActionIdentity("custom").appending(ActionIdentity(of: payload))
            }
        }
    }

    struct Custom: Sendable, ActionIdentifiable {
        var actionIdentity: ActionIdentity { "mine" }
    }

    struct Increment: Sendable {}

    @Test func payloadsThatAreNotActionsDoNotChangeTheIdentity() {
        #expect(ActionIdentity(of: BoardAction.search("a")) == "search")
        #expect(ActionIdentity(of: BoardAction.search("a")) == ActionIdentity(of: BoardAction.search("b")))
        #expect(ActionIdentity(of: RowAction.rename("x")).path == "rename")
    }

    @Test func anElementActionExtendsThePathWithItsChildAction() {
        #expect(ActionIdentity(of: BoardAction.rows(.element(id: 3, action: .save))) == "rows.element.save")
        #expect(ActionIdentity(of: BoardAction.rows(.element(id: 4, action: .save))) == "rows.element.save")
        #expect(ActionIdentity(of: BoardAction.rows(.element(id: 3, action: .delete))) == "rows.element.delete")
        #expect(ActionIdentity(of: ElementAction<Int, RowAction>.element(id: 1, action: .rename("a"))) == "element.rename")
    }

    @Test func elementActionsConformanceAgreesWithTheReflectedDefault() {
        let action = ElementAction<Int, RowAction>.element(id: 9, action: .save)
        #expect(action.actionIdentity == ActionIdentity(reflecting: action))
        let nested = BoardAction.rows(action)
        #expect(ActionIdentity(of: nested) == ActionIdentity(reflecting: nested))
    }

    @Test func aPayloadOfSeveralValuesIsFollowedThroughItsLastActionValue() {
        #expect(ActionIdentity(of: BoardAction.row(id: 3, action: .save)) == "row.save")
        #expect(ActionIdentity(of: BoardAction.move(.up, by: 2)) == "move.up")
    }

    @Test func payloadlessCasesAreNamedByTheirCaseNotTheirDescription() {
        #expect(ActionIdentity(of: Described.start) == "start")
        #expect(ActionIdentity(of: Described.stop) == "stop")
        #expect(ActionIdentity(of: BoardAction.refresh) == "refresh")
    }

    @Test func optionalPayloadsAreLookedThrough() {
        #expect(ActionIdentity(of: BoardAction.sheet(.confirm(.down))) == "sheet.confirm.down")
        #expect(ActionIdentity(of: BoardAction.sheet(nil)) == "sheet")
        #expect(ActionIdentity(of: Optional(RowAction.save)) == "save")
    }

    @Test func indirectCasesAreFollowedLikeAnyOther() {
        #expect(ActionIdentity(of: BoardAction.batch(.batch(.refresh))) == "batch.batch.refresh")
    }

    @Test func aConformingActionGivesItsOwnIdentity() {
        #expect(ActionIdentity(of: AppAction.tick(7)) == "tick.7")
        #expect(ActionIdentity(of: AppAction.board(.rows(.element(id: 1, action: .save)))) == "board.rows.element.save")
        #expect(ActionIdentity(of: AppAction.custom(Custom())) == "custom.mine")
    }

    @Test func aConformingPayloadExtendsAReflectedParent() {
        enum Outer: Sendable { case app(AppAction), plain }
        #expect(ActionIdentity(of: Outer.app(.tick(3))) == "app.tick.3")
        #expect(ActionIdentity(of: Outer.app(.custom(Custom()))) == "app.custom.mine")
    }

    @Test func reflectingIgnoresTheTopLevelConformance() {
        #expect(ActionIdentity(reflecting: AppAction.tick(7)) == "tick")
        #expect(ActionIdentity(reflecting: AppAction.board(.refresh)) == "board.refresh")
    }

    @Test func aValueThatIsNotAnEnumIsNamedByItsType() {
        #expect(ActionIdentity(of: Increment()) == "Increment")
        #expect(ActionIdentity(of: 42) == "Int")
    }

    @Test func anExistentialActionIsIdentifiedByItsDynamicValue() {
        let boxed: any Sendable = BoardAction.rows(.element(id: 2, action: .delete))
        #expect(ActionIdentity(of: boxed) == "rows.element.delete")
    }

    @Test func appendingSkipsTheDotForAnEmptySide() {
        #expect(ActionIdentity("a").appending("b.c") == "a.b.c")
        #expect(ActionIdentity("").appending("b") == "b")
        #expect(ActionIdentity("a").appending("") == "a")
        #expect(ActionIdentity("a.b").description == "a.b")
        #expect(ActionIdentity("a") < ActionIdentity("b"))
    }

    /// An enum whose custom mirror shows a struct.
    enum Mirrored: Sendable, CustomReflectable {
        case shown(Int)
        var customMirror: Mirror { Mirror(self, children: ["value": 1], displayStyle: .struct) }
    }

    @Test func anEnumWithACustomMirrorIsNamedByItsCase() {
        #expect(ActionIdentity(of: Mirrored.shown(3)) == "shown")
    }

    @Test func aNilOptionalActionIsNone() {
        let action: RowAction? = nil
        #expect(ActionIdentity(of: action) == "none")
        #expect(ActionIdentity(reflecting: action) == "none")
    }
}
