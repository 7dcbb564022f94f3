import ReduxMacros
import Testing

/// The generated `actionIdentity` equals the reflected default (`ActionIdentity(reflecting:)`)
/// for every shape of case, with the real compiler.
enum IdentityShapes {
    @ReduxAction
    enum RowAction: Sendable {
        case save
        case rename(String)
    }

    /// Not `ActionIdentifiable`: reflected as a payload.
    enum Mode: Sendable { case fast, slow }
    enum Failure: Error { case timeout }
    struct Point: Sendable { var x = 0 }
    typealias Pair = (Int, Mode)

    @ReduxAction
    enum Action: Sendable {
        case tick
        case element(id: Int, action: RowAction)
        case move(Mode, Int)
        case both(RowAction, Mode)
        case mode(Mode)
        case labeledMode(mode: Mode)
        case maybe(Mode?)
        case trailing(Mode, Int?)
        case pair((Int, Mode))
        case labeledTuple((id: Int, mode: Mode))
        case aliased(Pair)
        case labeledPair(pair: (Int, Mode))
        case result(Result<Int, Failure>)
        case error(any Error)
        case point(Point)
        case text(String)
        case child(Child)
        case `default`(Mode)
        indirect case batch(Action)
    }

    @ReduxAction
    enum Child: Sendable {
        case row(RowAction)
        case pick(id: Int, mode: Mode)
        case close
    }

    @ReduxAction
    enum Wrapper<Payload: Sendable>: Sendable {
        case value(Payload)
    }

    static let actions: [Action] = [
        .tick,
        .element(id: 3, action: .save),
        .element(id: 4, action: .rename("a")),
        .move(.slow, 2),
        .both(.save, .fast),
        .mode(.fast),
        .labeledMode(mode: .slow),
        .maybe(.slow),
        .maybe(nil),
        .trailing(.fast, 1),
        .trailing(.fast, nil),
        .pair((1, .slow)),
        .labeledTuple((id: 1, mode: .fast)),
        .aliased((2, .slow)),
        .labeledPair(pair: (1, .fast)),
        .result(.success(1)),
        .result(.failure(.timeout)),
        .error(Failure.timeout),
        .error(CancellationError()),
        .point(Point()),
        .text("x"),
        .child(.row(.save)),
        .child(.pick(id: 1, mode: .slow)),
        .child(.close),
        .default(.fast),
        .batch(.element(id: 1, action: .save)),
        .batch(.child(.pick(id: 2, mode: .fast))),
    ]
}

/// The enums of ``IdentityShapes`` written by hand, without the macro and without a conformance,
/// so that the reflected default reads every level of them.
enum HandWrittenShapes {
    enum RowAction: Sendable {
        case save
        case rename(String)
    }

    enum Action: Sendable {
        case tick
        case element(id: Int, action: RowAction)
        case move(IdentityShapes.Mode, Int)
        case both(RowAction, IdentityShapes.Mode)
        case mode(IdentityShapes.Mode)
        case labeledMode(mode: IdentityShapes.Mode)
        case maybe(IdentityShapes.Mode?)
        case trailing(IdentityShapes.Mode, Int?)
        case pair((Int, IdentityShapes.Mode))
        case labeledTuple((id: Int, mode: IdentityShapes.Mode))
        case aliased(IdentityShapes.Pair)
        case labeledPair(pair: (Int, IdentityShapes.Mode))
        case result(Result<Int, IdentityShapes.Failure>)
        case error(any Error)
        case point(IdentityShapes.Point)
        case text(String)
        case child(Child)
        case `default`(IdentityShapes.Mode)
        indirect case batch(Action)
    }

    enum Child: Sendable {
        case row(RowAction)
        case pick(id: Int, mode: IdentityShapes.Mode)
        case close
    }

    enum Wrapper<Payload: Sendable>: Sendable {
        case value(Payload)
    }

    /// Each action of the macro's enum with its hand-written twin.
    static let pairs: [(IdentityShapes.Action, Action)] = [
        (.tick, .tick),
        (.element(id: 3, action: .save), .element(id: 3, action: .save)),
        (.element(id: 4, action: .rename("a")), .element(id: 4, action: .rename("a"))),
        (.move(.slow, 2), .move(.slow, 2)),
        (.both(.save, .fast), .both(.save, .fast)),
        (.mode(.fast), .mode(.fast)),
        (.labeledMode(mode: .slow), .labeledMode(mode: .slow)),
        (.maybe(.slow), .maybe(.slow)),
        (.maybe(nil), .maybe(nil)),
        (.trailing(.fast, 1), .trailing(.fast, 1)),
        (.trailing(.fast, nil), .trailing(.fast, nil)),
        (.pair((1, .slow)), .pair((1, .slow))),
        (.labeledTuple((id: 1, mode: .fast)), .labeledTuple((id: 1, mode: .fast))),
        (.aliased((2, .slow)), .aliased((2, .slow))),
        (.labeledPair(pair: (1, .fast)), .labeledPair(pair: (1, .fast))),
        (.result(.success(1)), .result(.success(1))),
        (.result(.failure(.timeout)), .result(.failure(.timeout))),
        (.error(IdentityShapes.Failure.timeout), .error(IdentityShapes.Failure.timeout)),
        (.error(CancellationError()), .error(CancellationError())),
        (.point(IdentityShapes.Point()), .point(IdentityShapes.Point())),
        (.text("x"), .text("x")),
        (.child(.row(.save)), .child(.row(.save))),
        (.child(.row(.rename("b"))), .child(.row(.rename("b")))),
        (.child(.pick(id: 1, mode: .slow)), .child(.pick(id: 1, mode: .slow))),
        (.child(.close), .child(.close)),
        (.default(.fast), .default(.fast)),
        (.batch(.element(id: 1, action: .save)), .batch(.element(id: 1, action: .save))),
        (.batch(.child(.pick(id: 2, mode: .fast))), .batch(.child(.pick(id: 2, mode: .fast)))),
        (.batch(.batch(.child(.row(.save)))), .batch(.batch(.child(.row(.save))))),
    ]
}

