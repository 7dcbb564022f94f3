import Foundation
import Redux

/// What a ``ResolverHarness`` learns from the log of the store one run builds. The run's action
/// is the first one enqueued (nothing else is dispatched before it).
///
/// Isolation: main actor; fed synchronously by the store's `onLog`, in pipeline order.
@MainActor
final class ResolverHarnessRecorder<Action: Sendable> {
    private(set) var run: ResolverRun<Action>
    /// Whether the error is raised inside the action's pass (a middleware's), so that what the
    /// run's own sequence reduces is the resolver's recovery.
    private let raisedInPass: Bool
    private var runSequence: UInt64?
    /// The `.enqueued` event just before the current one, if the current one follows it
    /// immediately: an effect error's `.reduceAs` recovery is enqueued right before the
    /// `.effectErrorResolved` event.
    private var justEnqueued: UInt64?
    private var recoverySequence: UInt64?

    init(action: Action, origin: ErrorOrigin, raisedInPass: Bool) {
        self.run = ResolverRun(action: action, origin: origin)
        self.raisedInPass = raisedInPass
    }

    func record(_ event: LogEvent<Action>) {
        let previous = justEnqueued
        justEnqueued = nil
        switch event.kind {
        case .enqueued:
            guard let runSequence else {
                runSequence = event.sequence
                return
            }
            guard event.sequence != runSequence else { return }
            run.dispatched.append(event.action)
            justEnqueued = event.sequence
        case let .resolver(_, exit):
            if event.sequence == runSequence { run.exit = exit }
        case .effectErrorResolved(let resolution):
            guard event.sequence == runSequence else { return }
            run.resolution = resolution
            if case .enqueued = resolution, let previous {
                run.dispatched.removeLast()
                recoverySequence = previous
            }
        case .reducer:
            if (raisedInPass && event.sequence == runSequence) || event.sequence == recoverySequence {
                run.reduced = event.action
            }
        case .terminal(let outcome):
            if event.sequence == runSequence { run.outcome = outcome }
        default:
            break
        }
    }
}

/// Fires once: the component that raises the harness's error does it for the run's action only,
/// never for what the resolver dispatches or recovers with. Thread-safe (a reducer's body is
/// not main-actor isolated); `@unchecked Sendable` because `fired` is touched only under `lock`.
final class HarnessTrigger: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    /// `true` the first time only.
    func fire() -> Bool {
        lock.withLock {
            defer { fired = true }
            return !fired
        }
    }
}
