/// Where one started effect tree reports: the component it is attributed to (the origin its
/// errors carry), the action whose reduction (or middleware pass) produced it, that pass's run
/// record (so an error waits for the action's terminal), and the effect group of the dispatch
/// it belongs to. Made once per non-empty effect a component returns.
final class EffectSource<State: Sendable, Action: Sendable>: Sendable {
    let origin: ErrorOrigin
    /// The producing action's run, without its ticket.
    let failure: ActionRun<State, Action>
    let record: RunRecord<State, Action>
    let site: CallSite
    var group: EffectGroup? { record.group }

    init(origin: ErrorOrigin, failure: ActionRun<State, Action>, record: RunRecord<State, Action>, site: CallSite) {
        self.origin = origin
        self.failure = failure
        self.record = record
        self.site = site
    }
}

/// What encloses a part of an effect tree: the cancellation ids its tasks register under, and
/// the throttle its sends go through.
struct EffectScope: Sendable {
    var ids: [EffectID] = []
    var throttle: ThrottleRule?
}

/// A throttle applying to the sends of an effect subtree.
struct ThrottleRule: Sendable {
    let id: EffectID
    let window: Duration
    let latest: Bool
}
