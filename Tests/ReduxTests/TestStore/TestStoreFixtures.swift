import Foundation
import ReduxTesting

/// A small feature with every kind of work the TestStore must follow: a long-lived timer, a
/// `.deferred` fetch on the clock, a middleware dispatch, a task error a resolver recovers, a
/// synchronous failure a resolver recovers, and one nobody recovers.
struct WorkState: Equatable, Sendable {
    var count = 0
    var fetched: Int?
    var log: [String] = []
}

enum WorkAction: Equatable, Sendable {
    case startTimer, stopTimer, tick
    case fetch, fetched(Int)
    case ping, pong
    case save, saveFailed(String)
    case risky, recoveredRisky
    case broken
    case hang
    case increment
}

struct WorkError: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { "WorkError(\(reason))" }
}

let workReducer = Reducer<WorkState, WorkAction>(id: "work", effects: { state, action in
    switch action {
    case .startTimer:
        return .run { send in
            while true {
                try await send.sleep(for: .seconds(1))
                send(.tick)
            }
        }.cancellable(id: "timer")
    case .stopTimer:
        return .cancel(id: "timer")
    case .tick, .increment:
        state.count += 1
    case .fetched(let value):
        state.fetched = value
    case .pong:
        state.log.append("pong")
    case .saveFailed(let reason):
        state.log.append("save failed: \(reason)")
    case .recoveredRisky:
        state.log.append("recovered")
    case .fetch, .ping, .save, .risky, .broken, .hang:
        break
    }
    return .none
})

/// `.hang`'s task waits on `hang` (real-time work: the store is never quiescent meanwhile).
func workMiddleware(hang: Gate = Gate()) -> Middleware<WorkState, WorkAction> {
    Middleware(id: "work") { context in
        switch context.action {
        case .fetch:
            return .deferred { effect in
                try await effect.sleep(for: .seconds(2))
                return .nextAs(.fetched(42))
            }
        case .ping:
            context.dispatch(.pong)
            return .next
        case .save:
            return .task { _ in throw WorkError(reason: "disk full") }
        case .risky:
            return .exit(.resolve(WorkError(reason: "risky")))
        case .broken:
            return .exit(.resolve(WorkError(reason: "broken")))
        case .hang:
            return .task { effect in
                await hang.wait()
                effect.dispatch(.increment)
            }
        default:
            return .next
        }
    }
}

let workResolver = Resolver<WorkState, WorkAction>(id: "work") { context in
    guard let error = context.error as? WorkError else { return .defaultNext }
    switch error.reason {
    case "disk full": return .exit(.reduceAs(.saveFailed(error.reason)))
    case "risky": return .exit(.reduceAs(.recoveredRisky))
    default: return .defaultNext
    }
}

@MainActor
func makeWorkStore(clock: TestClock = TestClock(), hang: Gate = Gate(), exhaustivity: Exhaustivity = .on) -> TestStore<WorkState, WorkAction> {
    TestStore(
        initialState: WorkState(), reducers: [workReducer], middlewares: [workMiddleware(hang: hang)],
        resolvers: [workResolver], clock: clock, exhaustivity: exhaustivity
    )
}
