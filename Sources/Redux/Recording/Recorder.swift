import Foundation

/// Keeps the history of a store: for each action it records the action, its outcome, where it
/// came from, when, and the state it left — Redux DevTools' monitor, in the store.
///
/// Create one with ``Store/startRecording(maxAge:filter:startDate:)`` (an `Encodable` state is
/// kept and exported as itself), ``Store/startRecording(maxAge:filter:startDate:exporting:)`` (the
/// state is kept; an `Encodable` projection shrinks or redacts it on export) or
/// ``Store/startRecording(maxAge:filter:startDate:keeping:)`` (only the projection is kept). The recorder step runs after
/// every action's terminal, after the state-frames step and before the persistence step (see
/// <doc:Pipeline>).
///
/// - History: at most ``maxAge`` entries, counting the committed state: when a new step would
///   exceed it, the oldest step folds into ``committedState``. Steps keep the state's value as it
///   is; nothing is encoded until ``export(currentStateIndex:)``.
/// - Time: one read of the store's clock per recorded action. ``RecordedStep/clockOffset`` is
///   that clock's time since the recording began (virtual time on a `TestClock`), and
///   ``RecordedStep/timestamp`` is ``startDate`` plus that offset, in milliseconds since 1970.
/// - Filter: ``filter`` chooses the actions kept, by identity; the others are processed but not
///   recorded.
///
/// Isolation: main actor. The store holds its recorder strongly until
/// ``Store/stopRecording()``; the recorder does not keep the store alive.
@MainActor
public final class Recorder<State: Sendable, Action: Sendable> {
    /// The most entries kept, the committed state included (Redux DevTools' `maxAge`).
    public let maxAge: Int
    /// Which actions are recorded.
    public let filter: RecordingFilter
    /// Whether the exported states are the state's own encoding (so that an exported file can
    /// drive time travel again) rather than a projection.
    public let statesAreFull: Bool
    /// The wall-clock time the recording began; every step's ``RecordedStep/timestamp`` counts
    /// from it.
    public let startDate: Date
    /// What is kept of the state before the oldest kept step: the store's state when recording
    /// began, until the oldest steps fold into it.
    var committed: KeptState<State>
    /// For a recorder that keeps only projections: the projection, applied as each step is
    /// recorded.
    let keep: ((State) -> any Encodable & Sendable)?

    /// The state before the oldest kept step: the store's state when recording began, until the
    /// oldest steps fold into it. `nil` for a recorder that keeps only a projection.
    public var committedState: State? {
        if case .state(let state) = committed { state } else { nil }
    }

    /// Whether the steps keep the states themselves, so that the store can travel to them; a
    /// recorder started with `keeping:` keeps only projections.
    public var keepsStates: Bool { keep == nil }

    /// The kept steps as a ring: in order from `head` once full.
    var ring: ContiguousArray<RecordedStep<State, Action>> = []
    var head = 0
    var nextID = 1
    var compiledFilter: CompiledRecordingFilter?
    let identify: @Sendable (Action) -> ActionIdentity
    let encodeState: (State) throws(StateCodingError) -> Data
    let startMilliseconds: Int64
    /// The store clock's offset (from its first use) when recording began.
    let clockOrigin: Duration

    init(
        state: State,
        maxAge: Int,
        filter: RecordingFilter,
        startDate: Date,
        clockOrigin: Duration,
        statesAreFull: Bool,
        keep: ((State) -> any Encodable & Sendable)? = nil,
        encodeState: @escaping (State) throws(StateCodingError) -> Data
    ) throws(RecordingError) {
        guard maxAge >= 2 else { throw .invalidMaxAge(maxAge) }
        self.maxAge = maxAge
        self.filter = filter
        self.compiledFilter = filter.isActive ? try filter.compiled() : nil
        self.statesAreFull = statesAreFull
        self.startDate = startDate
        self.startMilliseconds = MillisecondTime.milliseconds(since1970: startDate)
        self.clockOrigin = clockOrigin
        self.keep = keep
        self.committed = keep.map { .projection($0(state)) } ?? .state(state)
        self.identify = ActionIdentity.identifier(for: Action.self)
        self.encodeState = encodeState
        ring.reserveCapacity(min(maxAge - 1, 1_024))
    }

    /// How many steps are kept (the committed state not counted): the newest step's index.
    public var count: Int { ring.count }

    /// The kept steps, oldest first.
    public var steps: [RecordedStep<State, Action>] {
        Array(ring[head...]) + Array(ring[..<head])
    }

    /// The step at `index`, counting from 1 for the oldest kept step (index 0 is the committed
    /// state, which has no step).
    public func step(at index: Int) -> RecordedStep<State, Action> {
        precondition(index >= 1 && index <= ring.count, "Recorder.step(at:): index \(index) is outside 1...\(ring.count)")
        return ring[(head + index - 1) % ring.count]
    }

    /// The state at `index`: 0 is ``committedState``, 1 through ``count`` the kept steps' states;
    /// `nil` for a recorder that keeps only projections.
    public func state(at index: Int) -> State? {
        index == 0 ? committedState : step(at: index).state
    }

    /// What was kept at `index` (0: the committed state).
    func kept(at index: Int) -> KeptState<State> {
        index == 0 ? committed : step(at: index).kept
    }

    /// Records one action's run; the store's recorder step, after its terminal.
    func record(_ action: Action, outcome: DispatchOutcome<Action>, origin: ActionOrigin, state: State, clock: Duration) {
        if compiledFilter != nil, !compiledFilter!.admits(identify(action)) { return }
        let offset = clock - clockOrigin
        let step = RecordedStep(
            id: nextID, action: action, outcome: outcome, origin: origin, clockOffset: offset,
            timestamp: startMilliseconds &+ Self.milliseconds(offset),
            kept: keep.map { .projection($0(state)) } ?? .state(state)
        )
        nextID &+= 1
        append(step)
    }

    /// Appends a step, folding the oldest into the committed state when the ring is full.
    func append(_ step: RecordedStep<State, Action>) {
        if ring.count < maxAge - 1 {
            ring.append(step)
            return
        }
        committed = ring[head].kept
        ring[head] = step
        head += 1
        if head == ring.count { head = 0 }
    }

    /// Replaces the whole history (a loaded recording).
    func replaceHistory(committed: State, steps: [RecordedStep<State, Action>], nextID: Int) {
        self.committed = .state(committed)
        ring = ContiguousArray(steps.suffix(maxAge - 1))
        head = 0
        self.nextID = nextID
    }

    /// `duration` in whole milliseconds, rounded toward zero.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000 &+ attoseconds / 1_000_000_000_000_000
    }
}
