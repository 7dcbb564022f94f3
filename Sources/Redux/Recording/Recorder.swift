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
    @exclusivity(unchecked) @usableFromInline var committed: KeptState<State>
    /// For a recorder that keeps only projections: the projection, applied as each step is
    /// recorded.
    @usableFromInline let keep: ((State) -> any Encodable & Sendable)?

    /// The state before the oldest kept step: the store's state when recording began, until the
    /// oldest steps fold into it. `nil` for a recorder that keeps only a projection.
    public var committedState: State? {
        if case .state(let state) = committed { state } else { nil }
    }

    /// Whether the steps keep the states themselves, so that the store can travel to them; a
    /// recorder started with `keeping:` keeps only projections.
    public var keepsStates: Bool { keep == nil }

    // The kept steps, as parallel rings of what each step keeps (in order from `head` once
    // full): the trivial marks, the actions, and the states or the projections. Kept apart so
    // that recording a step copies each piece directly, with no generic value witness.
    @exclusivity(unchecked) @usableFromInline var marks: ContiguousArray<StepMark> = []
    @exclusivity(unchecked) @usableFromInline var actions: ContiguousArray<Action> = []
    @exclusivity(unchecked) @usableFromInline var states: ContiguousArray<State> = []
    @exclusivity(unchecked) @usableFromInline var projections: ContiguousArray<any Encodable & Sendable> = []
    /// The outcomes that are not one of the plain ones, by step id.
    @exclusivity(unchecked) @usableFromInline var otherOutcomes: [Int: DispatchOutcome<Action>] = [:]
    /// The outcomes a loaded file gave, by step id.
    var loadedOutcomes: [Int: String] = [:]
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var nextID = 1
    @exclusivity(unchecked) @usableFromInline var compiledFilter: CompiledRecordingFilter?
    @usableFromInline let identify: @Sendable (Action) -> ActionIdentity
    let encodeState: (State) throws(StateCodingError) -> Data
    @usableFromInline let startMilliseconds: Int64
    /// The store clock's offset (from its first use) when recording began.
    @usableFromInline let clockOrigin: Duration
    /// `maxAge - 1`: the most steps kept.
    @usableFromInline let capacity: Int

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
        self.capacity = maxAge - 1
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
        let reserved = min(capacity, 1_024)
        marks.reserveCapacity(reserved)
        actions.reserveCapacity(reserved)
        if keep == nil { states.reserveCapacity(reserved) } else { projections.reserveCapacity(reserved) }
    }

    /// The index the store shows while it time-travels through this recorder; `nil` while live.
    /// Set by the store.
    public internal(set) var shownIndex: Int?

    /// The index of the kept step with this id; 0 for id 0 (the committed state) and for a step
    /// that folded away.
    func index(ofStepID id: Int) -> Int {
        guard id > 0 else { return 0 }
        for index in 0..<count where marks[(head + index) % count].id == id { return index + 1 }
        return 0
    }

    /// How many steps are kept (the committed state not counted): the newest step's index.
    public var count: Int { marks.count }

    /// The kept steps, oldest first.
    public var steps: [RecordedStep<State, Action>] {
        (0..<count).map { step(at: $0 + 1) }
    }

    /// The step at `index`, counting from 1 for the oldest kept step (index 0 is the committed
    /// state, which has no step).
    public func step(at index: Int) -> RecordedStep<State, Action> {
        precondition(index >= 1 && index <= count, "Recorder.step(at:): index \(index) is outside 1...\(count)")
        let slot = (head + index - 1) % count
        let mark = marks[slot]
        let outcome: DispatchOutcome<Action>? = switch mark.outcome {
        case .reduced: .reduced
        case .unhandled: .unhandled
        case .consumed: .consumed
        case .cancelled: .cancelled
        case .other: otherOutcomes[mark.id]
        case .loaded: nil
        }
        return RecordedStep(
            id: mark.id, action: actions[slot], outcome: outcome, origin: mark.origin, clockOffset: mark.offset,
            timestamp: startMilliseconds &+ Self.milliseconds(mark.offset),
            kept: keep == nil ? .state(states[slot]) : .projection(projections[slot]),
            loadedOutcome: mark.outcome == .loaded ? loadedOutcomes[mark.id] : nil
        )
    }

    /// The state at `index`: 0 is ``committedState``, 1 through ``count`` the kept steps' states;
    /// `nil` for a recorder that keeps only projections.
    public func state(at index: Int) -> State? {
        guard keep == nil else { return nil }
        if index == 0 { return committedState }
        precondition(index >= 1 && index <= count, "Recorder.state(at:): index \(index) is outside 0...\(count)")
        return states[(head + index - 1) % count]
    }

    /// What was kept at `index` (0: the committed state).
    func kept(at index: Int) -> KeptState<State> {
        index == 0 ? committed : step(at: index).kept
    }

    /// Records one action's run; the store's recorder step, after its terminal.
    @inlinable
    func record(_ action: Action, outcome: DispatchOutcome<Action>, origin: ActionOrigin, state: State, clock: Duration) {
        if compiledFilter != nil, !compiledFilter!.admits(identify(action)) { return }
        let id = nextID
        nextID &+= 1
        let mark = StepMark(id: id, origin: origin, offset: clock - clockOrigin, outcome: OutcomeMark(outcome))
        if mark.outcome == .other { otherOutcomes[id] = outcome }
        if marks.count < capacity {
            marks.append(mark)
            actions.append(action)
            if let keep { projections.append(keep(state)) } else { states.append(state) }
            return
        }
        // Full: the oldest step folds into the committed state, and its slots take the new one.
        let oldest = marks[head]
        if oldest.outcome == .other { otherOutcomes[oldest.id] = nil }
        if let keep {
            committed = .projection(projections[head])
            projections[head] = keep(state)
        } else {
            committed = .state(states[head])
            states[head] = state
        }
        marks[head] = mark
        actions[head] = action
        head += 1
        if head == capacity { head = 0 }
    }

    /// Replaces the whole history (a loaded recording; the recorder keeps states).
    func replaceHistory(committed: State, steps: [RecordedStep<State, Action>], nextID: Int) {
        let kept = steps.suffix(capacity)
        self.committed = .state(kept.count < steps.count ? steps[steps.count - kept.count - 1].state ?? committed : committed)
        marks = ContiguousArray(kept.map { StepMark(id: $0.id, origin: $0.origin, offset: $0.clockOffset, outcome: .loaded) })
        actions = ContiguousArray(kept.map(\.action))
        states = ContiguousArray(kept.compactMap(\.state))
        otherOutcomes = [:]
        loadedOutcomes = Dictionary(kept.map { ($0.id, $0.outcomeDescription) }, uniquingKeysWith: { $1 })
        head = 0
        self.nextID = nextID
    }

    /// `duration` in whole milliseconds, rounded toward zero.
    @inlinable
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000 &+ attoseconds / 1_000_000_000_000_000
    }
}

/// What a recorded step keeps that copies trivially.
@usableFromInline
struct StepMark {
    @usableFromInline let id: Int
    @usableFromInline let origin: ActionOrigin
    @usableFromInline let offset: Duration
    @usableFromInline let outcome: OutcomeMark

    @inlinable
    init(id: Int, origin: ActionOrigin, offset: Duration, outcome: OutcomeMark) {
        self.id = id
        self.origin = origin
        self.offset = offset
        self.outcome = outcome
    }
}

/// A recorded outcome: one of the plain ones, one kept apart (`other`), or a loaded file's text.
@usableFromInline
enum OutcomeMark: UInt8 {
    case reduced, unhandled, consumed, cancelled, other, loaded

    @inlinable
    init<Action>(_ outcome: DispatchOutcome<Action>) {
        switch outcome {
        case .reduced: self = .reduced
        case .unhandled: self = .unhandled
        case .consumed: self = .consumed
        case .cancelled: self = .cancelled
        default: self = .other
        }
    }
}
