import Redux
import Testing

/// `ActionIdentity(case:payloads:)` and `ActionIdentity(case:payload:)`: a case's identity from
/// its name and associated values, equal to the reflected default of the same case.
@Suite("Action identity of a case")
struct ActionIdentityCaseTests {
    enum Mode: Sendable { case fast, slow }
    enum Sheet: Sendable { case confirm(Mode), dismiss }
    enum Failure: Error { case timeout }
    struct Plain: Sendable { var mode: Mode = .fast }
    struct Named: Sendable, ActionIdentifiable {
        var actionIdentity: ActionIdentity { "named.one" }
    }
    struct Silent: Sendable, ActionIdentifiable {
        var actionIdentity: ActionIdentity { "" }
    }
    enum RowAction: Sendable, ActionIdentifiable {
        case save, delete
        var actionIdentity: ActionIdentity {
            switch self {
            case .save: "save"
            case .delete: "delete"
            }
        }
    }
    typealias Pair = (Int, Mode)

    /// The same shapes as a real enum, for the reflected default to read.
    enum Action {
        case element(id: Int, action: RowAction)
        case move(Mode, Int)
        case both(Mode, Sheet)
        case trailing(Mode, Int?)
        case trailingNil(Mode, Mode?)
        case sheet(Sheet)
        case maybe(Sheet?)
        case deep(Mode??)
        case text(String)
        case plain(Plain)
        case named(Named)
        case silent(Silent)
        case pair((Int, Mode))
        case aliased(Pair)
        case labeledPair(pair: (Int, Mode))
        case nestedTuple(Mode, (Int, Mode))
        case result(Result<Int, Failure>)
        case error(any Error)
        case anything(Any)
        case erased(Mode, Any)
    }

    @Test func lastContributingPayloadNamesAMultiValueCase() {
        let identity = ActionIdentity(case: "element", payloads: 3, RowAction.save)
        #expect(identity == "element.save")
        #expect(identity == ActionIdentity(reflecting: Action.element(id: 3, action: .save)))
        // The last that contributes, not the last: a plain value after it is passed over.
        #expect(ActionIdentity(case: "move", payloads: Mode.slow, 4) == "move.slow")
        #expect(ActionIdentity(case: "move", payloads: Mode.slow, 4) == ActionIdentity(reflecting: Action.move(.slow, 4)))
        // Of two that contribute, the last.
        #expect(ActionIdentity(case: "both", payloads: Mode.fast, Sheet.confirm(.slow)) == "both.confirm.slow")
        #expect(ActionIdentity(case: "both", payloads: Mode.fast, Sheet.confirm(.slow)) == ActionIdentity(reflecting: Action.both(.fast, .confirm(.slow))))
    }

    @Test func conformingPayloadContributesItsOwnIdentity() {
        #expect(ActionIdentity(case: "named", payload: Named()) == "named.named.one")
        #expect(ActionIdentity(case: "named", payload: Named()) == ActionIdentity(reflecting: Action.named(Named())))
        #expect(ActionIdentity(case: "element", payloads: 1, RowAction.delete) == "element.delete")
    }

    @Test func conformingPayloadWithAnEmptyIdentityContributesNoText() {
        #expect(ActionIdentity(case: "silent", payload: Silent()) == "silent")
        #expect(ActionIdentity(case: "silent", payload: Silent()) == ActionIdentity(reflecting: Action.silent(Silent())))
        // It still contributes: an earlier enum does not take its place.
        #expect(ActionIdentity(case: "x", payloads: Mode.fast, Silent()) == "x")
    }

    @Test func nonConformingEnumPayloadContributesItsCasePath() {
        #expect(ActionIdentity(case: "sheet", payload: Sheet.confirm(.fast)) == "sheet.confirm.fast")
        #expect(ActionIdentity(case: "sheet", payload: Sheet.confirm(.fast)) == ActionIdentity(reflecting: Action.sheet(.confirm(.fast))))
        #expect(ActionIdentity(case: "sheet", payloads: Sheet.dismiss) == "sheet.dismiss")
    }

    @Test func resultPayloadContributesItsCaseAndAnEnumErrorsCase() {
        let failure = Result<Int, Failure>.failure(.timeout)
        #expect(ActionIdentity(case: "result", payload: failure) == "result.failure.timeout")
        #expect(ActionIdentity(case: "result", payload: failure) == ActionIdentity(reflecting: Action.result(failure)))
        #expect(ActionIdentity(case: "result", payload: Result<Int, Failure>.success(1)) == "result.success")
        #expect(ActionIdentity(case: "result", payload: Result<Int, Failure>.success(1)) == ActionIdentity(reflecting: Action.result(.success(1))))
    }

    @Test func optionalPayloadIsLookedThrough() {
        #expect(ActionIdentity(case: "maybe", payload: Optional(Sheet.dismiss)) == "maybe.dismiss")
        #expect(ActionIdentity(case: "maybe", payload: Optional(Sheet.dismiss)) == ActionIdentity(reflecting: Action.maybe(.dismiss)))
        #expect(ActionIdentity(case: "maybe", payload: Sheet?.none) == "maybe")
        #expect(ActionIdentity(case: "maybe", payload: Sheet?.none) == ActionIdentity(reflecting: Action.maybe(nil)))
        let deep: Mode?? = .some(.some(.slow))
        #expect(ActionIdentity(case: "deep", payload: deep) == "deep.slow")
        #expect(ActionIdentity(case: "deep", payload: deep) == ActionIdentity(reflecting: Action.deep(deep)))
        #expect(ActionIdentity(case: "deep", payload: Mode??.some(nil)) == ActionIdentity(reflecting: Action.deep(.some(nil))))
    }

