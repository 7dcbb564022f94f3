/// The checks every step shares: state, outcome, what is left pending.
extension TestStore {
    var isExhaustive: Bool { exhaustivity == .on }

    var showsSkipped: Bool {
        if case .off(showsSkipped: true) = exhaustivity { return true }
        return false
    }

    /// Notes a check skipped in non-exhaustive mode (listed when asked to).
    func skip(_ message: String, at site: TestSite) {
        skipped.append(message)
        if showsSkipped { site.listSkipped(message) }
    }

    /// Checks a step's state. Exhaustive: `change` applied to `before` must give `after` exactly.
    /// Non-exhaustive: `change` applied to the current state must leave it unchanged (so only
    /// what the closure states is checked, against everything reduced so far).
    func checkState(
        before: State, after: State, change: ((inout State) throws -> Void)?, step: String, at site: TestSite
    ) {
        let actual = isExhaustive ? after : state
        var expected = isExhaustive ? before : actual
        do {
            try runExpectation(change, on: &expected)
        } catch {
            site.fail("The expected-state closure of \(step) threw \(describe(error)).")
            return
        }
        if expected != actual {
            let heading = isExhaustive
                ? "The state after \(step) is not what the test expected"
                : "The state after \(step) does not have what the test expected"
            site.fail("\(heading):\n\(stateDifference(expected, actual))")
            return
        }
        if !isExhaustive {
            var described = before
            do { try runExpectation(change, on: &described) } catch { return }
            if described != after {
                skip("state changes after \(step) not described:\n\(stateDifference(described, after, legend: "Difference: - described, + actual"))", at: site)
            }
        }
    }

    /// Checks an outcome against the test's expectation; with none, a failure (and, in
    /// exhaustive mode, a recovered error) is reported as undeclared.
    func checkOutcome(_ outcome: DispatchOutcome<Action>, expected: DispatchOutcome<Action>?, step: String, sentByTest: Bool, at site: TestSite) {
        if let expected {
            if !outcomesMatch(outcome, expected) {
                site.fail("\(step) ended \(describe(outcome)), but the test expected \(describe(expected)).")
            }
            return
        }
        switch outcome {
        case .failed(let error):
            if isExhaustive || sentByTest {
                site.fail("\(step) failed with \(describe(error)), and the test did not declare it (pass `expecting: .failed(…)`).")
            } else {
                skip("\(step) failed with \(describe(error))", at: site)
            }
        case .recovered(let recovery, _):
            if isExhaustive {
                site.fail("\(step) raised an error that a resolver recovered (\(describe(recovery))), and the test did not declare it (pass `expecting: \(describe(outcome))`).")
            }
        case .refused(let reason):
            site.fail("\(step) was refused (\(reason)): the store no longer accepts actions.")
        case .cancelled:
            site.fail("\(step) was cancelled: the store was invalidated before it reached its terminal.")
        default:
            break
        }
    }

    /// Checks the absent children one pass of an action reached (the `.childAbsent` events of
    /// `record`) against the declarations carried for that action, adding `declared` — the
    /// step's own `childAbsent:`, unless one of the same kind is already carried — to them.
    ///
    /// A declaration covers every absence of its kind met by this pass and by every later pass
    /// of the action (the resumptions of a suspended action); an absence nobody declared is a
    /// failure in exhaustive mode (The Composable Architecture fails a test whose action
    /// reaches a child that is not there) and is listed in ``skipped`` otherwise. While the
    /// action is suspended (`record` is a suspension) the declarations are returned, to be
    /// checked again at the resumption. Once it reached its terminal, a declaration no pass met
    /// is a failure in either mode, naming the absences this pass met instead (not reported
    /// again on their own); nothing is returned then.
    func checkAbsences(
        of record: TestRecord<State, Action>, carried: [AbsenceDeclaration], declared: ChildAbsence?, step: String, at site: TestSite
    ) -> [AbsenceDeclaration] {
        var declarations = carried
        if let declared, !declarations.contains(where: { $0.absence == declared }) {
            declarations.append(AbsenceDeclaration(absence: declared, step: step))
        }
        var seen = distinctAbsences(of: record)
        for position in declarations.indices where seen.contains(where: { $0.absence == declarations[position].absence }) {
            declarations[position].isMet = true
            seen.removeAll { $0.absence == declarations[position].absence }
        }
        if !record.isSuspension {
            for declaration in declarations where !declaration.isMet {
                // A declaration carried from the step that sent the action covered every pass.
                let passes = declaration.step == step ? "" : " before or after its suspension"
                let found = seen.isEmpty
                    ? "no lifted component skipped it for an absent child\(passes)"
                    : "the absence it met was " + seen.map(\.summary).joined(separator: "; ")
                site.fail("\(declaration.step) was declared to reach an absent child (\(declaration.absence)), but \(found).")
                seen = []  // named in that failure
            }
            declarations = []
        }
        for skipped in seen {
            if isExhaustive {
                site.fail("\(step) reached an absent child: \(skipped.summary), and the test did not declare it (pass `childAbsent: \(declaration(skipped.absence))`).")
            } else {
                skip("\(step) reached an absent child: \(skipped.summary)", at: site)
            }
        }
        return declarations
    }

