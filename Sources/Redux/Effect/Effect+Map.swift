/// Changing the action type of an effect: how a child feature's effects become the parent's.
extension Effect {
    /// The same work, sending `transform(action)` wherever this effect would send `action`.
    ///
    /// Everything else is kept: cancellation ids, timing, errors. The transform runs where the
    /// send happens (on the main actor for a top-level send, in the effect's task otherwise), so
    /// it must be a pure, `@Sendable` function — typically an enum case constructor
    /// (`effect.map(AppAction.search)`).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
        map(transform, extract: nil)
    }

    /// ``map(_:)`` that can also take a parent action back (for tracked sends' outcomes).
    @usableFromInline
    func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other, extract: (@Sendable (Other) -> Action?)?) -> Effect<Other> {
        switch operation {
        case .none:
            return Effect<Other>(.none)
        case let .send(action, site):
            return Effect<Other>(.send(transform(action), site))
        case let .run(priority, work):
            return Effect<Other>(.run(priority) { send in
                try await work(send.pulledBack(transform, extract: extract))
            })
        case .merge(let effects):
            return Effect<Other>(.merge(effects.map { $0.map(transform, extract: extract) }))
        case .concatenate(let effects):
            return Effect<Other>(.concatenate(effects.map { $0.map(transform, extract: extract) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Effect<Other>(.cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform, extract: extract)))
        case .cancel(let id):
            return Effect<Other>(.cancel(id))
        case .sleep(let duration):
            return Effect<Other>(.sleep(duration))
        case let .throttle(id, duration, latest, effect):
            return Effect<Other>(.throttle(id, duration, latest: latest, effect.map(transform, extract: extract)))
        case let .scoped(step, effect):
            return Effect<Other>(.scoped(step, effect.map(transform, extract: extract)))
        }
    }
}

extension Send {
    /// A `Send` of child actions that embeds each into this one's parent action.
    func pulledBack<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action, extract: (@Sendable (Action) -> Child?)?) -> Send<Child> {
        let deliver = self.deliver
        let deliverTracked = self.deliverTracked
        return Send<Child>(
            deliver: { child, site in deliver(embed(child), site) },
            deliverTracked: { child, site in deliverTracked(embed(child), site).mapped(extract: extract) },
            clock: effectClock,
            diagnostics: diagnostics
        )
    }
}

extension DispatchTicket {
    /// A ticket in a child's action type, answered when this one is, sharing its effects.
    func mapped<Child: Sendable>(extract: (@Sendable (Action) -> Child?)?) -> DispatchTicket<Child> {
        let child = OutcomeBox<Child>(sequence: box.sequence, effectsOf: box)
        box.whenResolved { outcome in child.resolve(outcome.mapped(extract: extract)) }
        return DispatchTicket<Child>(box: child)
    }
}
