import Redux

/// What a ``MiddlewareHarness`` learns from its private store's log: the runs (found by the
/// sequence number of their `.enqueued` event), what was dispatched, and the work started.
///
/// Isolation: main actor; fed synchronously by the store's `onLog`, in pipeline order.
@MainActor
final class MiddlewareHarnessRecorder<State: Sendable, Action: Sendable> {
    typealias Event = LogEvent<HarnessAction<State, Action>>

    private(set) var runs: [MiddlewareRun<Action>] = []
    private(set) var dispatched: [Action] = []
    private(set) var effectsStarted: [StartedEffect] = []

    /// Runs begun whose `.enqueued` event has not arrived yet, oldest first.
    private var pendingRuns: [Int] = []
    /// The run each sequence number belongs to.
    private var runBySequence: [UInt64: Int] = [:]

    /// Adds a run about to be dispatched; returns its index in ``runs``.
    func beginRun(_ action: Action) -> Int {
        runs.append(MiddlewareRun(action: action))
        pendingRuns.append(runs.count - 1)
        return runs.count - 1
    }

    func record(_ event: Event) {
        if case .enqueued = event.kind {
            switch event.action {
            case .run:
                if !pendingRuns.isEmpty { runBySequence[event.sequence] = pendingRuns.removeFirst() }
            case .emitted(let action):
                dispatched.append(action)
                if !runs.isEmpty { runs[runs.count - 1].dispatched.append(action) }
            case .replaceState:
                break
            }
            return
        }
        guard let index = runBySequence[event.sequence] else { return }
        switch event.kind {
        case let .middleware(step, exit):
            runs[index].exit = exit.translated(\.payload)
            switch exit {
            case .task: start(.task, origin: .effect(middlewareID: step.id, position: step.position), run: index)
            case .deferred: start(.deferred, origin: .middleware(id: step.id, position: step.position), run: index)
            default: break
            }
        case .effectStarted(let origin):
            start(.effect, origin: origin, run: index)
        case let .resumed(_, exit):
            runs[index].resumedExit = exit.translated(\.payload)
        case .reducer:
            runs[index].reduced = event.action.payload
        case .terminal(let outcome):
            runs[index].outcome = outcome.translated(\.payload)
        case let .effectFailed(origin, error):
            runs[index].failedEffects.append(FailedEffect(origin: origin, error: error))
        default:
            break
        }
    }

    private func start(_ kind: StartedEffect.Kind, origin: ErrorOrigin, run index: Int) {
        let started = StartedEffect(kind, origin: origin)
        effectsStarted.append(started)
        runs[index].effectsStarted.append(started)
    }
}
