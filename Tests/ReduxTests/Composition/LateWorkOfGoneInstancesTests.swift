@testable import Redux
import Foundation
import ReduxTesting
import Testing

// Late work of child instances that are gone (found by review): what a removed instance's work
// delivers after it was forgotten while idle, its `.deferred` resumption, its errors, never
// reaches a successor in its place. The main thread is blocked (`r7bSpin`, bounded) only to
// force an order of the queue; the proofs are the outcomes and states checked after.

private struct R7bBoom: Error {}

/// Blocks the main thread (so no scheduled main-actor turn can run) until `condition` holds;
/// fails the test if it does not within `patience` (a guard against a hang: under load the
/// condition may take seconds, and going on without it would test another order).
@MainActor
private func r7bSpin(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    let held = blockUntil(condition)
    #expect(held, "r7bSpin: the condition did not hold within \(patience)", sourceLocation: sourceLocation)
}

/// Waits until the test opens `gate` (or the waiting task is cancelled). The 2 ms sleep is only
/// the polling interval of a condition wait.
private func r7bWait(_ gate: SharedValue<Bool>) async {
    while !gate.value && !Task.isCancelled { try? await Task.sleep(for: .milliseconds(2)) }
}

// MARK: - A plain (non-Identifiable) optional child

struct R7bPlain: Equatable, Sendable { var n = 0 }
enum R7bPlainAction: Equatable, Sendable { case ping, pong, later, laterSlow, throttled, debounced, tracked }
struct R7bParent: Equatable, Sendable { var child: R7bPlain? = R7bPlain() }
enum R7bParentAction: Equatable, Sendable { case child(R7bPlainAction), show, dismiss, noop }

let r7bPlainReducer = Reducer<R7bPlain, R7bPlainAction>(id: "plain", effects: { state, action in
    switch action {
    case .ping: return .send(.pong)
    case .pong:
        state.n += 1
        return .none
    case .later: return .concatenate(.run { _ in }, .send(.pong))
    case .laterSlow: return .concatenate(.run { send in try await send.sleep(for: .seconds(1)) }, .send(.pong))
    case .throttled: return Effect<R7bPlainAction>.send(.pong).throttle(id: "t", for: .seconds(1), latest: true)
    case .debounced: return Effect<R7bPlainAction>.send(.pong).debounce(id: "d", for: .seconds(1))
    case .tracked:
        return .run { send in
            let ticket = send.tracked(.ping)
            await ticket.waitForEffects()
        }
    }
})

let r7bParentReducer = Reducer<R7bParent, R7bParentAction>(id: "parent") { state, action in
    switch action {
    case .show: state.child = R7bPlain()
    case .dismiss: state.child = nil
    case .noop: break
    case .child: return .defaultNext
    }
    return .next
}

@MainActor
private func r7bPlainStore(_ clock: TestClock) -> Store<R7bParent, R7bParentAction> {
    Store(
        initialState: R7bParent(),
        reducers: [
            r7bParentReducer,
            r7bPlainReducer.lift(state: \R7bParent.child, action: Embedding(
                extract: { if case .child(let a) = $0 { a } else { nil } }, embed: R7bParentAction.child)),
        ],
        options: StoreOptions(clock: clock)
    )
}

@Suite("Forgetting idle child instances", .timeLimit(.minutes(5)))
@MainActor
struct IdleInstanceForgettingTests {
    @Test func aPlainChildsInPassSendIsDroppedWhenItIsDismissedAndShownAgainInOneBatch() async throws {
        let clock = TestClock()
        let store = r7bPlainStore(clock)
        store.dispatch(contentsOf: [.child(.ping), .dismiss, .show])
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain())
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
        // The other order: the new instance gets its own send.
        store.dispatch(contentsOf: [.dismiss, .show, .child(.ping)])
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain(n: 1))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func throttledDebouncedAndConcatenatedWorkOfADismissedPlainChildIsDropped() async throws {
        let clock = TestClock()
        let store = r7bPlainStore(clock)
        for child in [R7bPlainAction.throttled, .debounced, .later, .laterSlow] {
            store.dispatch(contentsOf: [.child(child), .child(child), .dismiss, .show])
            await clock.advance(by: .seconds(3))
            try await store.settled(timeout: patience)
            #expect(store.state.child == R7bPlain(), "\(child)")
            await clock.advance(by: .seconds(3))
            try await store.settled(timeout: patience)
            #expect(store.bookkeeping.isEmpty, "\(child): \(store.bookkeeping)")
        }
    }

    @Test func aSlowConcatenationOfADismissedPlainChildNeverReachesItsSuccessor() async throws {
        let clock = TestClock()
        let store = r7bPlainStore(clock)
        store.dispatch(.child(.laterSlow))
        store.dispatch(.noop)  // a sweep while the instance is present and busy
        store.dispatch(.dismiss)
        store.dispatch(.show)
        await clock.advance(by: .seconds(2))
        try await store.settled(timeout: patience)
        #expect(store.state.child == R7bPlain())
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func undisturbedWorkIsReducedAndItsInstanceForgotten() async throws {
        let clock = TestClock()
        let store = r7bPlainStore(clock)
        for child in [R7bPlainAction.ping, .later, .laterSlow, .throttled, .debounced, .tracked] {
            store.dispatch(.show)
            store.dispatch(.child(child))
            await clock.advance(by: .seconds(3))
            try await store.settled(timeout: patience)
            #expect(store.state.child == R7bPlain(n: 1), "\(child)")
            await clock.advance(by: .seconds(3))
            try await store.settled(timeout: patience)
            #expect(store.bookkeeping.isEmpty, "\(child): \(store.bookkeeping)")
        }
    }
}