    /// The absent children `record`'s pass met, each component and absence once.
    func distinctAbsences(of record: TestRecord<State, Action>) -> [SkippedChild] {
        var seen: [SkippedChild] = []
        for skipped in record.absences where !seen.contains(where: { $0.component.path == skipped.component.path && $0.absence == skipped.absence }) {
            seen.append(skipped)
        }
        return seen
    }

    /// What a failure naming `record` adds about the absent children its pass met:
    /// "; it reached an absent child: sheet is nil (skipped by sheet/job#3)", or nothing.
    func absenceNote(for record: TestRecord<State, Action>) -> String {
        let absences = distinctAbsences(of: record)
        guard !absences.isEmpty else { return "" }
        let plural = absences.count == 1 ? "an absent child" : "absent children"
        return "; it reached \(plural): " + absences.map(\.summary).joined(separator: "; ")
    }

    /// Lists, in ``skipped``, the absent children met by `record`, an action the test did not
    /// receive (non-exhaustive mode).
    func skipAbsences(of record: TestRecord<State, Action>, at site: TestSite) {
        for skipped in distinctAbsences(of: record) {
            skip("\(describe(record.action)) reached an absent child: \(skipped.summary)", at: site)
        }
    }

    /// How a test writes `absence` as a declaration: `.missingElement(id: "9")`.
    private func declaration(_ absence: ChildAbsence) -> String {
        switch absence {
        case .isNil: ".isNil"
        case .otherCase: ".otherCase"
        case .missingElement(let id): ".missingElement(id: \(describe(id)))"
        }
    }

    /// Reports the calls of unimplemented dependencies made off the test's task since the last
    /// step: always failures, whatever the exhaustivity.
    func reportUnimplementedCalls(at site: TestSite) {
        for call in unimplementedCalls.take() {
            site.fail(UnimplementedCallLog.message(for: call))
        }
    }

    /// Reports effect errors no resolver recovered, seen since the last step, and the calls of
    /// unimplemented dependencies made off the test's task.
    func reportUnresolvedEffectErrors(at site: TestSite) {
        reportUnimplementedCalls(at: site)
        guard !ledger.unresolvedErrors.isEmpty else { return }
        let errors = ledger.unresolvedErrors
        ledger.unresolvedErrors.removeAll()
        for failure in errors {
            let message = failure.summary
            if isExhaustive { site.fail(message) } else { skip(message, at: site) }
        }
    }

    /// Settles the pending records before `index`: in exhaustive mode each is a failure (it was
    /// processed before `step` and nobody asserted it); otherwise they are skipped.
    func settlePending(before index: Int, step: String, receivedOnly: Bool, at site: TestSite) {
        let earlier = ledger.pendingIndices.filter { $0 < index }
            .filter { !receivedOnly || isReceived(ledger.records[$0]) }
        guard !earlier.isEmpty else { return }
        let lines = earlier.map { "  • \(ledger.records[$0].summary)\(absenceNote(for: ledger.records[$0]))" }.joined(separator: "\n")
        for position in earlier { ledger.mark(position, .skipped) }
        if isExhaustive {
            site.fail("The store processed \(earlier.count) action\(earlier.count == 1 ? "" : "s") before \(step) that the test did not receive:\n\(lines)")
        } else {
            skip("not received before \(step):\n\(lines)", at: site)
            for position in earlier { skipAbsences(of: ledger.records[position], at: site) }
        }
    }

    /// A record of an action the test did not send (and not a resumption).
    func isReceived(_ record: TestRecord<State, Action>) -> Bool {
        !record.isResumption && !ledger.sent.contains(record.sequence)
    }

    /// Effects in flight that the test did not skip.
    var unskippedInFlight: Int { store.inFlightTaskIDs.subtracting(skippedTasks).count }

    /// Waits until `condition` holds, the store is quiescent, or `timeout` (real time) passes.
    /// With `countingExempted`, work declared long-lived that is running keeps the store busy
    /// (a `receive` waits for what it sends).
    func wait(timeout: Duration, countingExempted: Bool = false, until condition: @escaping () -> Bool) async -> WaitResult {
        if condition() { return .held }
        do {
            let held = try await store.waitUntilQuiescent(or: { _ in condition() }, timeout: timeout, countingExempted: countingExempted)
            return held || condition() ? .held : .quiescent
        } catch is SettleTimeoutError {
            return condition() ? .held : .timedOut
        } catch {
            return condition() ? .held : .cancelled
        }
    }

