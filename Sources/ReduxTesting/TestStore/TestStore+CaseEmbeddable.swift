import Redux

/// Receiving an action of a case named by a key path into the action's
/// `CaseEmbeddable.embeddings`: `await store.receive(\.rows)` and
/// `await store.receive(\.counter, .incremented)` (The Composable Architecture's
/// `receive(\.case)` shape). Each is the `Embedding` form of `receive` for
/// `Action.embeddings[keyPath: case]`: the same wait, matching, exhaustivity and checks.
extension TestStore where Action: CaseEmbeddable {
    /// Like the `receive(_ embedding:)` form that takes an `Embedding`, for the case named by
    /// `case`, a key path into `CaseEmbeddable.embeddings`; any payload matches. A failure
    /// names the case when the key path can describe itself (a stored property; a computed one,
    /// as a macro writes, reads as "the case given").
    ///
    /// - Parameters:
    ///   - case: the case expected: a key path to its `Embedding`.
    ///   - expected: the outcome the test expects; undeclared failures are reported as for `send`.
    ///   - childAbsent: the absence the action is expected to meet, or `nil`.
    ///   - timeout: the longest real time to wait; `nil` uses ``quiescenceTimeout``.
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state into the state the test expects.
    /// - Returns: the step's handle, or `nil` when nothing matching was received.
    @discardableResult
    public func receive<Payload>(
        _ case: KeyPath<Action.Embeddings, Embedding<Action, Payload>>,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? {
        let extract = Action.embeddings[keyPath: `case`].extract
        return await receive(
            "an action of the case \(caseName(`case`))", matching: { extract($0) != nil }, expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }

    /// Like the `receive(_ embedding:_ payload:)` form that takes an `Embedding`, for the
    /// case named by `case`, a key path into `CaseEmbeddable.embeddings`, with the payload
    /// `payload`. A failure shows the action expected (the case embedding `payload`).
    ///
    /// - Parameters:
    ///   - case: the case expected: a key path to its `Embedding`.
    ///   - payload: the payload expected (compared with `==`).
    ///   - expected: the outcome the test expects; undeclared failures are reported as for `send`.
    ///   - childAbsent: the absence the action is expected to meet, or `nil`.
    ///   - timeout: the longest real time to wait; `nil` uses ``quiescenceTimeout``.
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state into the state the test expects.
    /// - Returns: the step's handle, or `nil` when nothing matching was received.
    @discardableResult
    public func receive<Payload: Equatable>(
        _ case: KeyPath<Action.Embeddings, Embedding<Action, Payload>>,
        _ payload: Payload,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? {
        let embedding = Action.embeddings[keyPath: `case`]
        let extract = embedding.extract
        return await receive(
            "an action of the case \(caseName(`case`)) with payload \(describe(payload)) (\(describe(embedding.embed(payload))))", matching: { extract($0) == payload },
            expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }
}

/// The case a key path names, for a failure message: its description when it names its
/// properties (`\Embeddings.rows`), or "given" when it holds a computed property this platform
/// cannot name (`\Embeddings.<computed 0x… (…)>` on Linux).
func caseName(_ keyPath: AnyKeyPath) -> String {
    let description = String(describing: keyPath)
    return description.contains("<computed") ? "given" : "`\(description)`"
}
