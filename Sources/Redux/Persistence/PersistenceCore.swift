import Foundation

/// A ``Persistence``'s mutable state, behind its lock.
struct PersistenceCore<State: Sendable> {
    var status: PersistenceStatus = .notAttached
    /// Set when a store starts attaching; cleared again if its initializer throws.
    var isAttached = false
    /// The file's lock is held (from the restore until invalidation or release).
    var holdsLock = false
    var saveCount = 0
    var lastError: PersistenceError?
    /// A save is scheduled: the store's timer task sleeps until it is due.
    var isScheduled = false
    /// The last save failed: the state it carried is still to be written, so the next save
    /// (timer, ``Persistence/flush()``, invalidation, release) writes even if none is scheduled.
    var retryPending = false
    /// The scheduled save's timer task.
    var timer: EffectToken?
    /// The store's current state, read on the main actor (`nil` once the store is gone).
    var currentState: (@MainActor @Sendable () -> State?)?
    /// The store's diagnostics (debug builds; `nil` when off).
    var diagnostics: DiagnosticSink?
}
