/// One action a ``Recorder`` kept: the action, how its run ended, where it came from, when, and
/// the state it left.
///
/// The state is the store's own value, kept as it is (encoded only on export). Keeping it shares
/// the state's buffers with the store: see <doc:RecordingHistory> for what that costs the next write.
public struct RecordedStep<State: Sendable, Action: Sendable>: Sendable {
    /// The step's id in the recording: 1 for the first recorded action, counting up; id 0 is
    /// the committed state. Ids are never reused, also after the oldest steps fold away.
    public let id: Int
    /// The action as it was dispatched (before any middleware's `.nextAs`).
    public let action: Action
    /// How the action's run ended; `nil` for a step loaded from a file (see
    /// ``outcomeDescription``).
    public let outcome: DispatchOutcome<Action>?
    /// Whether the action came from outside the pipeline or from the store's own work.
    public let origin: ActionOrigin
    /// When the action was dispatched, on the store's clock, measured from the start of the
    /// recording (a `TestClock`'s virtual time under test). Read after its terminal — on a
    /// `TestClock`, the time it was dispatched; on a real clock, the end of its pass — except for
    /// an action a `.deferred` middleware suspended, which is dated at its suspension.
    public let clockOffset: Duration
    /// When the action was dispatched, in milliseconds since 1970: the recording's start date plus
    /// ``clockOffset``.
    public let timestamp: Int64
    /// What the step kept of the state the action left: the state itself, or, for a recorder
    /// started with `keeping:`, its projection.
    @usableFromInline let kept: KeptState<State>
    /// The outcome a loaded file gave, when there is no ``outcome``.
    @usableFromInline let loadedOutcome: String?

    /// The state the action left; `nil` for a recorder that keeps only a projection
    /// (``Store/startRecording(maxAge:filter:startDate:keeping:)``).
    public var state: State? {
        if case .state(let state) = kept { state } else { nil }
    }

    /// The projection the step kept, for a recorder started with `keeping:`; otherwise `nil`.
    public var projection: (any Encodable & Sendable)? {
        if case .projection(let projection) = kept { projection } else { nil }
    }

    /// ``outcome``'s description (`reduced`, `failed(…)`), or the text a loaded file gave.
    public var outcomeDescription: String {
        if let outcome { return outcome.description }
        return loadedOutcome ?? ""
    }

    @inlinable
    init(id: Int, action: Action, outcome: DispatchOutcome<Action>?, origin: ActionOrigin, clockOffset: Duration, timestamp: Int64, kept: KeptState<State>, loadedOutcome: String? = nil) {
        self.id = id
        self.action = action
        self.outcome = outcome
        self.origin = origin
        self.clockOffset = clockOffset
        self.timestamp = timestamp
        self.kept = kept
        self.loadedOutcome = loadedOutcome
    }
}

/// What a recorder keeps of one state: the value itself (shared with the store until its next
/// write copies the buffers it touches), or a projection computed when the step was recorded.
@usableFromInline
enum KeptState<State: Sendable>: Sendable {
    case state(State)
    case projection(any Encodable & Sendable)
}
