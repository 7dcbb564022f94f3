/// Thrown by ``Store/settled(timeout:)`` when the store was still busy when the timeout passed.
public struct SettleTimeoutError: Error, Sendable, CustomStringConvertible {
    /// The timeout that passed.
    public let timeout: Duration
    /// Actions (and resumptions, task errors) still waiting in the queue at that moment.
    public let queuedActions: Int
    /// Store-owned `.task` and `.deferred` work still running at that moment.
    public let runningTasks: Int

    /// Creates the error.
    public init(timeout: Duration, queuedActions: Int, runningTasks: Int) {
        self.timeout = timeout
        self.queuedActions = queuedActions
        self.runningTasks = runningTasks
    }

    public var description: String {
        "store not settled after \(timeout): \(queuedActions) queued, \(runningTasks) running"
    }
}
