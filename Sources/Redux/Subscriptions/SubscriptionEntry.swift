import Foundation
import Synchronization

/// One subscription of a ``SubscriptionList``: its cancellation flag (any thread), its weak
/// owner, and the typed closures that compare and deliver its selection (main actor only).
final class SubscriptionEntry: @unchecked Sendable {
    /// What the entry is, for the counts.
    enum Role { case selection, stream }

    private let cancelled = Atomic<Bool>(false)
    /// The owner of a `.weak(owner)` subscription; `nil` for the others.
    weak let owner: AnyObject?
    let hasWeakOwner: Bool
    let role: Role
    /// The list the entry belongs to, told of cancellations; weak, so that a token does not
    /// keep a released store's list alive.
    weak let list: SubscriptionList?
    /// For a `.probe` watch: compares the selection now with the last one delivered (base: the
    /// state's address) and keeps what it will deliver; `true` when it is to be delivered.
    /// Main actor only; released with ``releaseCallbacks()``.
    @exclusivity(unchecked) private(set) var probe: ((UnsafeRawPointer) -> Bool)?
    /// Delivers the selection now (base: the state's address). Main actor only; released with
    /// ``releaseCallbacks()``.
    @exclusivity(unchecked) private(set) var deliver: (UnsafeRawPointer) -> Void

    init(
        role: Role,
        owner: SubscriptionOwner?,
        list: SubscriptionList,
        probe: ((UnsafeRawPointer) -> Bool)?,
        deliver: @escaping (UnsafeRawPointer) -> Void
    ) {
        self.role = role
        if case .weak(let object)? = owner {
            self.owner = object
            self.hasWeakOwner = true
        } else {
            self.owner = nil
            self.hasWeakOwner = false
        }
        self.list = list
        self.probe = probe
        self.deliver = deliver
    }

    /// Drops the closures (and what they capture) of an entry its list dropped, so that a
    /// callback holding its own token (`token = store.subscribe { … token?.cancel() }`) does not
    /// keep itself alive. Main actor, outside a notification pass.
    func releaseCallbacks() {
        probe = nil
        deliver = { _ in }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Whether the subscription ended: cancelled, its weak owner gone, or its store gone.
    var isEnded: Bool {
        if isCancelled { return true }
        if hasWeakOwner && owner == nil { return true }
        return list == nil
    }

    /// Marks the entry cancelled and tells its list; any thread. On the main thread the list
    /// drops it at once (unless a notification pass is running: then when it ends); from
    /// another thread when the main actor next runs.
    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard let list else { return }
        list.pendingCancellations.add(1, ordering: .releasing)
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { list.sweep() }
        } else {
            Task { @MainActor [weak list] in list?.sweep() }
        }
    }
}
