/// Why a time-travel request was refused (``Store/jump(to:)`` and its neighbours). Nothing
/// changes when one is thrown: the store keeps showing what it showed.
public enum TimeTravelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store has no recorder: call ``Store/startRecording(maxAge:filter:startDate:)`` first.
    case notRecording
    /// The recorder keeps only projections of the states (it was started with `keeping:`), so
    /// there is no state to travel to.
    case statesNotKept
    /// The recorder holds no step yet, so there is nothing to travel to.
    case nothingRecorded
    /// `index` is outside `0...newest`, the committed state through the newest recorded step.
    case indexOutOfRange(index: Int, newest: Int)
    /// ``Store/stepBack()`` while the store already shows the committed state (index 0).
    case atOldestStep
    /// ``Store/stepForward()`` while the store already shows the newest recorded step; call
    /// ``Store/resumeLive()`` to return to the live state.
    case atNewestStep
    /// ``Store/stepForward()`` while the store shows its live state.
    case notTravelling
    /// The store was invalidated: it neither records nor travels any more.
    case storeInvalidated

    /// One line naming what was wrong.
    public var description: String {
        switch self {
        case .notRecording: "time travel needs a recorder: the store is not recording"
        case .statesNotKept: "time travel needs the states themselves: the recorder keeps only a projection of each"
        case .nothingRecorded: "time travel needs a recorded step: the recorder holds none yet"
        case let .indexOutOfRange(index, newest): "no recorded step at index \(index): valid indexes are 0...\(newest)"
        case .atOldestStep: "cannot step back: the store shows the committed state (index 0)"
        case .atNewestStep: "cannot step forward: the store shows the newest recorded step; resume live instead"
        case .notTravelling: "cannot step forward: the store shows its live state"
        case .storeInvalidated: "the store was invalidated: time travel is over"
        }
    }
}
