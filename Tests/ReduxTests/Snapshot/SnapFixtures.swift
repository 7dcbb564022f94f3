import Redux

// A small counter store for the snapshot, broadcaster, driver and streamer tests.

struct SnapCounter: Sendable, Equatable {
    var count = 0
    var label = "start"
    var items: [Int] = []
}

enum SnapAction: Sendable, Equatable {
    case increment
    case add(Int)
    case label(String)
    case append(Int)
    case ignored
}

typealias SnapStore = Store<SnapCounter, SnapAction>
typealias SnapBroadcaster = StateBroadcaster<StoreSnapshot<SnapCounter, SnapAction>>

/// A counter store that does not print diagnostics (some tests dispatch to an invalidated store
/// on purpose). `onLog`, when given, records the log.
@MainActor
func makeSnapStore(onLog: SnapStore.LogHandler? = nil) -> SnapStore {
    Store(
        initialState: SnapCounter(),
        reducers: [
            Reducer(id: "snap") { state, action in
                switch action {
                case .increment: state.count += 1
                case .add(let amount): state.count += amount
                case .label(let label): state.label = label
                case .append(let item): state.items.append(item)
                case .ignored: return .defaultNext
                }
                return .next
            },
        ],
        options: StoreOptions(printsDiagnostics: false),
        onLog: onLog
    )
}

/// Yields until `condition` holds, or `patience` has passed (then `false`): a guard against a
/// hang, not a way of timing the store.
func snapWaitUntil(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: patience)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        await Task.yield()
    }
    return true
}

/// Gives the other tasks (the main actor's included) many turns, for "nothing arrives" checks.
func snapManyTurns(isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<1_000 { await Task.yield() }
}

/// `task`'s value, or `nil` if it did not finish within `patience` (a hang fails the test
/// instead of hanging it).
func snapValue<Success: Sendable>(of task: Task<Success, Never>) async -> Success? {
    let throwing = Task<Success, any Error> { await task.value }
    return try? await taskResult(of: throwing)?.get()
}
