/// Receiving the actions the pipeline processed on its own.
extension TestStore {
    /// Checks the next action the test did not send — an effect's send, a middleware's or a
    /// task's dispatch, a resolver's recovery of a task error — and the change it made.
    ///
    /// Waits (real time, up to `timeout`) until such an action has been processed or the store
    /// is quiescent (every effect finished or asleep on the clock); it never moves the clock, so
    /// an action an effect sends after a sleep on a `TestClock` needs `await clock.advance(by:)`
    /// first — otherwise this reports, at once, that nothing was received. Work declared with
    /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` that is running (a stream
    /// consumer) counts here: the wait ends when its action arrives, or at `timeout`.
    ///
    /// Exhaustive: the next action the store processed must be this one; `assert` is applied to
    /// the state just before it and compared with the state right after it, so changes are
    /// credited to the action that made them. Non-exhaustive: earlier received actions are
    /// skipped until one matches, and `assert` is checked against the current state.
    ///
    /// An absent child the action reached (a lifted component skipped it: `.childAbsent` in the
    /// log) is checked as ``send(_:expecting:childAbsent:fileID:filePath:line:column:assert:)``
    /// checks one: a failure in exhaustive mode and listed in ``skipped`` otherwise, unless the
    /// step declares it with `childAbsent` — an effect's late answer for a dismissed sheet:
    ///
    /// ```swift
    /// await store.receive(.sheet(.loaded(3)), childAbsent: .isNil)
    /// ```
    ///
    /// A declared absence that no pass of the action meets is a failure, in either mode. Every
    /// form of `receive` takes `childAbsent`.
    ///
    /// - Parameters:
    ///   - action: the action expected (compared with `==`).
    ///   - expected: the outcome the test expects; undeclared failures are reported as for `send`.
    ///   - childAbsent: the absence the action is expected to meet (`.isNil`, `.otherCase`,
    ///     `.missingElement(id:)`), or `nil` (the default) when it must reach no absent child.
    ///   - timeout: the longest real time to wait, a limit only a hang should reach; `nil` (the
    ///     default) uses ``quiescenceTimeout``. The wait ends as soon as the action arrives or
    ///     the store is quiescent.
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state into the state the test expects.
    /// - Returns: the step's handle, or `nil` when nothing matching was received.
    @discardableResult
    public func receive(
        _ action: Action,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? where Action: Equatable {
        await receive(
            describe(action), matching: { $0 == action }, expectedAction: action, expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }

    /// Like ``receive(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)-(Action,_,_,_,_,_,_,_,_)``, matching the
    /// received action with `predicate` (for actions that are not `Equatable`, or to match a case
    /// whatever its payload: `receive(where: { if case .loaded = $0 { true } else { false } })`).
    /// `childAbsent` declares the absent child the action is expected to reach, as it does
    /// there — the way to declare one for an action that is not `Equatable`.
    @discardableResult
    public func receive(
        where predicate: @escaping (Action) -> Bool,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? {
        await receive(
            "an action matching the predicate", matching: predicate, expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }

    /// Like ``receive(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)-(Action,_,_,_,_,_,_,_,_)``, matching one
    /// case of the action: `embedding` extracts the case's payload (an `Embedding`, the same
    /// value that lifts a child's actions, used here as a case matcher); any payload matches.
    /// `childAbsent` declares the absent child the action is expected to reach, as it does there.
    @discardableResult
    public func receive<Payload>(
        _ embedding: Embedding<Action, Payload>,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? {
        await receive(
            "an action of the case given", matching: { embedding.extract($0) != nil }, expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }

    /// Like ``receive(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)-(Action,_,_,_,_,_,_,_,_)``, matching one
    /// case of the action with the payload `payload`.
    /// `childAbsent` declares the absent child the action is expected to reach, as it does there.
    @discardableResult
    public func receive<Payload: Equatable>(
        _ embedding: Embedding<Action, Payload>,
        _ payload: Payload,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action>? {
        await receive(
            "an action of the case given with payload \(describe(payload))", matching: { embedding.extract($0) == payload },
            expected: expected, childAbsent: childAbsent, timeout: timeout,
            at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert
        )
    }

    func receive(
        _ wanted: String,
        matching matches: @escaping (Action) -> Bool,
        expectedAction: Action? = nil,
        expected: DispatchOutcome<Action>?,
        childAbsent declared: ChildAbsence?,
        timeout: Duration?,
        at site: TestSite,
        assert: ((inout State) throws -> Void)?
    ) async -> TestStep<Action>? {
        let timeout = timeout ?? quiescenceTimeout
        leftovers.set(finished: false)
        reportUnresolvedEffectErrors(at: site)
        let exhaustive = isExhaustive
        let candidate: () -> Int? = { [ledger, unowned self] in
            exhaustive
                ? ledger.firstPending(where: { _ in true })
                : ledger.firstPending(where: { self.isReceived($0) && matches($0.action) })
        }
        let result = await wait(timeout: timeout, countingExempted: true) { candidate() != nil }
        reportUnresolvedEffectErrors(at: site)
        guard let index = candidate() else {
            site.fail("Expected to receive \(wanted), but nothing was received: \(nothingArrived(result, timeout: timeout)).")
            return nil
        }
        let record = ledger.records[index]
        if exhaustive {
            if !isReceived(record) {
                markAsserted(index)
                site.fail("Expected to receive \(wanted), but the next step the store processed is the \(record.summary); assert it with `resumed(_:)` first.")
                return nil
            }
            if !matches(record.action) {
                markAsserted(index)
                let difference = expectedAction.map { ":\n" + stateDifference($0, record.action, legend: "Difference: - expected action, + received action") } ?? "."
                site.fail("Expected to receive \(wanted), but the store received \(describe(record.action))\(difference)")
                return nil
            }
        } else {
            settlePending(before: index, step: "receiving \(describe(record.action))", receivedOnly: true, at: site)
        }
        markAsserted(index)
        let step = "receiving \(describe(record.action))"
        let handle = TestStep(action: record.action, sequence: record.sequence, outcome: record.outcome, expectedOutcome: expected)
        handle.absenceDeclarations = checkAbsences(of: record, carried: [], declared: declared, step: step, at: site)
        if let outcome = record.outcome {
            checkOutcome(outcome, expected: expected, step: step, sentByTest: false, at: site)
        }
        checkState(before: ledger.state(before: index), after: record.after, change: assert, step: step, at: site)
        return handle
    }
}