// MARK: - Lifted middlewares and resolvers

@Suite("Late work of lifted middlewares", .timeLimit(.minutes(5)))
@MainActor
struct LiftedMiddlewareLateWorkTests {
    /// `.stop` → `.task` (dispatches `.increment` late), `.decrement` → `.deferred`,
    /// `.finished` → `.effect` (sends `.increment` late).
    static func worker() -> Middleware<Job, JobAction> {
        Middleware<Job, JobAction>(id: "worker") { context in
            switch context.action {
            case .stop:
                return .task { effect in
                    try? await effect.sleep(for: jobDuration)
                    effect.dispatch(.increment)
                    _ = effect.dispatchTracked(.increment)
                }
            case .decrement:
                return .deferred { effect in
                    try? await effect.sleep(for: jobDuration)
                    return .next
                }
            case .finished:
                return .effect(.run { send in
                    try? await send.sleep(for: jobDuration)
                    send(.increment)
                })
            default:
                return .next
            }
        }
    }

    @Test func taskDeferredAndEffectOfADismissedChildInOneBatchReachNothingInEitherOrder() async throws {
        for trigger in [JobAction.stop, .decrement, .finished] {
            for order in 0..<3 {
                let clock = TestClock()
                // Order 1 sends each trigger to a dismissed child on purpose: captured lines.
                let diagnostics = DiagnosticLines()
                let store = makeHomeStore(clock: clock, middlewares: [
                    Self.worker().lift(state: \Home.sheet, action: .sheet),
                    Self.worker().lift(state: \Home.presented, action: .presented),
                    Self.worker().lift(state: \Home.rows, action: .rows),
                ], diagnostics: diagnostics)
                switch order {
                case 0: store.dispatch(contentsOf: [.showSheet(1), .sheet(trigger), .dismissSheet, .showSheet(1),
                                                    .present(1), .presented(trigger), .present(1),
                                                    .addRow(1), .rows(.element(id: 1, action: trigger)), .removeRow(1), .addRow(1)])
                case 1: store.dispatch(contentsOf: [.showSheet(1), .dismissSheet, .sheet(trigger), .showSheet(1),
                                                    .present(1), .dismissPresented, .presented(trigger), .present(1),
                                                    .addRow(1), .removeRow(1), .rows(.element(id: 1, action: trigger)), .addRow(1)])
                default:
                    store.dispatch(.showSheet(1)); store.dispatch(.present(1)); store.dispatch(.addRow(1))
                    store.dispatch(.sheet(trigger), .dismissSheet)
                    store.dispatch(.presented(trigger), .dismissPresented)
                    store.dispatch(.rows(.element(id: 1, action: trigger)), .removeRow(1))
                    store.dispatch(.showSheet(1), .present(1), .addRow(1))
                }
                await clock.advance(by: jobDuration * 2)
                try await store.settled(timeout: patience)
                #expect(store.state.sheet == Job(id: 1), "\(trigger) \(order)")
                #expect(store.state.presented?.value == Job(id: 1), "\(trigger) \(order)")
                #expect(store.state.rows[id: 1] == Job(id: 1), "\(trigger) \(order)")
                #expect(store.bookkeeping.isEmpty, "\(trigger) \(order): \(store.bookkeeping)")
                #if DEBUG
                #expect(diagnostics.lines.count == (order == 1 ? 3 : 0), "\(trigger) \(order): \(diagnostics.lines)")
                #expect(diagnostics.lines.allSatisfy { $0.contains("reached an absent child") }, "\(diagnostics.lines)")
                #endif
            }
        }
    }

