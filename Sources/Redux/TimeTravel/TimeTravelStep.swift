/// What a `.timeTravel` log event reports: a jump to a recorded step, or the return to the live
/// state (see <doc:TimeTravel>).
///
/// Sendable and equatable. Follows the enum policy of <doc:EnumPolicy>: give a `switch` over it a
/// `default:` branch.
public enum TimeTravelStep: Sendable, Equatable, CustomStringConvertible {
    /// The store now shows the state of the recorder's step at `index` (0 is the committed state,
    /// `recorder.count` the newest step).
    case jumped(to: Int)
    /// The store shows its live state again; `heldActions` actions, held while it travelled, are
    /// processed next, in the order they arrived.
    case resumedLive(heldActions: Int)
    /// Not a real step: the library never produces it (see <doc:EnumPolicy>).
    case _doNotMatchThisCase

    /// `jumped to 3`, `resumed live (2 held actions)`.
    public var description: String {
        switch self {
        case .jumped(let index): "jumped to \(index)"
        case .resumedLive(let held): "resumed live (\(held) held action\(held == 1 ? "" : "s"))"
        case ._doNotMatchThisCase: "unknown"
        }
    }
}
