import Testing
import ReduxTesting

/// ReduxCore's ReducerDomain: a body of child reducers built once, run in declaration order.
struct DomTrail: Equatable, Sendable {
    var ran: [String] = []
    var count = 0
}

enum DomAction: Equatable, Sendable {
    case go, stop, load, loaded(Int)
}

/// A child that appends its name for every action and answers `exit`.
func domMark(_ name: String, exit: ReducerExit = .next) -> Reducer<DomTrail, DomAction> {
    Reducer(id: name) { state, _ in
        state.ran.append(name)
        return exit
    }
}

enum DomMode: Sendable { case quiet, normal, loud }

/// Every builder form: plain children, `if`, `if let`, `for`, `switch`, a nested domain, and a
/// counter of body evaluations. `flag` is read from a shared box, so a later change to it is
/// visible to anything that evaluates the body again.
struct DomFeature: ReducerDomain {
    var flag = SharedValue(false)
    var label: String? = nil
    var ids: [Int] = []
    var mode = DomMode.normal
    var evaluations = SharedValue(0)

    var body: [Reducer<DomTrail, DomAction>] {
        counting()
        domMark("first")
        if flag.value {
            domMark("flagged")
        }
        if let label {
            domMark("label \(label)")
        }
        for id in ids {
            domMark("row \(id)")
        }
        switch mode {
        case .quiet:
            [Reducer<DomTrail, DomAction>]()
        case .normal:
            domMark("normal")
        case .loud:
            domMark("loud")
            domMark("louder")
        }
        DomInner()
        domMark("last")
    }

    /// Counts this evaluation of the body; contributes no reducer.
    func counting() -> [Reducer<DomTrail, DomAction>] {
        evaluations.value += 1
        return []
    }
}

struct DomInner: ReducerDomain {
    var body: [Reducer<DomTrail, DomAction>] {
        domMark("inner a")
        domMark("inner b")
    }
}

/// `.done` from the second child stops the third; `.go` reaches all three.
struct DomStopping: ReducerDomain {
    var body: [Reducer<DomTrail, DomAction>] {
        domMark("a")
        Reducer(id: "b") { state, action in
            state.ran.append("b")
            return action == .stop ? .done : .next
        }
        domMark("c")
        extra
    }

    /// The seed's builder name works as the attribute of any property.
    @ReducerCombine<DomTrail, DomAction> var extra: [Reducer<DomTrail, DomAction>] {
        domMark("d")
        if #available(macOS 15, *) {
            domMark("e")
        }
    }
}

/// A counter feature with an effect, for lifting and for the TestStore.
struct DomCounter: ReducerDomain {
    var body: [Reducer<DomTrail, DomAction>] {
        Reducer(id: "count", reduction: { state, action in
            switch action {
            case .go:
                state.count += 1
                return .next()
            case .load:
                return .next(.run { send in send(.loaded(7)) })
            case .loaded(let value):
                state.count = value
                return .next()
            case .stop:
                return Reduction(.defaultNext)
            }
        })
    }
}

struct DomRow: Equatable, Sendable, Identifiable {
    let id: Int
    var trail = DomTrail()
}

struct DomParent: Equatable, Sendable {
    var counter = DomTrail()
    var sheet: DomTrail?
    var rows: IdentifiedArray<DomRow> = []
    var parentRan = 0
}

enum DomParentAction: Equatable, Sendable {
    case counter(DomAction)
    case sheet(DomAction)
    case rows(ElementAction<Int, DomAction>)
    case tick

    var counter: DomAction? { if case .counter(let action) = self { action } else { nil } }
    var sheet: DomAction? { if case .sheet(let action) = self { action } else { nil } }
    var rows: ElementAction<Int, DomAction>? { if case .rows(let action) = self { action } else { nil } }
}

/// A row feature over `DomRow` (the element state), for the collection lift.
struct DomRowFeature: ReducerDomain {
    var body: [Reducer<DomRow, DomAction>] {
        Reducer(id: "row") { state, _ in
            state.trail.ran.append("row \(state.id)")
            return .next
        }
    }
}

/// A parent domain whose body holds a lifted child domain (an array expression).
struct DomParentFeature: ReducerDomain {
    var body: [Reducer<DomParent, DomParentAction>] {
        Reducer(id: "parent") { state, action in
            guard action == .tick else { return .defaultNext }
            state.parentRan += 1
            return .next
        }
        DomCounter().lift(state: \DomParent.counter, action: Embedding(\.counter, embed: DomParentAction.counter))
    }
}