    @Test func aNestedLiftedTaskEndsWithItsParentChild() async throws {
        let clock = TestClock()
        let nested = Self.worker().lift(state: \Panel.rows, action: .rows).lift(state: \Home.panel, action: .panel)
        let store = makeHomeStore(clock: clock, middlewares: [nested])
        store.dispatch(.showPanel, .panel(.addRow(1)), .panel(.rows(.element(id: 1, action: .stop))))
        store.dispatch(.dismissPanel, .showPanel, .panel(.addRow(1)))
        await clock.advance(by: jobDuration * 2)
        try await store.settled(timeout: patience)
        #expect(store.state.panel?.rows[id: 1] == Job(id: 1))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func aLiftedTaskReadsItsRowAndThrowsOnceTheRowIsRemovedEvenWhenALaterActionAddsItAgain() async throws {
        let clock = TestClock()
        let reads = SharedList<String>()
        let reader = Middleware<Job, JobAction>(id: "reader") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                reads.append("before \(String(describing: try? await effect.read(\.id)))")
                try? await effect.sleep(for: jobDuration)
                do { _ = try await effect.read(\.id); reads.append("after read") } catch { reads.append("after threw") }
            }
        }
        let store = makeHomeStore(clock: clock, middlewares: [reader.lift(state: \Home.rows, action: .rows)])
        store.dispatch(.addRow(1), .addRow(2))
        store.dispatch(.rows(.element(id: 2, action: .stop)))
        // The task's first read happens while row 2 is still the one it started for: wait for
        // it (a condition, not a fixed time), then remove the row and add it back.
        #expect(await yieldUntil { reads.values.count == 1 }, "the task made its first read")
        store.dispatch(.removeRow(2))
        store.dispatch(.addRow(2))
        await clock.advance(by: jobDuration * 2)
        try await store.settled(timeout: patience)
        #expect(reads.values == ["before Optional(2)", "after threw"])
    }

    /// The registry forgets an idle instance while it is still present; a `.deferred` handler
    /// that has returned is no longer a task, but its resumption is still queued (not counted).
    @Test func aDeferredResumptionOfADismissedChildEndsCancelledEvenAfterAnIdleSweepAndASuccessor() async throws {
        for (withSweep, place) in [(false, 0), (true, 0), (true, 1), (true, 2)] {
            let gate = SharedValue(false), returned = SharedValue(false), queued = SharedValue(false)
            let holder = Middleware<Job, JobAction>(id: "holder") { context in
                guard context.action == .increment else { return .next }
                return .deferred { _ in
                    await r7bWait(gate)
                    returned.value = true
                    return .next
                }
            }
            let store = makeHomeStore(clock: TestClock(), middlewares: [holder.lift(state: \Home.sheet, action: .sheet),
                holder.lift(state: \Home.presented, action: .presented), holder.lift(state: \Home.rows, action: .rows)])
            let show: [HomeAction] = [.showSheet(1), .present(1), .addRow(1)]
            let hide: [HomeAction] = [.dismissSheet, .dismissPresented, .removeRow(1)]
            let act: [HomeAction] = [.sheet(.increment), .presented(.increment), .rows(.element(id: 1, action: .increment))]
            store.dispatch(show[place])
            let ticket = store.dispatchTracked(act[place])
            let batch: [HomeAction] = withSweep ? [.note("sweep"), hide[place], show[place]] : [hide[place], show[place]]
            Task.detached {
                store.dispatch(contentsOf: batch)
                queued.value = true
            }
            r7bSpin { queued.value }
            gate.value = true
            r7bSpin { returned.value }
            r7bSpin { store.activeTaskCount == 0 }  // the handler's task queued its resumption and ended
            let outcome = try await ticket.outcome
            try await store.settled(timeout: patience)
            #expect(outcome == .cancelled, "withSweep=\(withSweep) place=\(place)")
            #expect([store.state.sheet, store.state.presented?.value, store.state.rows[id: 1]][place] == Job(id: 1), "withSweep=\(withSweep) place=\(place)")
        }
    }

    /// A lifted resolver recovers an error of a lifted middleware's `.task`.
    @Test func aRemovedRowsTaskErrorIsNotRecoveredIntoItsSuccessor() async throws {
        for replace in [false, true] {
            let gate = SharedValue(false), thrown = SharedValue(false), queued = SharedValue(false)
            let failing = Middleware<Job, JobAction>(id: "failing") { context in
                guard context.action == .stop else { return .next }
                return .task { _ in
                    await r7bWait(gate)
                    thrown.value = true
                    throw R7bBoom()
                }
            }
            let recover = Resolver<Job, JobAction>(id: "recover") { context in
                context.action == .stop ? .exit(.reduceAs(.increment)) : .defaultNext
            }
            let store = makeHomeStore(clock: TestClock(), middlewares: [failing.lift(state: \Home.rows, action: .rows)],
                                      resolvers: [recover.lift(state: \Home.rows, action: .rows)])
            store.dispatch(.addRow(1))
            store.dispatch(.rows(.element(id: 1, action: .stop)))
            Task.detached {
                if replace { store.dispatch(contentsOf: [.removeRow(1), .addRow(1)]) }
                queued.value = true
            }
            r7bSpin { queued.value }
            gate.value = true
            r7bSpin { thrown.value }
            r7bSpin { store.activeTaskCount == 0 }  // the task queued its error and ended
            try await store.settled(timeout: patience)
            // Without a replacement the recovery lands on row 1; with one (removed by one action,
            // added again by the next), the new row 1 (a new instance) must not get the old
            // instance's result.
            #expect(store.state.rows[id: 1]?.count == (replace ? 0 : 1), "replace=\(replace)")
        }
    }

    /// A lifted resolver is not consulted about an error whose action belongs to another child.
    @Test func aLiftedResolverSeesOnlyItsChildsErrors() async throws {
        let seen = SharedList<String>()
        let thrower = Middleware<Home, HomeAction>(id: "thrower") { context in
            if case .note = context.action { throw R7bBoom() }
            if case .other(.stop) = context.action { throw R7bBoom() }
            if case .sheet(.stop) = context.action { throw R7bBoom() }
            return .next
        }
        let spy = Resolver<Job, JobAction>(id: "spy") { context in
            seen.append("\(context.action)")
            return .exit(.reduceAs(.decrement))
        }
        let diagnostics = DiagnosticLines()
        let store = makeHomeStore(clock: TestClock(), middlewares: [thrower],
                                  resolvers: [spy.lift(state: \Home.sheet, action: .sheet)], diagnostics: diagnostics)
        let a = store.dispatchTracked(.note("x"))
        let b = store.dispatchTracked(.other(.stop))
        let c = store.dispatchTracked(.sheet(.stop))   // sheet is nil
        store.dispatch(.showSheet(3))
        let d = store.dispatchTracked(.sheet(.stop))
        _ = try await (a.outcome, b.outcome, c.outcome)
        let dOutcome = try await d.outcome; #expect(dOutcome == .recovered(.reduceAs(.sheet(.decrement)), reduced: true), "\(dOutcome)")
        #expect(seen.values == ["stop"])
        #expect(store.state.sheet?.count == -1)
        // The three errors no resolver handled, each reported once, and the nil sheet the lifted
        // resolver skipped `c` for, before its failure (captured).
        diagnostics.expect([
            "action note(\"x\") failed with no resolver handling it: R7bBoom()",
            "action other(ReduxTests.JobAction.stop) failed with no resolver handling it: R7bBoom()",
            "action sheet(ReduxTests.JobAction.stop) reached an absent child and was skipped: sheet is nil (resolver spy#0;",
            "action sheet(ReduxTests.JobAction.stop) failed with no resolver handling it: R7bBoom()",
        ])
    }
}

