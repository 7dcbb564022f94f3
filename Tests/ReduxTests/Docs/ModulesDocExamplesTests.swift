import Redux
import Testing

/// Modules.md's examples, run: what their comments say is what happens.
@Suite("Modules article examples", .timeLimit(.minutes(5)))
@MainActor
struct ModulesDocExamplesTests {
    @Test func renamesThroughSlicesWriteTheRootAndTheMiddlewareTrims() {
        let store = makeClubStore()
        renameThroughSlices(store)
        #expect(store.state.card.name == "Grace")
        #expect(store.state.account.displayName == "Lin")
        #expect(store.state.mailing == ClubMailing())
        #expect(cardGreeting(store.slice(cardMap)) == "Hello, Grace")
    }

    @Test func theBindingDispatchesAndTheStateFollows() {
        let store = makeClubStore()
        editCard(store)
        #expect(store.state.card.newsletter)
        #expect(cardGreeting(store.slice(cardMap)) == "Hello, : news is on its way")
    }

    @Test func theGuestAndEveryChoreAreReachedThroughTheirSlices() {
        let store = makeClubStore()
        guestAndChores(store)
        #expect(store.state.guest?.name == "Sam")
        #expect(store.state.chores.map(\.done) == [true, true])
    }

    @Test func aRemovedChoresSliceIsDetachedAndLogsOneWarning() {
        let log = LogRecorder<ClubAction>()
        let store = Store(initialState: ClubState(), reducers: [clubReducer, choresMap.lift(choreReducer)], onLog: log.handler)
        removedChore(store)
        #expect(store.state.chores.isEmpty)
        let warnings = log.events.compactMap { event -> (ClubAction, String)? in
            if case let .detachedSlice(path, _) = event.kind { return (event.action, path.description) }
            return nil
        }
        #expect(warnings.map(\.0) == [.chores(.element(id: 3, action: .toggle))])
        #expect(warnings.map(\.1) == ["chores[3]"])
    }
}

@Test @MainActor
func theMemberCardRunsStandaloneInAProjectedModule() {
    let card = memberCardStandalone()
    #expect(card.state == MemberCard(name: "Grace", newsletter: true))
    #expect(card.actions == [.rename("  Grace "), .setNewsletter(true)])
}

/// Modules.md's "Slices from a lift" examples, run.
@Suite("Modules article: slices from a lift", .timeLimit(.minutes(5)))
@MainActor
struct ModulesLiftSliceDocExamplesTests {
    @Test func theGuestCardsSliceReachesTheGuestCardsLift() {
        let store = Store(initialState: ClubState(), reducers: [clubReducer, guestCardLift])
        renameGuest(store)
        #expect(store.state.guest == nil, "no guest: no slice, nothing dispatched")
        store.dispatch(.inviteGuest)
        renameGuest(store)
        #expect(store.state.guest?.name == "Sam")
    }

    @Test func aNewEqualShowingDetachesTheBadgesSlice() {
        let diagnostics = DiagnosticLines()
        let store = diagnostics.capturing { showBadgeTwice() }
        #expect(store.state.badge?.name == "Ada", "the detached slice's rename was not dispatched")
        diagnostics.expectAll(containingOneOf: ["the slice of badge is detached"])
        let badge = store.slice(state: Badge.state, action: Badge.action)
        badge?.dispatch(.rename("Grace"))
        #expect(store.state.badge?.name == "Grace", "a new slice reaches the new showing")
    }
}
