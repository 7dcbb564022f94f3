import Foundation

/// A select subscription's token: cancel it to stop its notifications.
///
/// Returned by ``Store/subscribe(select:_:)-(KeyPath<State,Value>,_)`` and its overloads, and
/// by ``Store/subscribe(driver:)`` and ``Store/subscribe(streamer:)``.
/// Releasing the last reference to a token cancels its subscription, like Combine's
/// `AnyCancellable`, unless the subscription was given an owner (``SubscriptionOwner``): then the
/// owner decides, and the token is only a way to cancel early.
///
/// Isolation: a token is `Sendable`; ``cancel()`` and ``isCancelled`` may be used from any
/// isolation, a `deinit` included. A cancelled subscription is never called again, even when it
/// is cancelled during a notification pass before its turn; on the main actor it leaves the
/// store (and ``Store/subscriptionCount``) at once, from another thread when the main actor next
/// runs (it is not called meanwhile).
public final class Subscription: Sendable, Hashable {
    let entry: SubscriptionEntry
    let cancelsOnRelease: Bool

    init(entry: SubscriptionEntry, cancelsOnRelease: Bool) {
        self.entry = entry
        self.cancelsOnRelease = cancelsOnRelease
    }

    deinit {
        if cancelsOnRelease { entry.cancel() }
    }

    /// Stops the subscription: its callback is not called again. Idempotent; any isolation.
    public func cancel() {
        entry.cancel()
    }

    /// Whether the subscription ended: cancelled, its token released, its owner deallocated, or
    /// its store released. Any isolation.
    public var isCancelled: Bool {
        entry.isEnded
    }

    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
