/// Who keeps a select subscription alive, for the `owner:` forms of
/// ``Store/subscribe(select:owner:_:)-(KeyPath<State,Value>,_,_)``.
///
/// Without an owner a subscription lives as long as its ``Subscription`` token. With one, the
/// token may be dropped:
///
/// - ``strong``: the store keeps the subscription until ``Subscription/cancel()`` — what
///   ReduxCore calls a *driver*.
/// - ``weak(_:)``: the subscription ends when the owner is deallocated — what ReduxCore calls a
///   *streamer*. The store holds the owner weakly and never keeps it alive; after the owner is
///   gone the callback is not called again and the subscription no longer counts in
///   ``Store/subscriptionCount``.
///
/// Main actor: an owner is given and checked on the main actor, with the store.
public enum SubscriptionOwner {
    /// The store keeps the subscription until it is cancelled (ReduxCore's drivers).
    case strong
    /// The subscription ends when `owner` is deallocated; `owner` is held weakly
    /// (ReduxCore's streamers).
    case weak(AnyObject)
}