    /// Why nothing arrived, for failure messages.
    func nothingArrived(_ result: WaitResult, timeout: Duration) -> String {
        let asleep = store.sleepingTaskCount
        switch result {
        case .timedOut:
            let busy = busyWork()
            let declared = store.describeTasks(store.inFlightTaskIDs.intersection(skippedTasks)).filter { !$0.isAsleep }.count
            var parts = ["it timed out after \(timeout)"]
            if !busy.isEmpty { parts.append("still running:" + busy.map { "\n  • \($0)" }.joined()) }
            if declared > 0 { parts.append("\(declared) declared long-lived effect\(declared == 1 ? " was" : "s were") in flight and could have sent it") }
            if asleep > 0 { parts.append("\(asleep) effect\(asleep == 1 ? " is" : "s are") asleep on the clock (advance it first?)") }
            return parts.joined(separator: "; ")
        case .cancelled:
            return "the test's task was cancelled while waiting"
        default:
            if asleep > 0 {
                return "the store is quiescent: \(asleep) effect\(asleep == 1 ? " is" : "s are") asleep on the clock (advance it first?)"
            }
            return "the store is quiescent and no effect is in flight"
        }
    }

    func markAsserted(_ index: Int) { ledger.mark(index, .asserted) }

    /// Waits (up to `timeout`, by default ``quiescenceTimeout``) until the store is quiescent:
    /// nothing queued, and no task running that is not asleep on the clock, skipped with
    /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` while it ran, or given up
    /// on by an earlier step (the store does not count those).
    func waitForQuiescence(timeout: Duration? = nil) async -> WaitResult {
        // `Store.isQuiescent` reads running work before the queues it feeds: a task queues its
        // send before it counts itself finished, so once it is seen finished its send is seen
        // too. Read the other way round, a send made between the two reads would slip through.
        await wait(timeout: timeout ?? quiescenceTimeout) { false }
    }

    /// The tasks still running that the test did not declare (not asleep on the clock), one
    /// line each: the component that started it and the action whose pass did.
    func busyWork() -> [String] {
        store.describeTasks(store.inFlightTaskIDs.subtracting(skippedTasks)).filter { !$0.isAsleep }.map { task in
            let component = task.origin.map { "\($0)" } ?? "a task"
            let action = ledger.records.first { $0.sequence == task.sequence && !$0.isResumption }.map { " started by \(describe($0.action))" } ?? ""
            return "\(component)\(action)"
        }
    }

    /// Runs an expected-state closure on `state` (a copy) inside a fresh
    /// `Dependencies(context: .test)` container: what it reads gives test values, never the
    /// live ones and never the store's own (so it cannot advance a generator the feature uses).
    func runExpectation(_ change: ((inout State) throws -> Void)?, on state: inout State) throws {
        guard let change else { return }
        try runExpectation(change, on: &state)
    }

    func runExpectation(_ change: (inout State) throws -> Void, on state: inout State) throws {
        try Dependencies.$current.withValue(Dependencies(context: .test)) { try change(&state) }
    }

    /// Before a step: lets what earlier steps set off run until the store is quiescent (every
    /// effect finished or asleep on the clock, nothing queued), so that whether an effect's send
    /// lands before the step never depends on thread timing. Marks the test store as in use
    /// again (a step after `finish()` needs another).
    ///
    /// Work still running after ``quiescenceTimeout`` of real time is a failure of `step`,
    /// naming each busy task; those tasks are then exempted, so later steps do not wait for
    /// them again.
    func settleBeforeStep(_ step: String, at site: TestSite) async {
        leftovers.set(finished: false)
        if store.isQuiescent { return }
        if await waitForQuiescence() == .timedOut {
            let busy = busyWork()
            store.exemptFromQuiescence(store.inFlightTaskIDs)
            let lines = busy.map { "  • \($0)" }.joined(separator: "\n")
            site.fail("""
                The store was still busy after \(quiescenceTimeout) of waiting, before \(step), with \(busy.count) task\(busy.count == 1 ? "" : "s") running:
                \(lines)
                A task that waits on something other than the store's clock (a stream, I/O, a continuation, another clock) keeps the store busy: declare it with `skipInFlightEffects()` after the step that starts it, or let it sleep on the store's clock. Later steps no longer wait for these tasks.
                """)
        }
    }
}

/// How a wait ended.
enum WaitResult { case held, quiescent, timedOut, cancelled }

/// Whether two outcomes are the same: with `==` when the action type is `Equatable`, by their
/// text otherwise.
func outcomesMatch<Action>(_ lhs: DispatchOutcome<Action>, _ rhs: DispatchOutcome<Action>) -> Bool {
    if let equatable = lhs as Any as? any Equatable {
        return equals(equatable, rhs)
    }
    return describe(lhs) == describe(rhs)
}

private func equals<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    (rhs as? Value) == lhs
}
