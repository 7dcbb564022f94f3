import Foundation
@testable import Redux
import ReduxTesting

// Fixtures for the pressure diagnostics tests.

/// Actions with an identity of their own: `.tick(n)` is `tick.n`, so a test can make as many
/// distinct identities as it likes without reflection.
enum PressureAction: Sendable, Equatable, ActionIdentifiable, CustomStringConvertible {
    case ping
    case pong
    case tick(Int)
    /// The reducer starts an effect that sends `.ping` this many times.
    case burst(Int)
    /// The `relay` middleware dispatches `.ping` this many times through its context.
    case relay(Int)

    var actionIdentity: ActionIdentity {
        switch self {
        case .ping: "ping"
        case .pong: "pong"
        case .tick(let n): ActionIdentity("tick.\(n)")
        case .burst: "burst"
        case .relay: "relay"
        }
    }

    var description: String {
        switch self {
        case .ping: "ping"
        case .pong: "pong"
        case .tick(let n): "tick(\(n))"
        case .burst(let n): "burst(\(n))"
        case .relay(let n): "relay(\(n))"
        }
    }
}

struct PressureState: Sendable {
    var received: [PressureAction] = []
}

typealias PressureStore = Store<PressureState, PressureAction>

/// A store that records every action it reduces, with pressure diagnostics `settings`, a log
/// recorder (or none) and diagnostic lines captured in `lines`.
@MainActor
func pressureStore(
    _ settings: PressureDiagnostics? = PressureDiagnostics(window: .seconds(10), threshold: 3, cooldown: .seconds(30)),
    clock: TestClock = TestClock(),
    recorder: LogRecorder<PressureAction>? = nil,
    lines: SharedList<String> = SharedList<String>()
) -> PressureStore {
    var options = StoreOptions(clock: clock, pressureDiagnostics: settings)
    options.diagnosticSink = DiagnosticSink { lines.append($0) }
    let record = Reducer<PressureState, PressureAction>(id: "record", effects: { state, action in
        state.received.append(action)
        if case .burst(let count) = action {
            return .run { send in
                for _ in 0..<count { send(.ping) }
            }
        }
        return .none
    })
    let relay = Middleware<PressureState, PressureAction>(id: "relay") { context in
        if case .relay(let count) = context.action {
            for _ in 0..<count { context.dispatch(.ping) }
        }
        return .next
    }
    return PressureStore(initialState: PressureState(), reducers: [record], middlewares: [relay], options: options, onLog: recorder?.handler)
}

extension LogRecorder where Action == PressureAction {
    /// The `.highFrequencyAction` events, in delivery order.
    var pressureWarnings: [LogEvent<PressureAction>] {
        events.filter { event in
            if case .highFrequencyAction = event.kind { true } else { false }
        }
    }
}
