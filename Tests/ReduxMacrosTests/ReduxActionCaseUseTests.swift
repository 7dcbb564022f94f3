import ReduxMacros
import Testing

@ReduxAction
enum UseClosureAction: Sendable {
    case run(@Sendable () -> Void)
    case scaled(@Sendable (Int) -> Int)
    case lazy(@autoclosure @Sendable () -> Int)
    case both(Int, @Sendable (Int) -> Int)
    case stop
}

struct UseTreeBox<Value: Sendable & Equatable>: Sendable, Equatable {
    var value: Value
}

@ReduxAction
indirect enum UseTreeAction: Sendable, Equatable {
    case leaf
    case next(Self)
    case children([Self])
    case boxed(UseTreeBox<Self>)
    case pair(Self, Int)
}

@ReduxAction
indirect enum UseGenericTree<Value: Sendable & Equatable>: Sendable, Equatable {
    case value(Value)
    case next(Self)
}

@ReduxAction
enum UseKeywordAction: Sendable, Equatable {
    case `default`(Int)
    case `Type`(Int)
    case `Protocol`(id: Int)
    case `self`(Int)
    case `init`(Int)
    case `class`(Int, Int)
    case plain
}

@ReduxAction
enum UseAvailabilityAction: Sendable, Equatable {
    case current(Int)
    @available(*, unavailable)
    case gone(Int)
    @available(*, deprecated, message: "use current")
    case old(Int)
    @available(*, deprecated)
    case older(Int, String), oldest
    @available(macOS, unavailable)
    case notOnMac(Int)
}

/// Runs checks on deprecated members. Called through the protocol, so that reading them from the
/// deprecated witness leaves the build without warnings.
private protocol DeprecatedMembersProbe {
    func results() -> [Bool]
}

private struct UseAvailabilityProbe: DeprecatedMembersProbe {
    @available(*, deprecated)
    func results() -> [Bool] {
        [
            UseAvailabilityAction.old(3).old == 3,
            UseAvailabilityAction.current(1).old == nil,
            UseAvailabilityAction.older(1, "a").older?.1 == "a",
            UseAvailabilityAction.embeddings.old.embed(4) == .old(4),
            UseAvailabilityAction.embeddings.old.extract(.old(5)) == 5,
            UseAvailabilityAction.embeddings.old.extract(.current(5)) == nil,
            UseAvailabilityAction.old(3).actionIdentity == "old",
            UseAvailabilityAction.oldest.actionIdentity == "oldest",
        ]
    }
}

struct ReduxActionCaseUseTests {
    @Test func anAttributedFunctionPayloadHasAnOptionalFunctionExtractorAndAnEmbedding() {
        let action = UseClosureAction.scaled { $0 * 2 }
        #expect(action.scaled?(4) == 8)
        #expect(UseClosureAction.stop.scaled == nil)
        let extractor: KeyPath<UseClosureAction, (@Sendable () -> Void)?> = \.run
        #expect(UseClosureAction.stop[keyPath: extractor] == nil)
        #expect(UseClosureAction.run({})[keyPath: extractor] != nil)
        #expect(UseClosureAction.lazy(40 + 2).lazy?() == 42)
        #expect(UseClosureAction.both(1, { $0 + 1 }).both.map { $0.1($0.0) } == 2)
        let embedding: Embedding<UseClosureAction, @Sendable (Int) -> Int> = UseClosureAction.embeddings.scaled
        #expect(embedding.embed { $0 + 10 }.scaled?(1) == 11)
        #expect(embedding.extract(.stop) == nil)
        #expect(UseClosureAction.embeddings.lazy.embed { 7 }.lazy?() == 7)
        #expect(UseClosureAction.scaled { $0 }.actionIdentity == "scaled")
    }

    @Test func selfInAPayloadIsTheEnumInExtractorsAndEmbeddings() {
        let embedding: Embedding<UseTreeAction, UseTreeAction> = UseTreeAction.embeddings.next
        #expect(embedding.embed(.leaf) == .next(.leaf))
        #expect(embedding.extract(.next(.pair(.leaf, 1))) == .pair(.leaf, 1))
        #expect(UseTreeAction.embeddings.boxed.embed(UseTreeBox(value: .leaf)) == .boxed(UseTreeBox(value: .leaf)))
        #expect(UseTreeAction.embeddings.children.extract(.children([.leaf])) == [.leaf])
        #expect(UseTreeAction.next(.leaf).next == .leaf)
        #expect(UseTreeAction.pair(.leaf, 2).pair?.1 == 2)
        #expect(UseTreeAction.next(.next(.leaf)).actionIdentity == "next.next.leaf")
        let generic: Embedding<UseGenericTree<Int>, UseGenericTree<Int>> = UseGenericTree<Int>.embeddings.next
        #expect(generic.embed(.value(1)) == .next(.value(1)))
        #expect(UseGenericTree<Int>.next(.value(2)).next?.value == 2)
    }

    @Test func caseNamesInBackticksWorkInIdentityExtractorsAndEmbeddings() {
        let cases: [UseKeywordAction] = [.default(1), .`Type`(2), .`Protocol`(id: 3), .`self`(4), .`init`(5), .class(6, 7), .plain]
        #expect(cases.map(\.actionIdentity) == ["default", "Type", "Protocol", "self", "init", "class", "plain"])
        #expect(cases.map(\.actionIdentity) == cases.map { ActionIdentity(reflecting: $0) })
        #expect(cases.map(\.`Type`) == [nil, 2, nil, nil, nil, nil, nil])
        #expect(cases.map(\.`Protocol`) == [nil, nil, 3, nil, nil, nil, nil])
        #expect(cases.map(\.`self`) == [nil, nil, nil, 4, nil, nil, nil])
        #expect(cases.map(\.`init`) == [nil, nil, nil, nil, 5, nil, nil])
        #expect(cases.map(\.default) == [1, nil, nil, nil, nil, nil, nil])
        #expect(UseKeywordAction.class(6, 7).class.map { [$0.0, $0.1] } == [6, 7])
        let embeddings = UseKeywordAction.embeddings
        #expect(embeddings.`Type`.embed(1) == .`Type`(1))
        #expect(embeddings.`Protocol`.embed(1) == .`Protocol`(id: 1))
        #expect(embeddings.`self`.embed(1) == .`self`(1))
        #expect(embeddings.`init`.embed(1) == .`init`(1))
        #expect(embeddings.default.embed(1) == .default(1))
        #expect(embeddings.`init`.extract(.`init`(8)) == 8)
        #expect(embeddings.`self`.extract(.`init`(8)) == nil)
        let typePath: KeyPath<UseKeywordAction.Embeddings, Embedding<UseKeywordAction, Int>> = \.`Type`
        #expect(Embedding(typePath).extract(.`Type`(9)) == 9)
    }

    @Test func anUnavailableCaseIsSkippedAndADeprecatedOnesMembersCompileWithoutWarnings() {
        #expect(UseAvailabilityAction.current(1).actionIdentity == "current")
        #expect(UseAvailabilityAction.current(1).current == 1)
        #expect(UseAvailabilityAction.embeddings.current.embed(2) == .current(2))
        #expect((UseAvailabilityProbe() as any DeprecatedMembersProbe).results() == Array(repeating: true, count: 8))
        #if !os(macOS)
            #expect(UseAvailabilityAction.notOnMac(3).notOnMac == 3)
            #expect(UseAvailabilityAction.embeddings.notOnMac.embed(3) == .notOnMac(3))
        #endif
    }
}
