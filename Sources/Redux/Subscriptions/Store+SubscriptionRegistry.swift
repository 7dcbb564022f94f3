/// Registering subscriptions and streams, and the notification pass's place in the pipeline.
extension Store {
    func addSubscription<Value>(
        owner: SubscriptionOwner?,
        selecting keyPath: KeyPath<State, Value>,
        isDuplicate: (@MainActor (Value, Value) -> Bool)?,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        register(.selection, owner: owner, .selecting(keyPath, isDuplicate: isDuplicate, onChange))
    }

    func addSubscription<Value>(
        owner: SubscriptionOwner?,
        computing selector: @escaping @MainActor (State) -> Value,
        isDuplicate: (@MainActor (Value, Value) -> Bool)?,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        register(.selection, owner: owner, .computing(selector, isDuplicate: isDuplicate, onChange))
    }

    /// Adds `plan` after every other subscription, takes the current bytes of its watch, then
    /// delivers the current value. The subscription is registered before that delivery, so an
    /// action the callback dispatches is delivered to it too; such an action is queued and
    /// processed after the delivery returns, never nested in it.
    func register(_ role: SubscriptionEntry.Role, owner: SubscriptionOwner?, _ plan: SubscriptionPlan) -> Subscription {
        if isReducing { readWhileReducing() }
        let entry = SubscriptionEntry(role: role, owner: owner, list: subscriptions, probe: plan.probe, deliver: plan.deliver)
        var watch = plan.watch
        withUnsafeMutablePointer(to: &storage) { state in
            let base = UnsafeRawPointer(state)
            switch watch.kind {
            case .word:
                watch.old0 = base.loadUnaligned(fromByteOffset: watch.offset, as: UInt64.self)
            case .bytes, .bytesThenProbe:
                (watch.old0, watch.old1) = SubscriptionList.read(base, watch.offset, watch.size)
            case .probe, .always, .ended:
                break
            }
        }
        subscriptions.append(watch, entry)
        observedSinceNotification = true
        let token = Subscription(entry: entry, cancelsOnRelease: owner == nil)
        let deliver = { [self] in
            withUnsafeMutablePointer(to: &storage) { plan.deliverInitially(UnsafeRawPointer($0)) }
        }
        if isProcessing || role == .stream {
            deliver()
        } else {
            // Outside the pipeline: what the callback dispatches is queued, then processed.
            isProcessing = true
            deliver()
            drainPipeline()
            isProcessing = false
            finishCall()
        }
        return token
    }

    /// The subscriptions' step of the pipeline, after the observers were told: every
    /// subscription and stream whose selection changed is delivered, in subscription order.
    @usableFromInline @inline(never)
    func notifySubscriptions() {
        withUnsafeMutablePointer(to: &storage) { subscriptions.notify(UnsafeRawPointer($0)) }
    }
}
