import Foundation

/// The open throttle windows of one store, by throttle id (see
/// ``Effect/throttle(id:for:latest:)``). A window exists from the delivery that opened it until
/// a window ends with nothing pending; then its entry is removed, so nothing is left behind.
/// Thread-safe (`NSLock`).
///
/// A held action belongs to its sender's effect group (a tracked dispatch's
/// ``DispatchTicket/waitForEffects()`` waits for it) until it is delivered or dropped; the
/// window itself belongs to no dispatch.
@usableFromInline
final class ThrottleGates<Action: Sendable>: @unchecked Sendable {
    struct Pending {
        let action: Action
        /// Where the effect sent it: the call site its dispatch names when the window delivers it.
        let site: CallSite
        let promise: OutcomePromise<Action>?
        /// The effect that sent it: its task's token, or its group's token for a send made in
        /// the producing pass; `nil` for an ungrouped send in the pass.
        let sender: EffectToken?

        /// Its sender was cancelled (by id, or by cancelling the wait on the effects of the
        /// action that started it) while it was held.
        var isCancelled: Bool {
            guard let sender else { return false }
            return sender.isCancelled || sender.group?.hasBeenCancelled == true
        }

        /// Answers its ticket and lets its sender's group go on without it.
        func drop() {
            promise?.resolve(.cancelled)
            sender?.group?.actionEnded()
        }
    }

    private struct Window {
        let generation: UInt64
        var pending: Pending?
    }

    @usableFromInline
    enum Offer {
        /// No window was open: deliver the action now; a window opened, whose timer the caller
        /// starts; `generation` names this window's run until it closes.
        case deliverAndOpen(generation: UInt64)
        /// A window is open: the action was kept as pending (counted in its sender's group) or
        /// dropped (its ticket answered).
        case held
    }

    private let lock = NSLock()
    private var windows: [EffectID: Window] = [:]
    private var nextGeneration: UInt64 = 0

    var count: Int { lock.withLock { windows.count } }

    @usableFromInline
    func offer(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, sender: EffectToken?, id: EffectID, latest: Bool) -> Offer {
        lock.lock()
        guard var window = windows[id] else {
            nextGeneration += 1
            let generation = nextGeneration
            windows[id] = Window(generation: generation)
            lock.unlock()
            return .deliverAndOpen(generation: generation)
        }
        let offered = Pending(action: action, site: site, promise: promise, sender: sender)
        let replaced: Pending?
        if window.pending == nil || latest {
            replaced = window.pending
            window.pending = offered
            // Counted before the lock is released: the window's end cannot drop it uncounted.
            sender?.group?.actionSent()
        } else {
            replaced = nil
            offered.promise?.resolve(.cancelled)
        }
        windows[id] = window
        lock.unlock()
        replaced?.drop()
        return .held
    }

    /// The window `id` ends: returns the pending action, which opens the next window, or `nil`,
    /// and the window is closed. A pending action whose sender was cancelled meanwhile is
    /// dropped, and the window closes as if nothing were pending.
    func windowEnded(_ id: EffectID, generation: UInt64) -> Pending? {
        lock.lock()
        guard let window = windows[id], window.generation == generation else {
            lock.unlock()
            return nil
        }
        if let pending = window.pending, !pending.isCancelled {
            windows[id] = Window(generation: generation)
            lock.unlock()
            return pending
        }
        windows.removeValue(forKey: id)
        lock.unlock()
        window.pending?.drop()
        return nil
    }

    /// Closes window `id`, dropping its pending action (``Effect/cancel(id:)``, or its timer
    /// could not run).
    func remove(_ id: EffectID) {
        let window = lock.withLock { windows.removeValue(forKey: id) }
        window?.pending?.drop()
    }

    /// Closes window `id` if it is still the run `generation` (its timer ended early).
    func remove(_ id: EffectID, generation: UInt64) {
        let window = lock.withLock { () -> Window? in
            guard windows[id]?.generation == generation else { return nil }
            return windows.removeValue(forKey: id)
        }
        window?.pending?.drop()
    }

    func removeAll() {
        let all = lock.withLock {
            defer { windows = [:] }
            return windows
        }
        for window in all.values { window.pending?.drop() }
    }
}