struct ReduxActionIdentityUseTests {
    @Test func theGeneratedIdentityEqualsTheReflectedOneOfTheSameEnumWrittenWithoutTheMacro() {
        for (action, twin) in HandWrittenShapes.pairs {
            #expect(action.actionIdentity == ActionIdentity(reflecting: twin), "\(action)")
        }
        // The twins are different types with the same case names and payloads.
        #expect(HandWrittenShapes.pairs.count == 29)
        #expect(!(HandWrittenShapes.Action.tick is any ActionIdentifiable))
    }

    @Test func aGenericPayloadMatchesTheHandWrittenEnumAtRunTime() {
        let pair: IdentityShapes.Pair = (1, .slow)
        #expect(IdentityShapes.Wrapper.value(IdentityShapes.Mode.fast).actionIdentity
            == ActionIdentity(reflecting: HandWrittenShapes.Wrapper.value(IdentityShapes.Mode.fast)))
        #expect(IdentityShapes.Wrapper.value(pair).actionIdentity
            == ActionIdentity(reflecting: HandWrittenShapes.Wrapper.value(pair)))
        #expect(IdentityShapes.Wrapper.value(IdentityShapes.RowAction.rename("c")).actionIdentity
            == ActionIdentity(reflecting: HandWrittenShapes.Wrapper.value(HandWrittenShapes.RowAction.rename("c"))))
        #expect(IdentityShapes.Wrapper<IdentityShapes.Mode?>.value(nil).actionIdentity
            == ActionIdentity(reflecting: HandWrittenShapes.Wrapper<IdentityShapes.Mode?>.value(nil)))
    }

    @Test func theGeneratedIdentityEqualsTheReflectedOneForEveryShapeOfCase() {
        for action in IdentityShapes.actions {
            #expect(action.actionIdentity == ActionIdentity(reflecting: action), "\(action)")
        }
    }

    @Test func aValueAmongSeveralThatIsAnActionNamesTheCase() {
        #expect(IdentityShapes.Action.element(id: 3, action: .save).actionIdentity == "element.save")
        #expect(IdentityShapes.Action.both(.save, .fast).actionIdentity == "both.fast")
        #expect(IdentityShapes.Action.trailing(.fast, 1).actionIdentity == "trailing.fast")
        #expect(IdentityShapes.Action.trailing(.fast, nil).actionIdentity == "trailing")
    }

    @Test func anEnumPayloadThatDoesNotConformContributesItsCasePath() {
        #expect(IdentityShapes.Action.mode(.fast).actionIdentity == "mode.fast")
        #expect(IdentityShapes.Action.labeledMode(mode: .slow).actionIdentity == "labeledMode.slow")
        #expect(IdentityShapes.Action.result(.failure(.timeout)).actionIdentity == "result.failure.timeout")
        #expect(IdentityShapes.Action.error(IdentityShapes.Failure.timeout).actionIdentity == "error.timeout")
        #expect(IdentityShapes.Action.default(.slow).actionIdentity == "default.slow")
    }

    @Test func anOptionalPayloadIsLookedThrough() {
        #expect(IdentityShapes.Action.maybe(.slow).actionIdentity == "maybe.slow")
        #expect(IdentityShapes.Action.maybe(nil).actionIdentity == "maybe")
    }

    @Test func aTuplePayloadIsFollowedWhenItIsTheOnlyUnlabeledValue() {
        #expect(IdentityShapes.Action.pair((1, .slow)).actionIdentity == "pair.slow")
        #expect(IdentityShapes.Action.labeledTuple((id: 1, mode: .fast)).actionIdentity == "labeledTuple.fast")
        #expect(IdentityShapes.Action.aliased((2, .slow)).actionIdentity == "aliased.slow")
        #expect(IdentityShapes.Action.labeledPair(pair: (1, .fast)).actionIdentity == "labeledPair")
    }

    @Test func nestedGeneratedIdentitiesCompose() {
        #expect(IdentityShapes.Action.child(.pick(id: 1, mode: .slow)).actionIdentity == "child.pick.slow")
        #expect(IdentityShapes.Action.batch(.child(.row(.rename("b")))).actionIdentity == "batch.child.row.rename")
        #expect(IdentityShapes.Action.child(.close).actionIdentity == "child.close")
    }

    @Test func aGenericPayloadIsJudgedByItsTypeAtRunTime() {
        let values: [any ActionIdentifiable] = [
            IdentityShapes.Wrapper.value(IdentityShapes.Mode.fast),
            IdentityShapes.Wrapper.value(IdentityShapes.RowAction.save),
            IdentityShapes.Wrapper.value((1, IdentityShapes.Mode.slow) as IdentityShapes.Pair),
            IdentityShapes.Wrapper.value("text"),
            IdentityShapes.Wrapper<IdentityShapes.Mode?>.value(nil),
        ]
        for value in values {
            func reflected<T>(_ value: T) -> ActionIdentity { ActionIdentity(reflecting: value) }
            #expect(value.actionIdentity == reflected(value), "\(value)")
        }
        #expect(IdentityShapes.Wrapper.value((1, IdentityShapes.Mode.slow)).actionIdentity == "value.slow")
    }
}
