import Foundation

/// A recorded store history as Redux DevTools' "lifted state": every staged action with its
/// entry, the state after it, and the position shown.
///
/// A `Recording` is a plain value (`Sendable`, `Equatable`), independent of any store or state
/// type: states and payloads are held as raw JSON bytes. It comes from two places:
/// - ``init(committedState:statesAreFull:initTimestamp:steps:currentStateIndex:isLocked:isPaused:)``,
///   which a recorder calls with the steps it kept, writing each entry in one canonical form;
/// - ``init(importing:)``, which reads a file in the lifted-state format (written by
///   ``exported()`` or by Redux DevTools) and keeps each entry and state verbatim.
///
/// ``exported()`` writes the lifted-state document back; for a file this type wrote, export →
/// import → export gives the same bytes.
///
/// The ``steps`` follow `stagedActionIds`: index 0 is the `@@INIT` step whose state is the
/// starting point, and each later step is one handled action with the state after it. A recording
/// drives time travel only when ``statesAreFull`` is true (the states are the state type's own
/// `Codable` encoding); otherwise it is view-only and ``viewOnlyReason`` says why.
public struct Recording: Sendable, Equatable {
    /// One staged action: its entry in `actionsById` and the state after it in `computedStates`.
    ///
    /// The typed fields are read from the raw JSON; the raw JSON (``actionJSON``,
    /// ``computedStateJSON``) is what ``Recording/exported()`` writes, byte for byte.
    public struct Step: Sendable, Equatable {
        /// The action's id: its key in `actionsById` and its element of `stagedActionIds`. The
        /// `@@INIT` step's id is 0.
        public let id: Int
        /// The action's `type`: the action's identity, or `"@@INIT"` for the first step.
        public let type: String
        /// When the action was dispatched, in milliseconds since 1970 (the entry's `timestamp`;
        /// a fractional timestamp from another tool is rounded down).
        public let timestamp: Int64
        /// How the dispatch ended (`meta.outcome`), or nil when the entry does not say.
        public let outcome: String?
        /// Where the action came from (`meta.origin`), or nil when the entry does not say.
        public let origin: ActionOrigin?
        /// The store clock's offset since the recording began when the action was handled
        /// (`meta.clock`, written in milliseconds), or nil when the entry does not say.
        public let clock: Duration?
        /// The raw JSON of `action.payload`, verbatim, or nil when the action has no payload.
        public let payload: Data?
        /// Whether the id is listed in `skippedActionIds` (toggled off in Redux DevTools).
        public let isSkipped: Bool
        /// The raw JSON of the entry (`actionsById[id]`), verbatim, unknown keys included.
        public let actionJSON: Data
        /// The raw JSON of the state after this step (`computedStates[i].state`), verbatim.
        public let stateJSON: Data
        /// The raw JSON of the whole `computedStates[i]` element, verbatim (it may hold more
        /// than `state`, such as an `error` written by Redux DevTools).
        public let computedStateJSON: Data
    }

    /// The staged actions in `stagedActionIds` order; index 0 is the `@@INIT` step.
    public let steps: [Step]
    /// The ids in `skippedActionIds`, in the file's order.
    public let skippedActionIds: [Int]
    /// The raw JSON of `committedState`, verbatim: the state before the first staged action,
    /// into which older actions beyond the history's bound were folded.
    public let committedStateJSON: Data
    /// The index into ``steps`` of the state shown (`currentStateIndex`).
    public let currentStateIndex: Int
    /// The id the next recorded action would get (`nextActionId`); greater than every staged id.
    public let nextActionId: Int
    /// Whether Redux DevTools had locked the recording against changes (`isLocked`).
    public let isLocked: Bool
    /// Whether Redux DevTools had paused recording (`isPaused`).
    public let isPaused: Bool
    /// Whether the states are the state type's own `Codable` encoding, so they can be decoded into
    /// the state and drive time travel: the `@@INIT` entry's `meta.states` is `"state"`. A
    /// projection (`"projection"`) or a file that does not say (one from another tool) is
    /// view-only.
    public let statesAreFull: Bool

    /// Why the recording is view-only, as one sentence, or nil when ``statesAreFull`` is true.
    public var viewOnlyReason: String? {
        guard !statesAreFull else { return nil }
        if declaresProjection {
            return "The states are a projection of the store's state (meta.states is \"projection\"), not its own encoding, so they cannot drive time travel."
        }
        return "The file does not say that its states are the state's own encoding (the @@INIT entry has no meta.states \"state\"), so they cannot drive time travel."
    }

    /// Whether the `@@INIT` entry declares its states a projection (as opposed to not saying).
    let declaresProjection: Bool

    /// Every stored property; the builder and the importer check the invariants before calling it.
    init(
        steps: [Step], skippedActionIds: [Int], committedStateJSON: Data, currentStateIndex: Int,
        nextActionId: Int, isLocked: Bool, isPaused: Bool, statesAreFull: Bool, declaresProjection: Bool
    ) {
        self.steps = steps
        self.skippedActionIds = skippedActionIds
        self.committedStateJSON = committedStateJSON
        self.currentStateIndex = currentStateIndex
        self.nextActionId = nextActionId
        self.isLocked = isLocked
        self.isPaused = isPaused
        self.statesAreFull = statesAreFull
        self.declaresProjection = declaresProjection
    }
}
