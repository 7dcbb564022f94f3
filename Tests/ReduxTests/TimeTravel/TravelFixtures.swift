import Foundation
import Redux
import ReduxTesting

/// A counter with a log of what it reduced, and actions for the time-travel and recorder tests.
struct Trip: Codable, Equatable, Sendable {
    var count = 0
    var seen: [String] = []
}

enum TripAction: Codable, Equatable, Sendable, ActionIdentifiable {
    case add(Int)
    case tick(Int)
    case startTimer
    case stopTimer
    case echo
    case note(String)

    var actionIdentity: ActionIdentity {
        switch self {
        case .add: "add"
        case .tick: "tick"
        case .startTimer: "startTimer"
        case .stopTimer: "stopTimer"
        case .echo: "echo"
        case .note: "note"
        }
    }
}

/// `.add(n)` adds n; `.tick(n)` appends "tick n"; `.startTimer` starts a 1 s timer sending
/// `.tick(1)`, `.tick(2)`, … (cancellable as "timer"); `.echo` sends `.note("echo")` at once;
/// `.note(s)` appends s.
let tripReducer = Reducer<Trip, TripAction>(id: "trip", effects: { state, action in
    switch action {
    case .add(let amount):
        state.count += amount
        return .none
    case .tick(let n):
        state.seen.append("tick \(n)")
        return .none
    case .startTimer:
        return Effect.timer(every: .seconds(1)) { n in .tick(n) }.cancellable(id: "timer")
    case .stopTimer:
        return .cancel(id: "timer")
    case .echo:
        return .send(.note("echo"))
    case .note(let text):
        state.seen.append(text)
        return .none
    }
})

@MainActor
func makeTripStore(
    clock: TestClock = TestClock(),
    middlewares: [Middleware<Trip, TripAction>] = [],
    onLog: Store<Trip, TripAction>.LogHandler? = nil
) -> Store<Trip, TripAction> {
    Store(initialState: Trip(), reducers: [tripReducer], middlewares: middlewares, options: StoreOptions(clock: clock), onLog: onLog)
}

/// A fixed start date for reproducible timestamps: 2026-01-01T00:00:00Z.
let recordingStart = Date(timeIntervalSince1970: 1_767_225_600)
