import Foundation
import Redux
import Synchronization

/// Mode `cancel-before-start`: holds every thread of the cooperative pool (one blocking task per
/// processor), then dispatches `start`, whose reducer returns a cancellable `.run` and a
/// top-level `.send("stop")`, whose reducer cancels it, all in the one dispatch call — so the
/// cancel is processed before the effect's task could start. Then lets the pool go and waits
/// (bounded, 60 s) for the task to end. Prints `ran <before release> <after the task ended>`,
/// `state <actions reduced>` and `tasks <store-owned tasks left>`.
///
/// In a child process because holding the whole pool inside the test process would stall every
/// other test running beside it (one that blocks the main actor while it waits for a task would
/// deadlock with it until both time out).
/// The flags the probe's tasks and the main thread share.
private final class PoolFlags: Sendable {
    let ran = Atomic<Bool>(false)
    let held = Atomic<Int>(0)
    let released = Atomic<Bool>(false)
}

@MainActor
func cancelBeforeStart() {
    let flags = PoolFlags()
    let store = Store<[String], String>(initialState: [], reducers: [
        Reducer(id: "fx", effects: { state, action in
            state.append(action)
            switch action {
            case "start":
                return .merge(
                    .run { send in
                        flags.ran.store(true, ordering: .sequentiallyConsistent)
                        send("sent")
                    }.cancellable(id: "early"),
                    .send("stop")
                )
            case "stop":
                return .cancel(id: "early")
            default:
                return .none
            }
        }),
    ])
    let width = ProcessInfo.processInfo.activeProcessorCount
    for _ in 0..<width {
        Task.detached {
            flags.held.add(1, ordering: .sequentiallyConsistent)
            while !flags.released.load(ordering: .sequentiallyConsistent) { usleep(100) }
        }
    }
    let deadline = Date().addingTimeInterval(60)  // a hang guard: every wait below ends on its condition
    while flags.held.load(ordering: .sequentiallyConsistent) < width, Date() < deadline { usleep(100) }
    store.dispatch("start")
    let ranBeforeRelease = flags.ran.load(ordering: .sequentiallyConsistent)
    flags.released.store(true, ordering: .sequentiallyConsistent)
    while store.activeTaskCount > 0, Date() < deadline { usleep(100) }
    print("ran \(ranBeforeRelease) \(flags.ran.load(ordering: .sequentiallyConsistent))")
    print("state \(store.state.joined(separator: " "))")
    print("tasks \(store.activeTaskCount)")
}
