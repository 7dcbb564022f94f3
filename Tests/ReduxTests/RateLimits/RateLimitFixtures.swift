import Foundation
@testable import Redux
import ReduxTesting

/// What a row's child pipeline handles.
enum LimitRowAction: Sendable, Equatable {
    case save
    case delete
    case touch
}

struct LimitRow: Sendable, Identifiable, Equatable, Encodable {
    let id: Int
    var touches = 0
}

/// The rate-limit tests' actions. Not `ActionIdentifiable`: identities are reflected
/// (`increment`, `rows.element.save`, `tick`).
enum LimitAction: Sendable, Equatable {
    case increment
    case burst
    case rows(ElementAction<Int, LimitRowAction>)
    case tick(Int)
}

/// An action whose identity comes from its payload: `.tick(7)` is `tick.7`.
enum TickAction: Sendable, Equatable, ActionIdentifiable {
    case tick(Int)

    var actionIdentity: ActionIdentity {
        switch self {
        case .tick(let number): ActionIdentity("tick.\(number)")
        }
    }
}

struct LimitState: Sendable, Equatable, Encodable {
    var count = 0
    var ticks = 0
    var rows: IdentifiedArray<LimitRow> = [LimitRow(id: 1), LimitRow(id: 2), LimitRow(id: 3)]
}

let limitRowActions = Embedding<LimitAction, ElementAction<Int, LimitRowAction>>(
    extract: { if case .rows(let action) = $0 { action } else { nil } },
    embed: { .rows($0) }
)

/// A store counting increments and ticks; `middlewares` run before its reducer.
@MainActor
func makeLimitStore(
    clock: any Clock<Duration> = TestClock(),
    middlewares: [Middleware<LimitState, LimitAction>] = [],
    recorder: LogRecorder<LimitAction>? = nil,
    diagnostics: DiagnosticLines? = nil
) -> Store<LimitState, LimitAction> {
    Store(
        initialState: LimitState(),
        reducers: [Reducer(id: "limits", handlingAll: { state, action in
            switch action {
            case .increment: state.count += 1
            case .tick: state.ticks += 1
            case .rows(.element(let id, .touch)): state.rows[id: id]?.touches += 1
            default: break
            }
        })],
        middlewares: middlewares,
        options: diagnostics?.options(clock: clock) ?? StoreOptions(clock: clock),
        onLog: recorder?.handler
    )
}

/// A middleware that, for `.burst`, runs `body` with its context (the burst's dispatches are
/// made while the store is busy with `.burst`).
func burstMiddleware(_ body: @escaping @MainActor (MiddlewareContext<LimitState, LimitAction>) -> Void) -> Middleware<LimitState, LimitAction> {
    Middleware(id: "burst") { context in
        if context.action == .burst { body(context) }
        return .next
    }
}

extension DispatchOutcome {
    /// Whether this is `.refused(.rateLimited)`.
    var isRateLimited: Bool {
        if case .refused(.rateLimited) = self { return true }
        return false
    }
}
