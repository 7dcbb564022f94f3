import Foundation

extension Recording {
    /// Reads a Redux DevTools lifted-state document: one written by ``exported()``, or by Redux
    /// DevTools' export button in plain JSON.
    ///
    /// Each entry and each `computedStates` element is kept verbatim (unknown keys included), so
    /// ``exported()`` re-emits them byte for byte, and export → import → export of a file this
    /// type wrote gives the same bytes. Unknown top-level keys are read past and not kept.
    ///
    /// The checks run in three rounds; the first failure is thrown and nothing is built:
    /// 1. The bytes: one strict JSON value (RFC 8259, UTF-8, no duplicate keys, nesting at most
    ///    256 deep) → ``RecordingFormatError/notJSON(offset:reason:)``; then no `$jsan` key
    ///    anywhere → ``RecordingFormatError/jsanKey(path:)`` (the first in document order).
    /// 2. Each field on its own, in document order: the top level is an object; `actionsById` an
    ///    object keyed by non-negative integers whose entries have `type` `"PERFORM_ACTION"`, an
    ///    `action` object with a string `type`, a number `timestamp`, and an optional `meta` object
    ///    (`outcome` a string, `origin` `"external"` or `"effect"`, `clock` a non-negative number
    ///    of milliseconds, `states` `"state"` or `"projection"`); `computedStates` an array of
    ///    objects with a `state`; `stagedActionIds` a non-empty array of unique non-negative
    ///    integers starting with 0; `skippedActionIds` an array of unique integers;
    ///    `nextActionId` and `currentStateIndex` integers; `committedState` any value; `isLocked`
    ///    and `isPaused` booleans. An object's missing required fields are reported after its
    ///    present ones are checked. `isLocked` and `isPaused` may be absent (read as false, as
    ///    older exports omit them); every other top-level field is required.
    /// 3. The fields against each other, in the order above: every staged id has an entry and
    ///    every entry is staged; one `computedStates` element per staged id; every skipped id is
    ///    staged; `nextActionId` is greater than every staged id; `currentStateIndex` is a valid
    ///    index.
    ///
    /// ``statesAreFull`` is read from the entry of id 0: true only when its `meta.states` is
    /// `"state"`.
    ///
    /// A pure function of `data`: call it from any isolation.
    ///
    /// - Throws: ``RecordingFormatError``, naming the first bad field by its path.
    /// - Complexity: O(n) in the size of `data`.
    public init(importing data: Data) throws(RecordingFormatError) {
        let bytes = [UInt8](data)
        let root = try RecordingJSONScanner.parse(bytes)
        if let path = root.firstJSANKeyPath(at: "") {
            throw .jsanKey(path: path)
        }
        self = try RecordingImporter(bytes: bytes).recording(from: root)
    }
}