    @Test func nilOptionalContributesNoTextButTakesTheLastPlace() {
        #expect(ActionIdentity(case: "trailingNil", payloads: Mode.fast, Mode?.none) == "trailingNil")
        #expect(ActionIdentity(case: "trailingNil", payloads: Mode.fast, Mode?.none) == ActionIdentity(reflecting: Action.trailingNil(.fast, nil)))
        #expect(ActionIdentity(case: "trailingNil", payloads: Mode.fast, Mode?.some(.slow)) == "trailingNil.slow")
        #expect(ActionIdentity(case: "trailingNil", payloads: Mode.fast, Mode?.some(.slow)) == ActionIdentity(reflecting: Action.trailingNil(.fast, .slow)))
    }

    @Test func optionalOfAPlainValueContributesOnlyWhenNil() {
        // `Int?` holding a number contributes nothing, so the enum before it names the case.
        #expect(ActionIdentity(case: "trailing", payloads: Mode.slow, Int?.some(2)) == "trailing.slow")
        #expect(ActionIdentity(case: "trailing", payloads: Mode.slow, Int?.some(2)) == ActionIdentity(reflecting: Action.trailing(.slow, 2)))
        #expect(ActionIdentity(case: "trailing", payloads: Mode.slow, Int?.none) == "trailing")
        #expect(ActionIdentity(case: "trailing", payloads: Mode.slow, Int?.none) == ActionIdentity(reflecting: Action.trailing(.slow, nil)))
    }

    @Test func plainPayloadContributesNothing() {
        #expect(ActionIdentity(case: "text", payload: "a") == "text")
        #expect(ActionIdentity(case: "text", payload: "a") == ActionIdentity(reflecting: Action.text("b")))
        #expect(ActionIdentity(case: "plain", payload: Plain()) == "plain")
        #expect(ActionIdentity(case: "plain", payload: Plain()) == ActionIdentity(reflecting: Action.plain(Plain())))
        #expect(ActionIdentity(case: "numbers", payloads: 1, 2.5, "c") == "numbers")
    }

    @Test func aSingleUnlabeledTuplePayloadIsFollowedIntoItsElements() {
        let pair: (Int, Mode) = (1, .slow)
        #expect(ActionIdentity(case: "pair", payload: pair) == "pair.slow")
        #expect(ActionIdentity(case: "pair", payload: pair) == ActionIdentity(reflecting: Action.pair(pair)))
        // Behind a type alias too: the tuple is seen at run time.
        #expect(ActionIdentity(case: "aliased", payload: pair as Pair) == ActionIdentity(reflecting: Action.aliased(pair)))
        // Passed as its elements, the same.
        #expect(ActionIdentity(case: "pair", payloads: pair.0, pair.1) == "pair.slow")
    }

    @Test func aTupleAmongSeveralValuesOrLabeledContributesNothing() {
        let pair: (Int, Mode) = (1, .slow)
        #expect(ActionIdentity(case: "labeledPair", payloads: pair) == "labeledPair")
        #expect(ActionIdentity(case: "labeledPair", payloads: pair) == ActionIdentity(reflecting: Action.labeledPair(pair: pair)))
        #expect(ActionIdentity(case: "nestedTuple", payloads: Mode.fast, pair) == "nestedTuple.fast")
        #expect(ActionIdentity(case: "nestedTuple", payloads: Mode.fast, pair) == ActionIdentity(reflecting: Action.nestedTuple(.fast, pair)))
    }

    @Test func existentialPayloadIsJudgedByTheValueItHolds() {
        let enumError: any Error = Failure.timeout
        #expect(ActionIdentity(case: "error", payload: enumError) == "error.timeout")
        #expect(ActionIdentity(case: "error", payload: enumError) == ActionIdentity(reflecting: Action.error(enumError)))
        struct PlainError: Error {}
        let plainError: any Error = PlainError()
        #expect(ActionIdentity(case: "error", payload: plainError) == "error")
        #expect(ActionIdentity(case: "error", payload: plainError) == ActionIdentity(reflecting: Action.error(plainError)))
        let anyPair: Any = (1, Mode.fast)
        #expect(ActionIdentity(case: "anything", payload: anyPair) == ActionIdentity(reflecting: Action.anything(anyPair)))
        let anyRow: Any = RowAction.save
        #expect(ActionIdentity(case: "anything", payload: anyRow) == "anything.save")
        #expect(ActionIdentity(case: "anything", payloads: anyRow, 3) == "anything.save")
    }

    @Test func existentialHoldingAnOptionalIsLookedThroughAmongSeveralValues() {
        let none: Any = Mode?.none as Any
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, none) == "erased")
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, none) == ActionIdentity(reflecting: Action.erased(.fast, none)))
        let some: Any = Mode?.some(.slow) as Any
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, some) == "erased.slow")
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, some) == ActionIdentity(reflecting: Action.erased(.fast, some)))
        let number: Any = Int?.some(1) as Any
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, number) == "erased.fast")
        #expect(ActionIdentity(case: "erased", payloads: Mode.fast, number) == ActionIdentity(reflecting: Action.erased(.fast, number)))
    }
}
