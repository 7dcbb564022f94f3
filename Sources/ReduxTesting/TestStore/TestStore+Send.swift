/// Sending actions, and asserting the resumption of one that suspended.
extension TestStore {
    /// Sends `action` through the whole pipeline and checks what it did.
    ///
    /// The store processes the action at once, as a main-actor dispatch would — after what other
    /// isolations had queued before it, and followed by what main-actor code dispatches while it
    /// runs. `send` returns when the action has reached its terminal, or has suspended in a
    /// middleware's `.deferred` handler (the step's ``TestStep/outcome`` is then `nil`; assert
    /// the resumption with ``resumed(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)``).
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
    ///   the log) is reported in exhaustive mode and listed in ``skipped`` otherwise, unless the
    ///   step declares it with `childAbsent`.
    ///
    /// To send an action to a child the test knows is absent — an optional child that is `nil`,
    /// an enum-case child in another case, an element id not in the collection — declare the
    /// absence:
    ///
    /// ```swift
    /// await store.send(.rows(.element(id: 9, action: .save)), childAbsent: .missingElement(id: "9"))
    /// ```
    ///
    /// Declared, every `.childAbsent` of the action with that absence is expected, whichever
    /// lifted component logged it — in the pass `send` checks and, for an action that suspends
    /// in a `.deferred` handler, in its resumptions, which
    /// ``resumed(_:expecting:childAbsent:timeout:fileID:filePath:line:column:assert:)`` checks.
    /// An absence of another kind is still reported. A declared absence that no pass of the
    /// action meets (the child was there, or was absent for another reason) is a failure, in
    /// either mode, of the step at which the action reached its terminal.
    ///
    /// - Parameters:
    ///   - action: the action to dispatch.
    ///   - expected: the outcome the test expects (e.g. `.recovered(.reduceAs(.loginFailed), reduced: true)`).
    ///   - childAbsent: the absence the action is expected to meet — `.isNil`, `.otherCase` or
    ///     `.missingElement(id:)` with the id's description — or `nil` (the default) when it
    ///     must reach no absent child.
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
        childAbsent: ChildAbsence? = nil,
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
        handle.absenceDeclarations = checkAbsences(of: record, carried: [], declared: declared, step: step, at: site)
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
    /// An absent child the resumption reaches is checked as `send` checks one: the declaration
    /// the step that sent (or received) the action made with `childAbsent:` still covers it,
    /// whether or not the pass before the suspension met it too, and so does one made here —
    /// for an absence only the resumption meets. A declaration made here covers this resumption
    /// and, if it suspends again, the later ones, not the passes already checked; one of the
    /// kind the step already declared adds nothing. Once the action reaches its terminal, a
    /// declaration that no pass met is a failure of this step.
    ///
    /// ```swift
    /// let step = await store.send(.sheet(.save))  // suspends in a `.deferred` handler
    /// await store.resumed(step, childAbsent: .isNil)  // meanwhile, the sheet was dismissed
    /// ```
    ///
    /// - Parameters:
    ///   - step: what ``send(_:expecting:childAbsent:fileID:filePath:line:column:assert:)`` (or a `receive`) returned.
    ///   - expected: the outcome expected; by default the one `send` was given.
    ///   - childAbsent: an absence the resumption is expected to meet, besides the one the step
    ///     declared; `nil` (the default) declares none here.
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
        childAbsent: ChildAbsence? = nil,
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
        step.absenceDeclarations = checkAbsences(of: record, carried: step.absenceDeclarations, declared: childAbsent, step: what, at: site)
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
        reportUnimplementedCalls(at: site)
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
