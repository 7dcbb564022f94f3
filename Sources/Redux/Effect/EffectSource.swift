/// Where one started effect tree reports: the component it is attributed to (the origin its
/// errors carry), the action whose reduction (or middleware pass) produced it, that pass's run
/// record (so an error waits for the action's terminal), the effect group of the dispatch
/// it belongs to, and the dependencies its tasks bind. Made once per non-empty effect a
/// component returns (a lone `.send` needs none).
@usableFromInline
final class EffectSource<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let origin: ErrorOrigin
    /// The producing action's run, without its ticket.
    @usableFromInline let failure: ActionRun<State, Action>
    /// `nil` for a reducer's effect in a pass without a record: the action's terminal comes
    /// right after the reducers, before any error the effect's tasks throw is processed, so
    /// nothing needs to wait for it.
    @usableFromInline let record: RunRecord<State, Action>?
    @usableFromInline let site: CallSite
    /// The store's dependencies when the effect started, bound in each of its tasks (the later
    /// parts of a concatenation included); `nil` when the store binds none.
    @usableFromInline let dependencies: Dependencies?
    @usableFromInline let group: EffectGroup?

    /// The top-level component whose lift can tell whether a child instance in this effect is
    /// still in the state.
    @inlinable var owner: LiftOwner? {
        switch origin {
        case .reducer(_, let position): .reducer(position)
        case .effect(_, let position): .middleware(position)
        default: nil
        }
    }

    @usableFromInline
    init(origin: ErrorOrigin, failure: ActionRun<State, Action>, record: RunRecord<State, Action>?, site: CallSite, dependencies: Dependencies?) {
        self.origin = origin
        self.failure = failure
        self.record = record
        self.group = record?.group
        self.site = site
        self.dependencies = dependencies
    }
}

/// What encloses a part of an effect tree: the cancellation ids its tasks register under, the
/// throttle its sends go through, the child instance it belongs to and the concatenation link
/// it is in.
@usableFromInline
struct EffectScope: Sendable {
    @usableFromInline var ids: [EffectID]
    @usableFromInline var throttle: ThrottleRule?
    /// The child instance the subtree belongs to (steps from the root down); empty at the root.
    @usableFromInline var path: [ScopeStep]
    /// That instance's lifetime, when it can go away.
    @usableFromInline var lifetime: InstanceLifetime?
    /// The link of the innermost concatenation the subtree is in, if any.
    @usableFromInline var link: ConcatenationLink?

    @inlinable
    init() {
        ids = []
        throttle = nil
        path = []
        lifetime = nil
        link = nil
    }

    /// What the subtree's cancellation and throttle ids are scoped by: the instance's path and,
    /// for an instance that can go away, its lifetime.
    @inlinable
    var idScope: [ScopeStep] {
        guard let lifetime else { return path }
        return path + [ScopeStep(name: "", generation: lifetime.serial, removable: false)]
    }
}

/// A throttle applying to the sends of an effect subtree.
@usableFromInline
struct ThrottleRule: Sendable {
    @usableFromInline let id: EffectID
    @usableFromInline let window: Duration
    @usableFromInline let latest: Bool

    @inlinable
    init(id: EffectID, window: Duration, latest: Bool) {
        self.id = id
        self.window = window
        self.latest = latest
    }
}
