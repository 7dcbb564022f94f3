/// Sending actions, and asserting the resumption of one that suspended.
extension TestStore {
    /// Sends `action` through the whole pipeline and checks what it did.
    ///
    /// The store processes the action at once, as a main-actor dispatch would — after what other
    /// isolations had queued before it, and followed by what main-actor code dispatches while it
    /// runs. `send` returns when the action has reached its terminal, or has suspended in a
    /// middleware's `.deferred` handler (the step's ``TestStep/outcome`` is then `nil`; assert
    /// the resumption with ``resumed(_:expecting:timeout:fileID:filePath:line:column:assert:)``).
    /// It never waits on the clock.
    ///
    /// Checks, reported at this call's file and line:
    /// - exhaustive: `assert` applied to a copy of the state just before the action must give
    ///   exactly the state just after it (changes caused by actions processed after it are
    ///   credited to their own `receive`); non-exhaustive: `assert` applied to the current state
    ///   must leave it unchanged;
    /// - the outcome equals `expected` when given; when not, an outcome of
    ///   `DispatchOutcome.failed(_:)` (and, in exhaustive mode, `DispatchOutcome.recovered(_:reduced:)`)
    ///   is reported as undeclared, as are `.refused` and `.cancelled`;
    /// - exhaustive: actions the store processed before this one and the test did not receive
    ///   are reported;
    /// - an absent child the action reached (a lifted component skipped it: `.childAbsent` in
    ///   the log) is reported in exhaustive mode and listed in ``skipped`` otherwise; declare it
    ///   with ``send(_:expecting:childAbsent:fileID:filePath:line:column:assert:)``.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - expected: the outcome the test expects (e.g. `.recovered(.reduceAs(.loginFailed), reduced: true)`).
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state into the state the test expects; it runs on a copy
    ///     and touches nothing the feature uses.
    /// - Returns: the step's handle.
    @discardableResult
    public func send(
        _ action: Action,
        expecting expected: DispatchOutcome<Action>? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action> {
        await send(action, expected: expected, childAbsent: nil, at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert)
    }

    /// Sends `action` to a child the test knows is absent — an optional child that is `nil`,
    /// an enum-case child in another case, an element id not in the collection — and checks
    /// what it did, like ``send(_:expecting:fileID:filePath:line:column:assert:)``.
    ///
    /// ```swift
    /// await store.send(.rows(.element(id: 9, action: .save)), childAbsent: .missingElement(id: "9"))
    /// ```
    ///
    /// A lifted component that skips an action because its child is absent logs a
    /// `.childAbsent` event; without this declaration, an exhaustive test store reports it as a
    /// failure of the step (a non-exhaustive one lists it in ``skipped``). Declared, every
    /// `.childAbsent` of the step's pass with the absence `childAbsent` is expected; one with
    /// another absence is still reported, and a declared absence that does not happen (the
    /// child was there, or was absent for another reason) is a failure, in either mode. For an
    /// action that suspends in a `.deferred` handler, an absence its resumption meets counts too.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - expected: the outcome the test expects.
    ///   - childAbsent: why the child is absent: `.isNil`, `.otherCase` or
    ///     `.missingElement(id:)` with the id's description.
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state into the state the test expects.
    /// - Returns: the step's handle.
    @discardableResult
    public func send(
        _ action: Action,
        expecting expected: DispatchOutcome<Action>? = nil,
        childAbsent: ChildAbsence,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action> {
        await send(action, expected: expected, childAbsent: childAbsent, at: TestSite(fileID: fileID, filePath: filePath, line: line, column: column), assert: assert)
    }

    func send(
        _ action: Action, expected: DispatchOutcome<Action>?, childAbsent declared: ChildAbsence?, at site: TestSite,
        assert: ((inout State) throws -> Void)?
    ) async -> TestStep<Action> {
        let fileID = site.fileID
        let line = site.line
        await settleBeforeStep("sending \(describe(action))", at: site)
        reportUnresolvedEffectErrors(at: site)
        let ticket = store.dispatchTracked(action, file: fileID, line: line)
        let sequence = ticket.sequence
        ledger.sent.insert(sequence)
        let step = "sending \(describe(action))"
        guard let index = ledger.index(of: sequence, resumption: false) else {
            site.fail("\(step): the store did not process it (no terminal and no suspension in its log).")
            return TestStep(action: action, sequence: sequence, outcome: nil, expectedOutcome: expected)
        }
        if isExhaustive { settlePending(before: index, step: step, receivedOnly: false, at: site) }
        markAsserted(index)
        let record = ledger.records[index]
        let handle = TestStep(action: action, sequence: sequence, outcome: record.outcome, expectedOutcome: expected)
        handle.declaredAbsence = checkAbsences(of: record, declared: declared, step: step, at: site)
        if let outcome = record.outcome {
            checkOutcome(outcome, expected: expected, step: step, sentByTest: true, at: site)
        }
        checkState(before: ledger.state(before: index), after: record.after, change: assert, step: step, at: site)
        reportUnresolvedEffectErrors(at: site)
        return handle
    }

    /// Checks the resumption of an action that suspended in a `.deferred` handler: the chain
    /// that ran when its handler returned, and the change it made.
    ///
    /// Waits (real time, up to `timeout`) until the resumption has been processed or the store is
    /// quiescent; it never moves the clock, so a handler that sleeps on a `TestClock` needs
    /// `await clock.advance(by:)` first — otherwise this reports that the action is still
    /// suspended, at once. Exhaustive: the actions processed before the resumption must have been
    /// received first; `assert` is applied to the state just before the resumption and compared
    /// with the state right after it. Updates `step`'s ``TestStep/outcome``.
    ///
    /// - Parameters:
    ///   - step: what ``send(_:expecting:fileID:filePath:line:column:assert:)`` (or a `receive`) returned.
    ///   - expected: the outcome expected; by default the one `send` was given.
    ///   - timeout: the longest real time to wait, a limit only a hang should reach; `nil` (the
    ///     default) uses ``quiescenceTimeout``. The wait ends as soon as the resumption is
    ///     processed or the store is quiescent.
    ///   - fileID: where a failure of this step is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    ///   - assert: mutates a copy of the state just before the resumption into the state the
    ///     test expects after it.
    @discardableResult
    public func resumed(
        _ step: TestStep<Action>,
        expecting expected: DispatchOutcome<Action>? = nil,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout State) throws -> Void)? = nil
    ) async -> TestStep<Action> {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        leftovers.set(finished: false)
        let what = "the resumption of \(describe(step.action))"
        guard step.isSuspended else {
            site.fail("\(describe(step.action)) is not suspended in a .deferred handler (it ended \(describe(step.outcome))): there is no resumption to assert.")
            return step
        }
        let sequence = step.sequence
        let timeout = timeout ?? quiescenceTimeout
        let result = await wait(timeout: timeout, countingExempted: true) { [ledger] in ledger.index(of: sequence, resumption: true, pendingOnly: true) != nil }
        reportUnresolvedEffectErrors(at: site)
        guard let index = ledger.index(of: sequence, resumption: true, pendingOnly: true) else {
            site.fail("\(describe(step.action)) is still suspended in its .deferred handler: \(nothingArrived(result, timeout: timeout)).")
            return step
        }
        settlePending(before: index, step: what, receivedOnly: !isExhaustive, at: site)
        markAsserted(index)
        let record = ledger.records[index]
        step.outcome = record.outcome
        step.declaredAbsence = checkAbsences(of: record, declared: step.declaredAbsence, step: what, at: site)
        if let outcome = record.outcome {
            checkOutcome(outcome, expected: expected ?? step.expectedOutcome, step: what, sentByTest: ledger.sent.contains(sequence), at: site)
        }
        checkState(before: ledger.state(before: index), after: record.after, change: assert, step: what, at: site)
        return step
    }

    /// Checks the current state without sending anything: `assert` applied to a copy of the
    /// current state (everything reduced so far) must leave it unchanged.
    public func assert(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ assert: (inout State) throws -> Void
    ) async {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await settleBeforeStep("assert", at: site)
        let current = state
        var expected = current
        do {
            try runExpectation(assert, on: &expected)
        } catch {
            site.fail("The expected-state closure of assert threw \(describe(error)).")
            return
        }
        if expected != current {
            site.fail("The current state is not what the test expected:\n\(stateDifference(expected, current))")
        }
    }
}