@Suite("Late errors of removed children", .timeLimit(.minutes(5)))
@MainActor
struct RemovedChildEffectErrorTests {
    /// The same as the task-error case, for a lifted reducer's effect: its error, recovered by a
    /// lifted resolver, never reaches the element that a later action added with the id of the
    /// one whose effect threw.
    @Test func aRemovedRowsEffectErrorIsNotRecoveredIntoItsSuccessor() async throws {
        for replace in [false, true] {
            let gate = SharedValue(false), thrown = SharedValue(false), queued = SharedValue(false)
            let job = Reducer<Job, JobAction>(id: "job", effects: { state, action in
                switch action {
                case .stop:
                    return .run { _ in
                        await r7bWait(gate)
                        thrown.value = true
                        throw R7bBoom()
                    }
                case .increment:
                    state.count += 1
                    return .none
                default: return .none
                }
            })
            let recover = Resolver<Job, JobAction>(id: "recover") { context in
                context.action == .stop ? .exit(.reduceAs(.increment)) : .defaultNext
            }
            let store = makeHomeStore(job: job, clock: TestClock(), resolvers: [recover.lift(state: \Home.rows, action: .rows)])
            store.dispatch(.addRow(1))
            store.dispatch(.rows(.element(id: 1, action: .stop)))
            Task.detached {
                if replace { store.dispatch(contentsOf: [.removeRow(1), .addRow(1)]) }
                queued.value = true
            }
            r7bSpin { queued.value }
            gate.value = true
            r7bSpin { thrown.value }
            r7bSpin { store.activeTaskCount == 0 }  // the task queued its error and ended
            try await store.settled(timeout: patience)
            #expect(store.state.rows[id: 1]?.count == (replace ? 0 : 1), "replace=\(replace)")
        }
    }
}
