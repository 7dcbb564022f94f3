import Redux

/// Why a recording could not be replayed at all (as opposed to a replay that diverged, which a
/// ``ReplayReport`` reports). Nothing is compared when one is thrown.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An external entry has no `meta.clock`, so there is no time to dispatch it at. `index` is
    /// its position in the recording.
    case missingClock(index: Int, id: Int)
    /// An external entry's action cannot be rebuilt: it has no `payload`, or the payload does
    /// not decode as the store's action type (`reason` says which, and why).
    case undecodableAction(index: Int, id: Int, reason: String)
    /// The fresh store could not record (its recorder failed to start or to export).
    case recording(RecordingError)
    /// The fresh store did not settle within the timeout after a dispatch (real time).
    case didNotSettle(index: Int, timeout: Duration)
    /// The store factory threw; `reason` is the error's description.
    case storeFactoryFailed(reason: String)

    /// One line naming what was wrong and where.
    public var description: String {
        switch self {
        case let .missingClock(index, id): "entry \(index) (id \(id)) has no meta.clock: it cannot be dispatched at its recorded time"
        case let .undecodableAction(index, id, reason): "the action of entry \(index) (id \(id)) cannot be rebuilt: \(reason)"
        case .recording(let error): "the replayed store could not record: \(error)"
        case let .didNotSettle(index, timeout): "the replayed store did not settle within \(timeout) after entry \(index)"
        case .storeFactoryFailed(let reason): "the store factory failed: \(reason)"
        }
    }
}
