import Observation
import Redux
import Testing

/// Quick probes of the member compare (to be folded into the rule-named suites).
@MainActor
struct CoreProbeTests {
    enum Phase: Equatable, Sendable { case idle, loaded(String), count(Int) }
    struct Big: Equatable, Sendable { var a = 0, b = 0, c = 0, d = 0, e = 0 }
    struct S: Sendable {
        var a = 0
        var b = 0
        var name = "x"
        var phase = Phase.idle
        var list: [Int] = []
        var big = Big()
        var flag = false
        var maybe: Int? = nil
        var computed: Int { a + b }
    }
    enum A: Sendable { case setA(Int), setB(Int), name(String), phase(Phase), append, bigE(Int), noop, maybe(Int?) }

    func makeStore() -> Store<S, A> {
        Store(initialState: S()) { state, action in
            switch action {
            case .setA(let v): state.a = v
            case .setB(let v): state.b = v
            case .name(let v): state.name = v
            case .phase(let v): state.phase = v
            case .append: state.list.append(1)
            case .bigE(let v): state.big.e = v
            case .noop: break
            case .maybe(let v): state.maybe = v
            }
        }
    }

    @MainActor
    final class Counter {
        var count = 0
        let read: @MainActor () -> Void
        init(_ read: @escaping @MainActor () -> Void) { self.read = read; register() }
        func register() {
            withObservationTracking { read() } onChange: { [weak self] in
                MainActor.assumeIsolated {
                    self?.count += 1
                    self?.register()
                }
            }
        }
    }

    func observe<T>(_ store: Store<S, A>, _ read: @escaping @MainActor (Store<S, A>) -> T) -> Counter {
        Counter { _ = read(store) }
    }

    @Test func probe() {
        let store = makeStore()
        let a = observe(store) { $0.a }
        let b = observe(store) { $0.b }
        let name = observe(store) { $0.name }
        let phase = observe(store) { $0.phase }
        let list = observe(store) { $0.list }
        let big = observe(store) { $0.big }
        let computed = observe(store) { $0.computed }
        let whole = observe(store) { $0.state }
        let phaseCase = observe(store) { $0.case(\.phase) }
        let maybe = observe(store) { $0.maybe }
        for v in 1...10 { store.dispatch(.setB(v)) }
        #expect(a.count == 0)
        #expect(b.count == 10)
        #expect(computed.count == 10)
        #expect(whole.count == 10)
        #expect(list.count == 10)
        #expect(name.count == 0 && phase.count == 0 && big.count == 0 && phaseCase.count == 0)
        store.dispatch(.setA(0))
        #expect(a.count == 0, "equal write")
        store.dispatch(.setA(1))
        #expect(a.count == 1)
        store.dispatch(.name("x"))
        #expect(name.count == 0)
        store.dispatch(.name("y"))
        #expect(name.count == 1)
        store.dispatch(.phase(.loaded("a")))
        store.dispatch(.phase(.loaded("b")))
        store.dispatch(.phase(.loaded("b")))
        #expect(phase.count == 2)
        #expect(phaseCase.count == 1)
        store.dispatch(.phase(.count(3)))
        #expect(phaseCase.count == 2)
        store.dispatch(.bigE(5))
        #expect(big.count == 1)
        store.dispatch(.noop)
        #expect(big.count == 1 && phase.count == 3 && a.count == 1)
        store.dispatch(.maybe(1)); store.dispatch(.maybe(nil)); store.dispatch(.maybe(nil)); store.dispatch(.maybe(2))
        #expect(maybe.count == 3)
    }
}
