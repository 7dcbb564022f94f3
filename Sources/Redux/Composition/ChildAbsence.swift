/// Why a lifted component skipped an action addressed to its child: the child was not there.
///
/// Reported in a `.childAbsent` log event (a warning: an action reached a child that is gone, for
/// example a late action for a dismissed sheet); with no log handler, a debug build prints one
/// line for the action instead (``StoreOptions/printsDiagnostics``); a `TestStore` fails the step
/// that sent it unless the step declares the absence. The action is not an error: the lifted
/// component answers `.defaultNext`, the other components still see it, and its outcome is
/// ``DispatchOutcome/unhandled`` only if no other reducer handled it. See <doc:Composition>.
///
/// A child is absent for an action only if it was absent when the action entered the reducer
/// chain: a lifted reducer that skips an action because an earlier reducer of the same chain
/// removed its child (a parent that dismisses a sheet on the sheet's own action) reports
/// nothing.
public enum ChildAbsence: Hashable, Sendable, CustomStringConvertible {
    /// The optional child state was `nil`; for a child that is one case of an optional (or
    /// presented) enum, the enum itself was `nil`.
    case isNil
    /// The enum-case child's enum held another case (it was not `nil`).
    case otherCase
    /// The collection had no element with the action's id (its description).
    case missingElement(id: String)

    /// A short phrase for the log: `is nil`, `is another case`, `has no element 3`.
    public var description: String {
        switch self {
        case .isNil: "is nil"
        case .otherCase: "is another case"
        case .missingElement(let id): "has no element \(id)"
        }
    }
}
