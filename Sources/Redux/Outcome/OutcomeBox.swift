import Foundation

/// Storage for one tracked action's outcome and the tasks awaiting it.
///
/// Thread-safe (an `NSLock` guards the outcome and the waiters). The first `resolve` wins; later
/// ones are ignored, so every path may try to answer without coordinating.
@usableFromInline
final class OutcomeBox<Action: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: DispatchOutcome<Action>?
    private var waiters: [UInt64: CheckedContinuation<DispatchOutcome<Action>, any Error>] = [:]
    private var cancelledWaiters: Set<UInt64> = []
    private var nextWaiter: UInt64 = 0

    /// The dispatch's sequence number, as carried by its log events.
    private var observers: [@Sendable (DispatchOutcome<Action>) -> Void] = []
    /// The effects this dispatch started, created when the first one starts.
    private var effects: EffectGroup?
    /// For a ticket mapped to a child's action type: the box whose effects it shares.
    private let effectsSource: (@Sendable () -> EffectGroup?)?
    /// For a mapped ticket: cancels the effects of the box it shares them with.
    private let cancelSource: (@Sendable () -> Void)?

    @usableFromInline let sequence: UInt64

    @usableFromInline init(sequence: UInt64) {
        self.sequence = sequence
        self.effectsSource = nil
        self.cancelSource = nil
    }

    init<Parent: Sendable>(sequence: UInt64, effectsOf parent: OutcomeBox<Parent>) {
        self.sequence = sequence
        self.effectsSource = { parent.existingEffects }
        self.cancelSource = { parent.cancelEffects() }
    }

    /// Cancels this dispatch's own effects — those running and those it starts later: the
    /// group is made now if no effect started yet (the action may still be queued), so a later
    /// effect of this dispatch is refused when it tries to join it.
    func cancelEffects() {
        if let cancelSource {
            cancelSource()
            return
        }
        effectGroup.cancel()
    }

    /// The group of this dispatch's effects, created on first use.
    @usableFromInline
    var effectGroup: EffectGroup { effectGroup(parent: nil) }

    /// The group of this dispatch's effects, created on first use inside `parent` (the group of
    /// the effect that sent this tracked action).
    @usableFromInline
    func effectGroup(parent: EffectGroup?) -> EffectGroup {
        lock.lock()
        defer { lock.unlock() }
        if let effects { return effects }
        let group = EffectGroup(parent: parent)
        effects = group
        return group
    }

    /// The group if an effect ever started for this dispatch.
    var existingEffects: EffectGroup? {
        if let effectsSource { return effectsSource() }
        return lock.withLock { effects }
    }

    /// Calls `observer` with the outcome once it is known (at once if it already is).
    func whenResolved(_ observer: @escaping @Sendable (DispatchOutcome<Action>) -> Void) {
        lock.lock()
        if let outcome {
            lock.unlock()
            observer(outcome)
            return
        }
        observers.append(observer)
        lock.unlock()
    }

    /// The outcome, if the action already reached its terminal.
    var current: DispatchOutcome<Action>? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }

    /// Records `value` and resumes every waiter, unless an outcome was already recorded.
    @usableFromInline
    func resolve(_ value: DispatchOutcome<Action>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = value
        let resumed = waiters
        waiters = [:]
        let told = observers
        observers = []
        lock.unlock()
        for continuation in resumed.values { continuation.resume(returning: value) }
        for observer in told { observer(value) }
    }

    /// Waits for the outcome; throws `CancellationError` if the waiting task is cancelled.
    func wait() async throws -> DispatchOutcome<Action> {
        let (known, token) = lock.withLock { () -> (DispatchOutcome<Action>?, UInt64) in
            nextWaiter += 1
            return (outcome, nextWaiter)
        }
        if let known { return known }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let outcome {
                    lock.unlock()
                    continuation.resume(returning: outcome)
                } else if cancelledWaiters.remove(token) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[token] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let continuation = waiters.removeValue(forKey: token)
            if continuation == nil && outcome == nil { cancelledWaiters.insert(token) }
            lock.unlock()
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// The store-side reference to an ``OutcomeBox``: whoever holds it owes the action an outcome.
///
/// If the last holder lets it go without resolving (a queue entry discarded with its store, a
/// `.deferred` handler cancelled before it could resume), its deinitializer answers
/// ``DispatchOutcome/cancelled``, so an awaiting caller never hangs.
@usableFromInline
final class OutcomePromise<Action: Sendable>: Sendable {
    @usableFromInline let box: OutcomeBox<Action>

    @usableFromInline init(box: OutcomeBox<Action>) { self.box = box }

    @inlinable func resolve(_ outcome: DispatchOutcome<Action>) { box.resolve(outcome) }

    deinit { box.resolve(.cancelled) }
}
