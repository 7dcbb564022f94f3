/// Select subscriptions (Redux's `subscribe`, ReSwift's `subscribe` with `select`): a callback
/// told of one selection of the state after handled actions. See <doc:ReadingState>.
extension Store {
    /// Subscribes `onChange` to the value at `keyPath`, until the returned token is cancelled or
    /// released.
    ///
    /// The current value is delivered at once, synchronously; then, after each handled action
    /// (one a reducer handled), the value if it changed. What "changed" means follows the
    /// comparison classes of <doc:Observation>: a small reference-free `Equatable` value (an
    /// integer, a `Bool`, a `String`, a struct of those) is compared by value, so `onChange`
    /// never sees the same value twice in a row; an ``IdentifiedArray`` by its stamp (a write
    /// that leaves it equal delivers it again); anything else (a computed property, a value
    /// that is not `Equatable` or holds buffers) after every handled action. A key path to a
    /// stored property is read at its offset in the state, without a key-path lookup.
    ///
    /// Isolation and order: main actor. Subscriptions are told after the observers
    /// (<doc:Observation>) and before the action's effects start, in subscription order; one
    /// added during a pass is told from the next pass on, one cancelled before its turn is not
    /// told. An action dispatched from `onChange` is queued behind the current one (FIFO) and
    /// never nested, so every subscriber sees the same state in one pass, and the last value
    /// each one receives is the store's state once it settles.
    ///
    /// - Parameters:
    ///   - keyPath: the selection, from the state.
    ///   - onChange: called on the main actor with the selected value.
    /// - Returns: the subscription's token; releasing it cancels the subscription.
    public func subscribe<Value>(
        select keyPath: KeyPath<State, Value>,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: nil, selecting: keyPath, isDuplicate: nil, onChange)
    }

    /// Subscribes `onChange` to the value at `keyPath`, deduplicated by `isDuplicate` alone: a
    /// new value is delivered unless `isDuplicate(last delivered, new)` is `true` (ReSwift's
    /// `skipRepeats`). Otherwise as ``subscribe(select:_:)-(KeyPath<State,Value>,_)``. The last
    /// delivered value is kept for the comparison (a second reference to its buffers, if any).
    public func subscribe<Value>(
        select keyPath: KeyPath<State, Value>,
        isDuplicate: @escaping @MainActor (Value, Value) -> Bool,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: nil, selecting: keyPath, isDuplicate: isDuplicate, onChange)
    }

    /// Subscribes `onChange` to what `selector` computes from the state, compared by `==`: a
    /// value equal to the last one delivered is not delivered. `selector` runs on the main
    /// actor after every handled action (keep it cheap and pure). Otherwise as
    /// ``subscribe(select:_:)-(KeyPath<State,Value>,_)``.
    public func subscribe<Value: Equatable>(
        select selector: @escaping @MainActor (State) -> Value,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: nil, computing: selector, isDuplicate: isSameValue, onChange)
    }

    /// Subscribes `onChange` to what `selector` computes from the state, delivered after every
    /// handled action (the value is not `Equatable`, so it is not deduplicated: pass
    /// `isDuplicate:` to do so). Otherwise as ``subscribe(select:_:)-(KeyPath<State,Value>,_)``.
    public func subscribe<Value>(
        select selector: @escaping @MainActor (State) -> Value,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: nil, computing: selector, isDuplicate: nil, onChange)
    }

    /// Subscribes `onChange` to what `selector` computes from the state, deduplicated by
    /// `isDuplicate` alone. Otherwise as ``subscribe(select:_:)-(KeyPath<State,Value>,_)``.
    public func subscribe<Value>(
        select selector: @escaping @MainActor (State) -> Value,
        isDuplicate: @escaping @MainActor (Value, Value) -> Bool,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: nil, computing: selector, isDuplicate: isDuplicate, onChange)
    }

    // MARK: Owned subscriptions (ReduxCore's drivers and streamers)

    /// Subscribes `onChange` to the value at `keyPath` for as long as `owner` says:
    /// `.strong` until cancelled (ReduxCore's drivers), `.weak(object)` until `object` is
    /// deallocated (ReduxCore's streamers). The token may be discarded. Otherwise as
    /// ``subscribe(select:_:)-(KeyPath<State,Value>,_)``.
    @discardableResult
    public func subscribe<Value>(
        select keyPath: KeyPath<State, Value>,
        owner: SubscriptionOwner,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: owner, selecting: keyPath, isDuplicate: nil, onChange)
    }

    /// ``subscribe(select:isDuplicate:_:)-(KeyPath<State,Value>,_,_)`` kept alive by `owner`
    /// (see ``SubscriptionOwner``).
    @discardableResult
    public func subscribe<Value>(
        select keyPath: KeyPath<State, Value>,
        isDuplicate: @escaping @MainActor (Value, Value) -> Bool,
        owner: SubscriptionOwner,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: owner, selecting: keyPath, isDuplicate: isDuplicate, onChange)
    }

    /// A closure selection compared by `==`, kept alive by `owner` (see ``SubscriptionOwner``).
    @discardableResult
    public func subscribe<Value: Equatable>(
        select selector: @escaping @MainActor (State) -> Value,
        owner: SubscriptionOwner,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: owner, computing: selector, isDuplicate: isSameValue, onChange)
    }

    /// A closure selection delivered after every handled action, kept alive by `owner` (see
    /// ``SubscriptionOwner``).
    @discardableResult
    public func subscribe<Value>(
        select selector: @escaping @MainActor (State) -> Value,
        owner: SubscriptionOwner,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: owner, computing: selector, isDuplicate: nil, onChange)
    }

    /// A closure selection deduplicated by `isDuplicate`, kept alive by `owner` (see
    /// ``SubscriptionOwner``).
    @discardableResult
    public func subscribe<Value>(
        select selector: @escaping @MainActor (State) -> Value,
        isDuplicate: @escaping @MainActor (Value, Value) -> Bool,
        owner: SubscriptionOwner,
        _ onChange: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        addSubscription(owner: owner, computing: selector, isDuplicate: isDuplicate, onChange)
    }

    /// The live select subscriptions, drivers and streamers (``subscribe(driver:)``,
    /// ``subscribe(streamer:)``): not cancelled, token not released, owner not gone. State
    /// streams are counted by ``streamCount``. Main actor.
    public var subscriptionCount: Int {
        subscriptions.dropEnded()
        return subscriptions.count(.selection)
    }
}

/// `==`, and for a small plain value also equal bytes: the closure selections' comparison, so
/// that a value unequal to itself (a NaN) is not delivered again while its bits stay the same.
@inline(__always)
func isSameValue<Value: Equatable>(_ old: Value, _ new: Value) -> Bool {
    if old == new { return true }
    guard _isPOD(Value.self) else { return false }
    return withUnsafeBytes(of: old) { old in withUnsafeBytes(of: new) { old.elementsEqual($0) } }
}
