/// How much a ``TestStore`` demands that a test describe.
///
/// The idea is The Composable Architecture's exhaustivity; the non-exhaustive mode is what it
/// calls "non-exhaustive testing".
public enum Exhaustivity: Sendable, Hashable {
    /// Exhaustive (the default): every state change is described by the step that caused it,
    /// every action the store processed on its own is received, every failure and every action
    /// for an absent child is declared (`childAbsent:` on the step — an action skipped with
    /// ``TestStore/skipReceivedActions(strict:fileID:filePath:line:column:)`` cannot declare
    /// one, so its absence fails there), and
    /// ``TestStore/finish(timeout:fileID:filePath:line:column:)`` finds no effect in flight and no
    /// action still suspended. Anything else is reported as a test failure.
    case on

    /// Non-exhaustive: a step checks only what its closure states, against the current state
    /// (everything reduced so far); received actions may be skipped, an action for an absent
    /// child is listed in ``TestStore/skipped`` rather than failing, and what is left at
    /// ``TestStore/finish(timeout:fileID:filePath:line:column:)`` is not a failure.
    ///
    /// - Parameter showsSkipped: when `true`, every skipped check (an action not received, a
    ///   state change not described, an effect still in flight) is recorded as a known issue
    ///   under Swift Testing — listed, not failing — or printed under XCTest, and kept in
    ///   ``TestStore/skipped``.
    case off(showsSkipped: Bool)

    /// Non-exhaustive, listing nothing: `.off(showsSkipped: false)`.
    public static let off = Exhaustivity.off(showsSkipped: false)
}
