import Observation
import Redux

// An observer of a store's `count`, for the counter and the pipe stores alike.

/// A state with a `count` an observer can read.
protocol CountedState: Sendable {
    var count: Int { get }
}

extension CounterState: CountedState {}
extension PipeState: CountedState {}

/// How an observer reads the store inside `withObservationTracking`.
enum ObservedRead: Sendable {
    /// `store.state`: the whole state.
    case state
    /// `store.count`, through the store's dynamic member lookup.
    case dynamicMember
}

/// Observes a store with `withObservationTracking` and records `store.count` as read from inside
/// each `onChange`. With `renewing` (the default), it registers again from inside `onChange`,
/// synchronously, so it sees every notification the store issues; `reaction` runs inside each
/// `onChange` after the read (a test dispatches from it).
///
/// It holds neither the store nor itself strongly from the store's side: the store's registrar
/// keeps the `onChange` closure until the next change, so a strong capture there would keep the
/// observer, and through it the store, alive for good.
@MainActor
final class CountObserver<State: CountedState, Action: Sendable> {
    typealias ObservedStore = Store<State, Action>

    private weak var store: ObservedStore?
    private let read: ObservedRead
    private let renewing: Bool
    private let reaction: (@MainActor (ObservedStore) -> Void)?
    /// `store.count` as read inside each `onChange`, one entry per notification.
    private(set) var seen: [Int] = []

    init(
        _ store: ObservedStore,
        read: ObservedRead = .state,
        renewing: Bool = true,
        reaction: (@MainActor (ObservedStore) -> Void)? = nil
    ) {
        self.store = store
        self.read = read
        self.renewing = renewing
        self.reaction = reaction
        register()
    }

    var notifications: Int { seen.count }

    private func register() {
        guard let store else { return }
        withObservationTracking {
            switch read {
            case .state: _ = store.state
            case .dynamicMember: _ = store.count
            }
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.changed() }
        }
    }

    private func changed() {
        guard let store else { return }
        seen.append(store.count)
        reaction?(store)
        if renewing { register() }
    }
}
