/// A time-travel request, carried by a queue entry of its own kind (not an app action): no
/// middleware, resolver or reducer sees it.
@usableFromInline
enum TravelRequest: Sendable {
    /// Show the state of the recorded step with this id (0: the committed state), found when
    /// the request is carried out; a step that folded away since shows as the committed state.
    case jump(stepID: Int)
    /// Show the state before the one shown (from the live state: the newest step's
    /// predecessor), as it stands when the request is carried out.
    case stepBack
    /// Show the state after the one shown.
    case stepForward
    /// Show the live state again and process what was held.
    case resume
}

/// The store's time travel while it shows a recorded state: the index shown, the live state it
/// left, and the entries it held since, in arrival order.
@usableFromInline
struct TravelSession<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline var index: Int
    @usableFromInline var live: State
    @usableFromInline var held: [QueueEntry<State, Action>] = []

    @usableFromInline
    init(index: Int, live: State) {
        self.index = index
        self.live = live
    }
}