@MainActor
@Suite struct ReducerDomainStyleTests {
    @Test func childrenRunInDeclarationOrder() {
        let log = LogRecorder<DomAction>()
        let store = Store(initialState: DomTrail(), domain: DomStopping(), onLog: log.handler)
        store.dispatch(.go)
        #expect(store.ran == ["a", "b", "c", "d", "e"])
        let reducers = log.events.compactMap { event -> String? in
            if case .reducer(let step, _) = event.kind { step.id } else { nil }
        }
        #expect(reducers == ["a", "b", "c", "d", "e"])
    }

    @Test func doneStopsTheLaterChildren() {
        let log = LogRecorder<DomAction>()
        let store = Store(initialState: DomTrail(), domain: DomStopping(), onLog: log.handler)
        store.dispatch(.stop)
        #expect(store.ran == ["a", "b"])
        let outcomes = log.events.compactMap { event -> DispatchOutcome<DomAction>? in
            if case .terminal(let outcome) = event.kind { outcome } else { nil }
        }
        #expect(outcomes == [.reduced])
    }

    @Test func ifIncludesItsChildOnlyWhenTheConditionHolds() {
        let without = Store(initialState: DomTrail(), domain: DomFeature())
        let with = Store(initialState: DomTrail(), domain: DomFeature(flag: SharedValue(true)))
        without.dispatch(.go)
        with.dispatch(.go)
        #expect(without.ran == ["first", "normal", "inner a", "inner b", "last"])
        #expect(with.ran == ["first", "flagged", "normal", "inner a", "inner b", "last"])
    }

    @Test func ifLetBuildsItsChildFromTheUnwrappedValue() {
        let store = Store(initialState: DomTrail(), domain: DomFeature(label: "x"))
        store.dispatch(.go)
        #expect(store.ran == ["first", "label x", "normal", "inner a", "inner b", "last"])
    }

    @Test func forBuildsOneChildPerIdInListOrder() {
        let domain = DomFeature(ids: [3, 1, 2])
        #expect(domain.reducers.map(\.id) == ["first", "row 3", "row 1", "row 2", "normal", "inner a", "inner b", "last"])
        let store = Store(initialState: DomTrail(), domain: domain)
        store.dispatch(.go)
        #expect(store.ran == ["first", "row 3", "row 1", "row 2", "normal", "inner a", "inner b", "last"])
    }

    @Test func switchIncludesTheChosenBranchOnly() {
        let quiet = Store(initialState: DomTrail(), domain: DomFeature(mode: .quiet))
        let loud = Store(initialState: DomTrail(), domain: DomFeature(mode: .loud))
        quiet.dispatch(.go)
        loud.dispatch(.go)
        #expect(quiet.ran == ["first", "inner a", "inner b", "last"])
        #expect(loud.ran == ["first", "loud", "louder", "inner a", "inner b", "last"])
    }

    @Test func theBodyIsBuiltOncePerStore() {
        let evaluations = SharedValue(0)
        let domain = DomFeature(evaluations: evaluations)
        let store = Store(initialState: DomTrail(), domain: domain)
        for _ in 0..<100 { store.dispatch(.go) }
        #expect(store.ran.count == 500)
        #expect(evaluations.value == 1)
        let second = Store(initialState: DomTrail(), domain: domain)
        second.dispatch(.go)
        #expect(evaluations.value == 2)
    }

    @Test func conditionsAreEvaluatedWhenTheStoreIsCreatedNotPerAction() {
        let flag = SharedValue(false)
        let store = Store(initialState: DomTrail(), domain: DomFeature(flag: flag))
        flag.value = true   // too late for this store: its body was built without `flagged`
        store.dispatch(.go)
        #expect(!store.ran.contains("flagged"))
        let later = Store(initialState: DomTrail(), domain: DomFeature(flag: flag))
        later.dispatch(.go)
        #expect(later.ran.contains("flagged"))
        flag.value = false  // and the reverse: `later` keeps it
        later.dispatch(.go)
        #expect(later.ran.filter { $0 == "flagged" }.count == 2)
    }

    @Test func aNestedDomainRunsItsChildrenInItsPlace() {
        let store = Store(initialState: DomTrail(), domain: DomFeature(mode: .quiet))
        store.dispatch(.go)
        let inner = store.ran.firstIndex(of: "inner a")
        #expect(inner != nil)
        #expect(store.ran.firstIndex(of: "first")! < inner!)
        #expect(store.ran.suffix(3) == ["inner a", "inner b", "last"])
    }

