/// Why a recorder could not be started, export its history, or load a recording for time
/// travel. Nothing is half-done when one is thrown: no recorder is attached, no file is written,
/// the recorder's history is unchanged.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `maxAge` counts the committed state and the steps after it, so it must be at least 2.
    case invalidMaxAge(Int)
    /// A ``RecordingFilter`` pattern is not a valid `Regex`; `reason` is the parser's message.
    case invalidPattern(String, reason: String)
    /// The store already has a recorder; stop it first (``Store/stopRecording()``).
    case alreadyRecording
    /// The state (or its projection) of the step with this id could not be encoded (a NaN, a
    /// throwing `encode(to:)`); id 0 is the committed state.
    case unencodableState(stepID: Int, StateCodingError)
    /// The action of the step with this id is `Encodable` but could not be encoded.
    case unencodableAction(stepID: Int, StateCodingError)
    /// The store is time-travelling through this recorder's steps: resume live first.
    case storeIsTravelling
    /// The recording cannot drive time travel: only view it. `reason` says why (its states
    /// are a projection, or a state or action does not decode as this store's types).
    case viewOnly(reason: String)

    /// One line naming what was wrong and where.
    public var description: String {
        switch self {
        case .invalidMaxAge(let age): "maxAge must be at least 2 (the committed state and one step), not \(age)"
        case let .invalidPattern(pattern, reason): "invalid recording filter pattern \"\(pattern)\": \(reason)"
        case .alreadyRecording: "the store is already recording; stop the current recorder first"
        case let .unencodableState(id, error): "cannot export the state of step \(id): \(error)"
        case let .unencodableAction(id, error): "cannot export the action of step \(id): \(error)"
        case .storeIsTravelling: "the store is time-travelling through this recorder: resume live before loading a recording"
        case .viewOnly(let reason): "the recording is view-only: \(reason)"
        }
    }
}
