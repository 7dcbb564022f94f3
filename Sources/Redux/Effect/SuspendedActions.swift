import Foundation

/// The actions currently suspended in a `.deferred` handler, so that invalidation or release can
/// answer them at once, without waiting for a handler that may ignore cancellation.
///
/// Whoever removes an entry first owns its outcome: the handler's completion (which then queues
/// the resumption) or the store's shutdown (which answers `.cancelled`). Thread-safe (`NSLock`).
@usableFromInline
final class SuspendedActions<State: Sendable, Action: Sendable>: @unchecked Sendable {
    struct Suspended {
        let sequence: UInt64
        let action: Action
        let promise: OutcomePromise<Action>?
        /// The run's record, when a middleware started a `.task` in it: task errors parked there
        /// are dropped with the action.
        let record: RunRecord<State, Action>?
    }

    private let lock = NSLock()
    private var entries: [UInt64: Suspended] = [:]
    private var nextToken: UInt64 = 0
    private var delivering = 0

    init() {}

    /// Records a suspended action; returns the token its handler uses to claim it back.
    func register(sequence: UInt64, action: Action, promise: OutcomePromise<Action>?, record: RunRecord<State, Action>?) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextToken += 1
        entries[nextToken] = Suspended(sequence: sequence, action: action, promise: promise, record: record)
        return nextToken
    }

    /// Claims the entry back for its resumption; `false` if shutdown already answered it. A
    /// successful claim counts as a delivery in flight until ``delivered()``.
    func claim(_ token: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard entries.removeValue(forKey: token) != nil else { return false }
        delivering += 1
        return true
    }

    /// The claimed resumption reached the inbox (or was refused and answered).
    func delivered() {
        lock.withLock { delivering -= 1 }
    }

    /// Whether a claimed resumption is on its way to the inbox: until it arrives, neither its
    /// ticket nor its log is final, so an invalidated store is not settled yet.
    var isDelivering: Bool {
        lock.withLock { delivering != 0 }
    }

    /// Removes and returns every suspended action, oldest first.
    /// Actions suspended now.
    var count: Int { lock.withLock { entries.count } }

    func removeAll() -> [Suspended] {
        lock.lock()
        defer { lock.unlock() }
        let all = entries.sorted { $0.key < $1.key }.map(\.value)
        entries = [:]
        return all
    }
}
