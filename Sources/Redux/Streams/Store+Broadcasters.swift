/// Drivers and streamers (ReduxCore): a ``StateBroadcaster`` of ``StoreSnapshot``s that the store
/// feeds, for async code with several consumers. See <doc:ReadingState>.
extension Store {
    /// A broadcaster of this store's snapshots: what ``subscribe(driver:)`` and
    /// ``subscribe(streamer:)`` take.
    public typealias SnapshotBroadcaster = StateBroadcaster<StoreSnapshot<State, Action>>

    /// Subscribes `driver` (ReduxCore's *driver*, a strong subscriber): the store keeps it and
    /// yields a ``StoreSnapshot`` to it at once, then after each handled action (one a reducer
    /// handled), until the returned token is cancelled.
    ///
    /// ```swift
    /// let driver = Store<AppState, AppAction>.SnapshotBroadcaster()
    /// store.subscribe(driver: driver)
    /// Task { for await snapshot in driver { render(snapshot.count) } }
    /// ```
    ///
    /// - **Retention**: the store holds `driver` strongly: the app may drop its own reference,
    ///   and its consumers keep receiving. Cancelling the token stops the yields and the store
    ///   lets the driver go (at once on the main actor, from another thread when the main actor
    ///   next runs); a driver nobody else holds then finishes its consumers as it is
    ///   deallocated. Releasing the token alone does not cancel.
    /// - **Delivery**: not deduplicated (comparing whole states would copy their buffers); each
    ///   snapshot is a second reference to the state's buffers, and a consumer keeps the newest
    ///   one it has not read (the broadcaster's buffering). Snapshots are yielded in the
    ///   subscriptions' step of the pipeline, in subscription order with the select
    ///   subscriptions and state streams, on the main actor; the consumers read them wherever
    ///   they run.
    /// - **End**: when the store is invalidated or released it finishes `driver` (every
    ///   consumer's loop ends) and the subscription ends; a driver subscribed to an invalidated
    ///   store is finished at once. Finishing `driver` yourself does not cancel the subscription:
    ///   cancel the token. A broadcaster belongs to one store: another store's invalidation
    ///   would finish it too.
    /// - **Counting**: a driver is a subscription: it counts in ``subscriptionCount`` until
    ///   cancelled or ended, not in ``streamCount``.
    ///
    /// Main actor.
    ///
    /// - Returns: the subscription's token; it may be discarded (the store keeps the driver).
    @discardableResult
    public func subscribe(driver: SnapshotBroadcaster) -> Subscription {
        subscribeBroadcaster(
            owner: .strong,
            send: { driver.yield($0) },
            finish: { [weak driver] in driver?.finish() }
        )
    }

    /// Subscribes `streamer` (ReduxCore's *streamer*, a weak subscriber): the store yields a
    /// ``StoreSnapshot`` to it at once, then after each handled action, for as long as `streamer`
    /// lives.
    ///
    /// ```swift
    /// @MainActor
    /// final class Feed {
    ///     let streamer = Store<AppState, AppAction>.SnapshotBroadcaster()
    ///     init(store: Store<AppState, AppAction>) { store.subscribe(streamer: streamer) }
    /// }
    /// ```
    ///
    /// - **Retention**: the store holds `streamer` weakly and never keeps it alive; when it is
    ///   deallocated the subscription ends (it no longer counts in ``subscriptionCount``) and,
    ///   as any ``StateBroadcaster``, it finishes its consumers. The token may be discarded, or
    ///   kept to cancel earlier.
    /// - **Delivery, end, counting**: as ``subscribe(driver:)``: when the store is invalidated
    ///   or released it finishes `streamer` and the subscription ends.
    ///
    /// Main actor.
    @discardableResult
    public func subscribe(streamer: SnapshotBroadcaster) -> Subscription {
        subscribeBroadcaster(
            owner: .weak(streamer),
            send: { [weak streamer] in streamer?.yield($0) },
            finish: { [weak streamer] in streamer?.finish() }
        )
    }

    /// Registers a subscription delivering a snapshot after every handled action to `send`,
    /// and `finish` for invalidation and release.
    private func subscribeBroadcaster(
        owner: SubscriptionOwner,
        send: @escaping (StoreSnapshot<State, Action>) -> Void,
        finish: @escaping @Sendable () -> Void
    ) -> Subscription {
        // Weak: the store's subscription list holds this closure.
        let plan = SubscriptionPlan.always({ [weak self] base in
            StoreSnapshot(state: base.assumingMemoryBound(to: State.self).pointee, store: self)
        }, send)
        let subscription = register(.selection, owner: owner, plan)
        if isInvalidated {
            finish()
            subscription.cancel()
        } else {
            broadcasters.add(subscription, finish: finish)
        }
        return subscription
    }
}
