/// The result of a replay check (`Recording.replayCheck(timeout:makeStore:)`): how much was
/// compared and, if the replay went another way, where it first did.
public struct ReplayReport: Sendable, Equatable, CustomStringConvertible {
    /// How many entries were compared, the committed state (`@@INIT`) included.
    public let comparedEntries: Int
    /// How many external actions were dispatched again.
    public let replayedActions: Int
    /// The first entry where the replay differs from the recording; `nil` when every entry
    /// matched.
    public let divergence: ReplayDivergence?

    /// Whether the replay gave the recorded action types and states at every entry.
    public var isDeterministic: Bool { divergence == nil }

    /// `replay matches the recording: 12 entries, 5 external actions re-dispatched`, or the
    /// divergence's description.
    public var description: String {
        if let divergence { return divergence.description }
        return "replay matches the recording: \(comparedEntries) entries, \(replayedActions) external action\(replayedActions == 1 ? "" : "s") re-dispatched"
    }
}
