/// What a store keeps for work in flight, counted for debugging: store-owned tasks, the
/// cancellation ids they are registered under, open throttle windows, child instances whose
/// work is tracked, and actions suspended in `.deferred` handlers.
///
/// Every count is back to zero once no work runs: nothing is kept per action, per finished
/// effect, or for a child instance that went away (showing and removing children many times
/// leaves nothing behind). A snapshot; the counts may change right after it is taken.
public struct StoreBookkeeping: Hashable, Sendable, CustomStringConvertible {
    /// Runtime task entries: running tasks, and finished ones whose sent actions are still queued.
    public let tasks: Int
    /// Cancellation ids (``Effect/cancellable(id:cancelInFlight:)``) with work registered under them.
    public let cancellationIDs: Int
    /// Open ``Effect/throttle(id:for:latest:)`` windows.
    public let throttleWindows: Int
    /// Lifted child instances with work in flight (see <doc:Composition>).
    public let childInstances: Int
    /// Actions suspended in `.deferred` handlers.
    public let suspendedActions: Int

    /// Creates a snapshot (for tests that compare one).
    public init(tasks: Int, cancellationIDs: Int, throttleWindows: Int, childInstances: Int, suspendedActions: Int) {
        self.tasks = tasks
        self.cancellationIDs = cancellationIDs
        self.throttleWindows = throttleWindows
        self.childInstances = childInstances
        self.suspendedActions = suspendedActions
    }

    /// Whether every count is zero.
    public var isEmpty: Bool {
        tasks == 0 && cancellationIDs == 0 && throttleWindows == 0 && childInstances == 0 && suspendedActions == 0
    }

    /// Every count, named: `tasks 1, cancellation ids 1, throttle windows 0, ...`.
    public var description: String {
        "tasks \(tasks), cancellation ids \(cancellationIDs), throttle windows \(throttleWindows), child instances \(childInstances), suspended actions \(suspendedActions)"
    }
}

extension Store {
    /// What the store keeps for work in flight right now (see ``StoreBookkeeping``). Thread-safe.
    public nonisolated var bookkeeping: StoreBookkeeping {
        let tables = runtime.tableCounts
        return StoreBookkeeping(
            tasks: tables.tasks,
            cancellationIDs: tables.ids,
            throttleWindows: throttles.count,
            childInstances: instances.count,
            suspendedActions: suspended.count
        )
    }
}
