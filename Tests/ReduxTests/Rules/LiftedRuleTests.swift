import Redux
import ReduxTesting
import Testing

/// A lifted middleware's rule reads its child's state through the lift and dispatches into the
/// child; it belongs to that child instance and is removed once the child is gone.
@Suite("Rules: lifted middlewares")
@MainActor
struct LiftedRuleTests {
    /// A middleware on `Job` that registers "toThree" (count == 2 → `.increment`) on `.start`, and
    /// "always" (always → `.increment`) on `.stop`.
    let jobRules = Middleware<Job, JobAction>(id: "jobRules") { context in
        switch context.action {
        case .start: context.registerRule(id: "toThree", when: { $0.count == 2 }, then: { _ in .increment })
        case .stop: context.registerRule(id: "always", when: { _ in true }, then: { _ in .increment })
        default: break
        }
        return .next
    }

    /// Turns the sheet's `.stop` into `.dismissSheet` after the lifted middleware registered.
    let stopDismisses = Middleware<Home, HomeAction>(id: "stopDismisses") { context in
        context.action == .sheet(.stop) ? .nextAs(.dismissSheet) : .next
    }

    func makeStore() -> Store<Home, HomeAction> {
        Store(
            initialState: Home(),
            reducers: homeReducers(),
            middlewares: [jobRules.lift(state: \Home.sheet, action: .sheet), stopDismisses],
            options: StoreOptions(clock: TestClock())
        )
    }

    @Test func aLiftedRuleReadsTheChildStateAndItsActionIsEmbeddedInTheParentAction() {
        let store = makeStore()
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.start))
        #expect(store.ruleIDs == ["toThree"])
        store.dispatch(.sheet(.increment))
        #expect(store.state.sheet?.count == 1)
        store.dispatch(.sheet(.increment))
        #expect(store.state.sheet?.count == 3)
        #expect(store.ruleIDs.isEmpty)
        store.invalidate()
    }

    @Test func aLiftedRuleIsRemovedWhenItsChildGoesAwayAndNeverFiresIntoTheNextOne() {
        var events: [LogEvent<HomeAction>.Kind] = []
        let store = Store(
            initialState: Home(),
            reducers: homeReducers(),
            middlewares: [jobRules.lift(state: \Home.sheet, action: .sheet), stopDismisses],
            options: StoreOptions(clock: TestClock()),
            onLog: { event in
                switch event.kind {
                case .ruleRegistered, .ruleFired, .ruleRemoved: events.append(event.kind)
                default: break
                }
            }
        )
        store.dispatch(.showSheet(1))
        store.dispatch(.sheet(.stop))   // registers "always", then dismisses the sheet
        #expect(store.state.sheet == nil)
        #expect(store.ruleIDs.isEmpty, "checked after this action's reducers: its child is gone")
        store.dispatch(.showSheet(2))
        #expect(store.state.sheet?.count == 0, "a new sheet is a new instance: the old rule never reaches it")
        #expect(store.ruleIDs.isEmpty)
        #expect(events == [.ruleRegistered(id: "always", replaced: false), .ruleRemoved(id: "always")])
        store.invalidate()
    }
}
