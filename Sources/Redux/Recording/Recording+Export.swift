import Foundation

extension Recording {
    /// The recording as a Redux DevTools lifted-state document: compact JSON, plain (no `$jsan`
    /// keys), which Redux DevTools opens with its import button.
    ///
    /// The top-level keys come in this order: `actionsById` (keyed by the ids as strings, in
    /// staged order; each value the step's ``Step/actionJSON``), `computedStates` (each element the
    /// step's ``Step/computedStateJSON``, index-aligned with `stagedActionIds`),
    /// `stagedActionIds`, `skippedActionIds`, `nextActionId`, `currentStateIndex`,
    /// `committedState` (``committedStateJSON``), `isLocked`, `isPaused`. The raw pieces are
    /// written verbatim, so exporting a recording read by ``init(importing:)`` from a file this
    /// method wrote gives the same bytes.
    ///
    /// A pure function: call it from any isolation.
    ///
    /// - Complexity: O(n) in the total size of the raw pieces.
    public func exported() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(steps.reduce(256 + committedStateJSON.count) { $0 + $1.actionJSON.count + $1.computedStateJSON.count + 24 })
        bytes += Array(#"{"actionsById":{"#.utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("\"\(step.id)\":".utf8)
            bytes += step.actionJSON
        }
        bytes += Array(#"},"computedStates":["#.utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += step.computedStateJSON
        }
        bytes += Array(#"],"stagedActionIds":"#.utf8)
        bytes += Array(Self.list(steps.map(\.id)).utf8)
        bytes += Array(#","skippedActionIds":"#.utf8)
        bytes += Array(Self.list(skippedActionIds).utf8)
        bytes += Array(#","nextActionId":\#(nextActionId),"currentStateIndex":\#(currentStateIndex),"committedState":"#.utf8)
        bytes += committedStateJSON
        bytes += Array(#","isLocked":\#(isLocked),"isPaused":\#(isPaused)}"#.utf8)
        return Data(bytes)
    }

    /// `[1,2,3]`.
    private static func list(_ ids: [Int]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
