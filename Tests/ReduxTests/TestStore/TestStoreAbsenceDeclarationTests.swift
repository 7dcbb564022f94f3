import Redux
import ReduxTesting
import Testing

/// A loose action: not `Equatable` (it may carry an error), so a test can match it only with a
/// predicate or an `Embedding`.
private enum LooseHomeAction: Sendable {
    case sheet(JobAction)
    case ping
    case failed(any Error & Sendable)
}

private struct LooseHome: Equatable, Sendable {
    var sheet: Job?
}

private extension Embedding where Whole == LooseHomeAction, Part == JobAction {
    static let sheet = Embedding(extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: LooseHomeAction.sheet)
}

/// How a test declares an action for an absent child (`childAbsent:`): on every form of
/// `receive`, and, for an action that suspends in a `.deferred` handler, once for all its
/// passes — or on `resumed` when only the resumption meets it. Each failure is caught with
/// `withKnownIssue`, so a TestStore that reported nothing would fail these tests; a passing
/// test with a declaration shows the declaration was taken (undeclared, the absence fails).
@MainActor
@Suite struct TestStoreAbsenceDeclarationTests {
    /// A parent effect that sends to a missing row when it gets `.note("ping")`.
    private func pingingStore() -> TestStore<Home, HomeAction> {
        let sender = Reducer<Home, HomeAction>(id: "sender", reduction: { _, action in
            guard action == .note("ping") else { return Reduction(.defaultNext) }
            return Reduction(.next, .send(.rows(.element(id: 9, action: .increment))))
        })
        return TestStore(initialState: Home(), reducers: homeReducers() + [sender])
    }

    /// A store whose root middleware suspends `.sheet(.increment)` until `gate` opens; with
    /// `spying`, a lifted middleware before it meets the sheet first.
    private func suspendingStore(
        _ initial: Home = Home(), spying: Bool, gate: Gate, resume: DeferredExit<HomeAction> = .next
    ) -> TestStore<Home, HomeAction> {
        let spy = Middleware<Job, JobAction>(id: "spy") { _ in .next }
        let waits: Middleware<Home, HomeAction> = deferringMiddleware(id: "waits", for: HomeAction.sheet(.increment), until: gate, resume: resume)
        return TestStore(
            initialState: initial, reducers: homeReducers(),
            middlewares: spying ? [spy.lift(state: \Home.sheet, action: .sheet), waits] : [waits]
        )
    }

    // MARK: Every form of receive

    @Test func anActionThatIsNotEquatableMayDeclareItsAbsentChildWhenReceivedWithAPredicate() async {
        let sender = Reducer<LooseHome, LooseHomeAction>(id: "sender", reduction: { _, action in
            guard case .ping = action else { return Reduction(.defaultNext) }
            return Reduction(.next, .send(.sheet(.increment)))
        })
        let store = TestStore(initialState: LooseHome(), reducers: [sender, jobReducer.lift(state: \LooseHome.sheet, action: .sheet)])
        await store.send(.ping)
        await store.receive(where: { if case .sheet(.increment) = $0 { true } else { false } }, childAbsent: .isNil)
        await store.finish()
    }

    @Test func receivingWithAPredicateFailsADeclaredAbsenceThatDoesNotHappen() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await withKnownIssue {
            await store.receive(where: { if case .rows = $0 { true } else { false } }, childAbsent: .isNil)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("receiving .rows(.element(id: 9, action: .increment)) was declared to reach an absent child (is nil)")
                && text.contains("rows[9] has no element 9")
        }
        await store.finish()
    }

    @Test func receivingByCaseMayDeclareTheAbsentChild() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await store.receive(.rows, childAbsent: .missingElement(id: "9"))
        await store.finish()
    }

    @Test func receivingByCaseAndPayloadMayDeclareTheAbsentChild() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await store.receive(.rows, .element(id: 9, action: .increment), childAbsent: .missingElement(id: "9"))
        await store.finish()
    }

    @Test func receivingByValueMayDeclareTheAbsentChild() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await store.receive(.rows(.element(id: 9, action: .increment)), childAbsent: .missingElement(id: "9"))
        await store.finish()
    }

    // MARK: Suspended actions

    /// A lifted middleware meets the nil sheet before the root middleware suspends the action,
    /// and the lifted reducer meets it again when it resumes.
    @Test func anAbsenceMetBothBeforeAndAfterASuspensionIsCoveredByOneDeclaration() async {
        let gate = Gate()
        let store = suspendingStore(spying: true, gate: gate)
        let step = await store.send(.sheet(.increment), childAbsent: .isNil)
        #expect(step.isSuspended)
        gate.open()
        await store.resumed(step, expecting: .unhandled)
        await store.finish()
    }

    @Test func anAbsenceMetOnlyBeforeASuspensionStillSatisfiesTheDeclarationWhenTheActionResumesElsewhere() async {
        let gate = Gate()
        let store = suspendingStore(spying: true, gate: gate, resume: .nextAs(.note("resumed")))
        let step = await store.send(.sheet(.increment), childAbsent: .isNil)
        gate.open()
        await store.resumed(step) { $0.log = ["resumed"] }
        await store.finish()
    }

    @Test func anAbsenceMetOnlyBeforeASuspensionIsReportedAtTheSendWhenUndeclared() async {
        let gate = Gate()
        let store = suspendingStore(spying: true, gate: gate, resume: .nextAs(.note("resumed")))
        let line = #line + 3
        var sent: TestStep<HomeAction>?
        await withKnownIssue {
            sent = await store.send(.sheet(.increment))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && String(describing: issue).contains("sending .sheet(.increment) reached an absent child: sheet is nil (skipped by sheet/spy#0)")
        }
        gate.open()
        guard let step = sent else { Issue.record("send returned no step"); return }
        await store.resumed(step) { $0.log = ["resumed"] }
        await store.finish()
    }

    @Test func anAbsenceOnlyTheResumptionMeetsMayBeDeclaredAtResumed() async {
        let gate = Gate()
        let store = suspendingStore(spying: false, gate: gate)
        let step = await store.send(.sheet(.increment))
        gate.open()
        await store.resumed(step, expecting: .unhandled, childAbsent: .isNil)
        await store.finish()
    }

    @Test func aDeclarationAtResumedThatTheResumptionDoesNotMeetFails() async {
        let gate = Gate()
        let store = suspendingStore(Home(sheet: Job(id: 1)), spying: false, gate: gate)
        let step = await store.send(.sheet(.increment))
        gate.open()
        await withKnownIssue {
            await store.resumed(step, childAbsent: .isNil) { $0.sheet?.count = 1 }
        } matching: { issue in
            String(describing: issue).contains("the resumption of .sheet(.increment) was declared to reach an absent child (is nil), but no lifted component skipped it for an absent child.")
        }
        await store.finish()
    }

    /// The declaration on `send` is not failed while the action is suspended: its resumption may
    /// still meet it. It fails at `resumed`, once the action reached its terminal unmet.
    @Test func aDeclarationNoPassOfASuspendedActionMeetsFailsAtTheResumption() async {
        let gate = Gate()
        let store = suspendingStore(Home(sheet: Job(id: 1)), spying: true, gate: gate)
        let step = await store.send(.sheet(.increment), childAbsent: .isNil)
        gate.open()
        let line = #line + 2
        await withKnownIssue {
            await store.resumed(step) { $0.sheet?.count = 1 }
        } matching: { issue in
            issue.sourceLocation?.line == line && String(describing: issue).contains(
                "sending .sheet(.increment) was declared to reach an absent child (is nil), but no lifted component skipped it for an absent child before or after its suspension"
            )
        }
        await store.finish()
    }
}
