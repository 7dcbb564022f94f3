import Foundation

/// The open throttle windows of one store, by throttle id (see
/// ``Effect/throttle(id:for:latest:)``). A window exists from the delivery that opened it until
/// a window ends with nothing pending; then its entry is removed, so nothing is left behind.
/// Thread-safe (`NSLock`).
final class ThrottleGates<Action: Sendable>: @unchecked Sendable {
    struct Pending {
        let action: Action
        let promise: OutcomePromise<Action>?
    }

    private struct Window {
        let generation: UInt64
        var pending: Pending?
    }

    enum Offer {
        /// No window was open: deliver the action now; a window opened, whose timer the caller
        /// starts; `generation` names this window's run until it closes.
        case deliverAndOpen(generation: UInt64)
        /// A window is open: the action was kept as pending or dropped (its ticket answered).
        case held
    }

    private let lock = NSLock()
    private var windows: [EffectID: Window] = [:]
    private var nextGeneration: UInt64 = 0

    var count: Int { lock.withLock { windows.count } }

    func offer(_ action: Action, promise: OutcomePromise<Action>?, id: EffectID, latest: Bool) -> Offer {
        lock.lock()
        guard var window = windows[id] else {
            nextGeneration += 1
            let generation = nextGeneration
            windows[id] = Window(generation: generation)
            lock.unlock()
            return .deliverAndOpen(generation: generation)
        }
        var dropped: OutcomePromise<Action>?
        if window.pending == nil || latest {
            dropped = window.pending?.promise
            window.pending = Pending(action: action, promise: promise)
        } else {
            dropped = promise
        }
        windows[id] = window
        lock.unlock()
        dropped?.resolve(.cancelled)
        return .held
    }

    /// The window `id` ends: returns the pending action, which opens the next window, or `nil`,
    /// and the window is closed.
    func windowEnded(_ id: EffectID, generation: UInt64) -> Pending? {
        lock.lock()
        defer { lock.unlock() }
        guard let window = windows[id], window.generation == generation else { return nil }
        if let pending = window.pending {
            windows[id] = Window(generation: generation)
            return pending
        }
        windows.removeValue(forKey: id)
        return nil
    }

    /// Closes window `id`, dropping its pending action (``Effect/cancel(id:)``, or its timer
    /// could not run).
    func remove(_ id: EffectID) {
        let window = lock.withLock { windows.removeValue(forKey: id) }
        window?.pending?.promise?.resolve(.cancelled)
    }

    /// Closes window `id` if it is still the run `generation` (its timer ended early).
    func remove(_ id: EffectID, generation: UInt64) {
        let window = lock.withLock { () -> Window? in
            guard windows[id]?.generation == generation else { return nil }
            return windows.removeValue(forKey: id)
        }
        window?.pending?.promise?.resolve(.cancelled)
    }

    func removeAll() {
        let all = lock.withLock {
            defer { windows = [:] }
            return windows
        }
        for window in all.values { window.pending?.promise?.resolve(.cancelled) }
    }
}
