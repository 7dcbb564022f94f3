/// Ending a test, and the deliberate gaps.
extension TestStore {
    /// Ends the test: waits (real time, up to `timeout`) until the store is quiescent, then, in
    /// exhaustive mode, reports every action the store processed that the test did not receive
    /// (with the change it made, and the absent children it reached), every action still suspended in a `.deferred` handler, every
    /// effect still in flight — running, or asleep on the clock — that
    /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` did not skip, and every effect
    /// error no resolver recovered. In non-exhaustive mode the same are skipped (and listed when
    /// ``Exhaustivity/off(showsSkipped:)`` asks for it), each absent child an unreceived action
    /// reached on its own line of ``skipped``. It never moves the clock.
    ///
    /// Call it at the end of every test; the deinitializer is only a fallback, which cannot wait.
    ///
    /// - Parameters:
    ///   - timeout: the longest real time to wait for running effects, a limit only a
    ///     hang should reach; `nil` (the default) uses ``quiescenceTimeout``. The wait ends as soon
    ///     as the store is quiescent; skipped effects are not waited for.
    ///   - fileID: where a failure found at the end is reported; the caller's file by default.
    ///   - filePath: the full path of that file; the caller's by default.
    ///   - line: the line a failure is reported at; the caller's by default.
    ///   - column: the column a failure is reported at; the caller's by default.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let timeout = timeout ?? quiescenceTimeout
        let result = await waitForQuiescence(timeout: timeout)
        reportUnresolvedEffectErrors(at: site)
        var problems: [String] = []
        let pending = ledger.pendingIndices
        for index in pending {
            let record = ledger.records[index]
            let change = record.after == ledger.state(before: index)
                ? " — no state change"
                : ", which changed the state:\n\(stateDifference(ledger.state(before: index), record.after, legend: "Change: - before, + after"))"
            if isExhaustive {
                problems.append("\(isReceived(record) ? "received" : "not asserted:") \(record.summary)\(absenceNote(for: record))\(change)")
            } else {
                problems.append("\(isReceived(record) ? "received" : "not asserted:") \(record.summary)\(change)")
                problems += distinctAbsences(of: record).map { "\(describe(record.action)) reached an absent child: \($0.summary)" }
            }
            ledger.mark(index, .skipped)
        }
        for sequence in ledger.suspended.sorted() {
            let action = ledger.index(of: sequence, resumption: false).map { describe(ledger.records[$0].action) } ?? "#\(sequence)"
            problems.append("\(action) is still suspended in its .deferred handler")
        }
        let inFlight = unskippedInFlight
        if inFlight > 0 {
            let asleep = min(store.sleepingTaskCount, inFlight)
            let busy = result == .timedOut ? busyWork().map { "\n      – \($0)" }.joined() : ""
            let detail = result == .timedOut ? " after waiting \(timeout)\(busy.isEmpty ? "" : ", running:")\(busy)\n    " : (asleep > 0 ? " (\(asleep) asleep on the clock)" : "")
            problems.append("\(inFlight) effect\(inFlight == 1 ? "" : "s") still in flight\(detail); advance the clock, cancel them, or call skipInFlightEffects()")
        }
        leftovers.set(finished: true)
        guard !problems.isEmpty else { return }
        if isExhaustive {
            site.fail("The test ended with work nobody asserted:\n" + problems.map { "  • \($0)" }.joined(separator: "\n"))
        } else {
            for problem in problems { skip(problem, at: site) }
        }
    }

    /// Marks every action received so far and not asserted as skipped, after waiting (real
    /// time, up to ``quiescenceTimeout``) until the store is quiescent — a deliberate gap in an exhaustive
    /// test. With `strict`, reports a failure when there was nothing to skip.
    ///
    /// It skips receiving those actions, not the absent children they reached: in exhaustive
    /// mode an action skipped here that a lifted component skipped for an absent child (a
    /// `.childAbsent` event) is a failure at this call, naming the action, the child's path and
    /// the absence — a skipped step cannot declare it, so receive such an action with
    /// `childAbsent:` instead. In non-exhaustive mode the absence is listed in ``skipped``.
    public func skipReceivedActions(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await waitForQuiescence()
        reportUnimplementedCalls(at: site)
        let received = ledger.pendingIndices.filter { isReceived(ledger.records[$0]) }
        if received.isEmpty {
            if strict { site.fail("skipReceivedActions(): there were no received actions to skip.") }
            return
        }
        var absent: [String] = []
        for index in received {
            let record = ledger.records[index]
            skipped.append("skipped on purpose: \(record.summary)")
            ledger.mark(index, .skipped)
            if isExhaustive {
                absent += distinctAbsences(of: record).map { "  • \(describe(record.action)) reached an absent child: \($0.summary)" }
            } else {
                skipAbsences(of: record, at: site)
            }
        }
        if !absent.isEmpty {
            site.fail("""
                skipReceivedActions() skipped actions that reached an absent child, which no step declared:
                \(absent.joined(separator: "\n"))
                Skipping an action does not skip its absence: receive it with `childAbsent:` instead.
                """)
        }
    }

    /// Stops counting the effects in flight now — running or asleep on the clock — as
    /// unfinished work at ``finish(timeout:fileID:filePath:line:column:)``, and declares them
    /// long-lived: work that waits on something other than the store's clock (a stream
    /// consumer, I/O). Use it right after the step that starts such work. They are not
    /// cancelled: they go on, and what they send later is received as usual.
    ///
    /// No later step and no step of the `TestClock` waits for declared work, except between a
    /// wake from the store's clock and what the woken task does next — queue an action, sleep
    /// again, or end — so what a woken one sends still lands before the clock's step returns.
    /// A `receive` does count declared work that is not asleep on the clock: it may be about to
    /// send (a stream it waits on may have yielded), so while such work is in flight a `receive`
    /// whose action never comes waits for its whole timeout instead of failing at once.
    ///
    /// This form declares every effect in flight. One that is still on its way to its first
    /// sleep on the clock (a timer started by the same step) would then not be waited for
    /// before that sleep: declare only the long-lived work with
    /// ``skipInFlightEffects(id:strict:fileID:filePath:line:column:)`` instead.
    /// With `strict`, reports a failure when no effect was in flight.
    public func skipInFlightEffects(
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        skip(store.inFlightTaskIDs, what: "skipInFlightEffects()", strict: strict, at: site)
    }

    /// Like ``skipInFlightEffects(strict:fileID:filePath:line:column:)``, for the effects in
    /// flight registered under the cancellation id `id` only (`Effect.cancellable(id:cancelInFlight:)`,
    /// in the root feature or any lifted child): the way to declare a stream consumer started
    /// together with a timer that must still be waited for.
    public func skipInFlightEffects(
        id: some Hashable & Sendable,
        strict: Bool = true,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = TestSite(fileID: fileID, filePath: filePath, line: line, column: column)
        skip(store.inFlightTaskIDs(cancellableWith: id), what: "skipInFlightEffects(id: \(describe(id)))", strict: strict, at: site)
    }

    private func skip(_ inFlight: Set<UInt64>, what: String, strict: Bool, at site: TestSite) {
        reportUnimplementedCalls(at: site)
        let fresh = inFlight.subtracting(skippedTasks)
        if fresh.isEmpty {
            if strict { site.fail("\(what): there were no effects in flight to skip.") }
            return
        }
        skippedTasks.formUnion(fresh)
        store.exemptFromQuiescence(fresh)
        leftovers.set(skippedTasks: skippedTasks)
        skipped.append("skipped on purpose: \(fresh.count) effect\(fresh.count == 1 ? "" : "s") in flight")
    }
}
