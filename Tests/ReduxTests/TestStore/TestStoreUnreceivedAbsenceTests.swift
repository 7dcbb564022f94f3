import Redux
import ReduxTesting
import Testing

/// An action the test never receives still has its absent children checked: skipping received
/// actions skips receiving them, not their absences (an exhaustive TestStore fails those at the
/// skip call), an exhaustive `finish()` or step that names unreceived actions names their
/// absences too, and a non-exhaustive TestStore lists each absence in `skipped`. Each failure is
/// caught with `withKnownIssue`, so a TestStore that reported nothing would fail these tests.
@MainActor
@Suite struct TestStoreUnreceivedAbsenceTests {
    /// How the absence of the row action the effect sends reads in messages.
    private let absence = ".rows(.element(id: 9, action: .increment)) reached an absent child: rows[9] has no element 9 (skipped by rows[9]/job#7)"

    /// A parent effect that sends to a missing row when it gets `.note("ping")`.
    private func pingingStore(exhaustivity: Exhaustivity = .on) -> TestStore<Home, HomeAction> {
        let sender = Reducer<Home, HomeAction>(id: "sender", reduction: { _, action in
            guard action == .note("ping") else { return Reduction(.defaultNext) }
            return Reduction(.next, .send(.rows(.element(id: 9, action: .increment))))
        })
        return TestStore(initialState: Home(), reducers: homeReducers() + [sender], exhaustivity: exhaustivity)
    }

    @Test func skippingAReceivedActionThatReachedAnAbsentChildStillReportsTheAbsence() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        let line = #line + 2
        await withKnownIssue {
            await store.skipReceivedActions()
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line
                && text.contains("skipReceivedActions() skipped actions that reached an absent child")
                && text.contains(absence)
        }
        await store.finish()
    }

    @Test func aNonExhaustiveSkipOfReceivedActionsListsTheirAbsences() async {
        let store = pingingStore(exhaustivity: .off)
        await store.send(.note("ping"))
        await store.skipReceivedActions()
        #expect(store.skipped.contains(absence), "\(store.skipped)")
        await store.finish()
    }

    @Test func aNonExhaustiveFinishListsTheAbsenceOfAnUnreceivedAction() async {
        let store = pingingStore(exhaustivity: .off)
        await store.send(.note("ping"))
        await store.finish()
        #expect(store.skipped.contains(absence), "\(store.skipped)")
    }

    @Test func anExhaustiveFinishNamesTheAbsenceOfAnUnreceivedAction() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("The test ended with work nobody asserted")
                && text.contains("received action .rows(.element(id: 9, action: .increment))")
                && text.contains("; it reached an absent child: rows[9] has no element 9 (skipped by rows[9]/job#7)")
        }
    }

    @Test func anExhaustiveStepNamesTheAbsenceOfAnActionItFindsUnreceived() async {
        let store = pingingStore()
        await store.send(.note("ping")) { $0.log = ["ping"] }
        await withKnownIssue {
            await store.send(.note("next")) { $0.log = ["ping", "next"] }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("before sending .note(\"next\") that the test did not receive")
                && text.contains("; it reached an absent child: rows[9] has no element 9 (skipped by rows[9]/job#7)")
        }
        await store.finish()
    }
}
