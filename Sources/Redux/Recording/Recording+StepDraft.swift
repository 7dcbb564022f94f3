import Foundation

extension Recording {
    /// One handled action as a recorder hands it to
    /// ``Recording/init(committedState:statesAreFull:initTimestamp:steps:currentStateIndex:isLocked:isPaused:)``:
    /// the typed fields, from which the builder writes the entry's JSON.
    ///
    /// A plain value; the JSON pieces (``payload``, ``state``) must each be one complete JSON value
    /// in compact form, plain JSON (no `$jsan` keys), as a JSON encoder writes it. They are
    /// copied into the document as they are.
    public struct StepDraft: Sendable, Equatable {
        /// The action's id: positive, and greater than the previous draft's.
        public var id: Int
        /// The action's `type` (its identity).
        public var type: String
        /// The raw JSON of the action's encoding, written as `action.payload`; nil writes no
        /// `payload` key (an action that is not `Encodable`).
        public var payload: Data?
        /// When the action was dispatched, in milliseconds since 1970.
        public var timestamp: Int64
        /// How the dispatch ended, written as `meta.outcome`.
        public var outcome: String
        /// Where the action came from, written as `meta.origin`.
        public var origin: ActionOrigin
        /// The store clock's offset since the recording began, not negative; written as
        /// `meta.clock` in milliseconds (exact, see ``Recording/Step/clock``).
        public var clock: Duration
        /// The raw JSON of the state after the action, written as `computedStates[i].state`.
        public var state: Data

        /// A draft with every field given; see the properties for units and shapes.
        public init(
            id: Int, type: String, payload: Data? = nil, timestamp: Int64, outcome: String,
            origin: ActionOrigin, clock: Duration, state: Data
        ) {
            self.id = id
            self.type = type
            self.payload = payload
            self.timestamp = timestamp
            self.outcome = outcome
            self.origin = origin
            self.clock = clock
            self.state = state
        }
    }
}
