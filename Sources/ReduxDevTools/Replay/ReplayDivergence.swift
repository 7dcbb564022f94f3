/// Where a replay first went another way than its recording: the entry, what was recorded, what
/// the replay did, and a structural diff of the two states.
public struct ReplayDivergence: Sendable, Equatable, CustomStringConvertible {
    /// The entry's index in the recording (0: the committed state, `@@INIT`).
    public let index: Int
    /// The recorded entry's id; `nil` when the replay made more entries than were recorded.
    public let recordedID: Int?
    /// The recorded action type at that index (`nil`: the recording ended before it).
    public let recordedType: String?
    /// The replayed action type at that index (`nil`: the replay ended before it).
    public let replayedType: String?
    /// One sentence: what differs.
    public let reason: String
    /// The structural diff of the recorded state (`-`) and the replayed one (`+`), when the two
    /// states differ; the legend line comes first.
    public let stateDiff: String?

    /// The reason, the entry, and the diff below them.
    public var description: String {
        var text = "replay diverged at entry \(index)"
        if let recordedID { text += " (id \(recordedID))" }
        text += ": \(reason)"
        if let stateDiff { text += "\n" + stateDiff }
        return text
    }
}