    @Test func aLiftedDomainRunsInItsParentAndItsEffectsSendParentActions() async {
        let store = TestStore(initialState: DomParent(), domain: DomParentFeature())
        await store.send(.tick) { $0.parentRan = 1 }
        await store.send(.counter(.go)) { $0.counter.count = 1 }
        await store.send(.counter(.load))
        await store.receive(.counter(.loaded(7))) { $0.counter.count = 7 }
        await store.finish()
    }

    @Test func anOptionalLiftSkipsTheDomainWhileItsStateIsAbsent() {
        let log = LogRecorder<DomParentAction>()
        let reducers = DomStopping().lift(state: \DomParent.sheet, action: Embedding(\.sheet, embed: DomParentAction.sheet))
        #expect(reducers.count == 5)
        let store = Store(initialState: DomParent(), reducers: reducers, onLog: log.handler)
        store.dispatch(.sheet(.go))
        let absent = log.events.filter { if case .childAbsent = $0.kind { true } else { false } }
        #expect(absent.count == 5)
        #expect(store.sheet == nil)
        var present = DomParent()
        present.sheet = DomTrail()
        let shown = Store(initialState: present, reducers: reducers)
        shown.dispatch(.sheet(.stop))
        #expect(shown.sheet?.ran == ["a", "b"])
    }

    @Test func aDomainLiftsOverAnIdentifiedArray() {
        let reducers = DomRowFeature().lift(state: \DomParent.rows, action: Embedding(\.rows, embed: DomParentAction.rows))
        let store = Store(initialState: DomParent(rows: [DomRow(id: 1), DomRow(id: 2)]), reducers: reducers)
        store.dispatch(.rows(.element(id: 2, action: .go)))
        #expect(store.rows[id: 1]?.trail.ran == [])
        #expect(store.rows[id: 2]?.trail.ran == ["row 2"])
    }

    @Test func aTestStoreIsMadeFromADomain() async {
        let store = TestStore(initialState: DomTrail(), domain: DomCounter())
        let step = await store.send(.go) { $0.count = 1 }
        #expect(step.outcome == .reduced)
        await store.send(.load)
        await store.receive(.loaded(7)) { $0.count = 7 }
        await store.finish()
    }

    @Test func aDomainsChildrenWriteTheStoresStateInPlace() {
        struct Big: Sendable { var items = Array(repeating: 0, count: 100_000) }
        struct BigDomain: ReducerDomain {
            var body: [Reducer<Big, Int>] {
                Reducer(id: "write", handlingAll: { state, index in state.items[index] += 1 })
                Reducer(id: "again", handlingAll: { state, index in state.items[index] += 1 })
            }
        }
        let store = Store(initialState: Big(), domain: BigDomain())
        let before = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        store.dispatch(5)
        let after = store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(store.state.items[5] == 2)
    }

    @Test func aDomainLiftsIntoAnEnumCaseAndItsEffectsEndWithTheCase() async {
        let clock = TestClock()
        let counterCase = Embedding<DomDestination, DomTrail>(extract: { if case .counter(let trail) = $0 { trail } else { nil } }, embed: DomDestination.counter)
        let slow = Reducer<DomTrail, DomAction>(id: "slow", reduction: { state, action in
            guard action == .stop else { return Reduction(.defaultNext) }
            return .next(.run { send in
                try await send.sleep(for: .seconds(1))
                send(.loaded(99))
            })
        })
        let reducers = DomCounter().lift(state: \DomScreen.destination, case: counterCase, action: Embedding(\.destination, embed: DomScreenAction.destination))
            + [slow.lift(state: \DomScreen.destination, case: counterCase, action: Embedding(\.destination, embed: DomScreenAction.destination))]
            + [Reducer(id: "close") { state, action in
                guard action == .close else { return .defaultNext }
                state.destination = nil
                return .next
            }]
        let store = TestStore(initialState: DomScreen(destination: .counter(DomTrail())), reducers: reducers, clock: clock)
        await store.send(.destination(.go)) { $0.destination = .counter(DomTrail(count: 1)) }
        await store.send(.destination(.stop))
        #expect(store.store.activeTaskCount == 1)
        await store.send(.close) { $0.destination = nil }
        await clock.advance(by: .seconds(2))
        // The case went away: its effect was cancelled, nothing it sends is reduced.
        await store.finish()
        #expect(store.store.activeTaskCount == 0)
    }
}

enum DomDestination: Equatable, Sendable {
    case counter(DomTrail)
    case other
}

struct DomScreen: Equatable, Sendable {
    var destination: DomDestination?
}

enum DomScreenAction: Equatable, Sendable {
    case destination(DomAction)
    case close

    var destination: DomAction? { if case .destination(let action) = self { action } else { nil } }
}
