import ReduxTesting
import Testing

/// The counter/login app written with the macros behaves like the hand-written one: the same
/// test script passes on both, and both leave the same log and the same final state.
@MainActor
struct CounterAppTests {
    /// One script: counter moves now and later, a failed login recovered by the resolver, a good one.
    static func runMacroApp() async -> Transcript {
        typealias App = MacroCounterApp
        let recorder = LogRecorder()
        let clock = TestClock()
        let store = TestStore(
            initialState: App.AppState(), reducers: [App.counter], middlewares: [App.delays, App.auth],
            resolvers: [App.authFailed], clock: clock, onLog: recorder.handler(App.AppAction.self)
        )
        await store.send(.increment) { $0.counter = 1 }
        await store.send(.decrement) { $0.counter = 0 }
        let later = await store.send(.delayedIncrement)
        await clock.advance(by: .seconds(1))
        await store.resumed(later) { $0.counter = 1 }
        let lower = await store.send(.delayedDecrement)
        await clock.advance(by: .seconds(1))
        await store.resumed(lower) { $0.counter = 0 }
        let wrong = await store.send(.login(user: "ada", password: "guess"))
        await clock.advance(by: .milliseconds(300))
        await store.resumed(wrong, expecting: .recovered(.reduceAs(.setLoggedIn(false)), reduced: true))
        let right = await store.send(.login(user: "ada", password: "secret"))
        await clock.advance(by: .milliseconds(300))
        await store.resumed(right) { $0.isLoggedIn = true }
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    /// The same script, word for word, on the hand-written app.
    static func runHandApp() async -> Transcript {
        typealias App = HandCounterApp
        let recorder = LogRecorder()
        let clock = TestClock()
        let store = TestStore(
            initialState: App.AppState(), reducers: [App.counter], middlewares: [App.delays, App.auth],
            resolvers: [App.authFailed], clock: clock, onLog: recorder.handler(App.AppAction.self)
        )
        await store.send(.increment) { $0.counter = 1 }
        await store.send(.decrement) { $0.counter = 0 }
        let later = await store.send(.delayedIncrement)
        await clock.advance(by: .seconds(1))
        await store.resumed(later) { $0.counter = 1 }
        let lower = await store.send(.delayedDecrement)
        await clock.advance(by: .seconds(1))
        await store.resumed(lower) { $0.counter = 0 }
        let wrong = await store.send(.login(user: "ada", password: "guess"))
        await clock.advance(by: .milliseconds(300))
        await store.resumed(wrong, expecting: .recovered(.reduceAs(.setLoggedIn(false)), reduced: true))
        let right = await store.send(.login(user: "ada", password: "secret"))
        await clock.advance(by: .milliseconds(300))
        await store.resumed(right) { $0.isLoggedIn = true }
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    @Test func theMacroCounterAppLogsWhatTheHandWrittenOneLogs() async {
        let macro = await Self.runMacroApp()
        let hand = await Self.runHandApp()
        #expect(hand.log.count >= 20, "the script should log every step: \(hand)")
        #expect(hand.log.contains { $0.contains("resolver authFailed#0") && $0.contains("reduceAs(setLoggedIn(false))") }, "\(hand)")
        #expect(macro.log == hand.log)
    }

    @Test func theMacroCounterAppEndsInTheHandWrittenOnesState() async {
        let macro = await Self.runMacroApp()
        let hand = await Self.runHandApp()
        #expect(hand.state == "AppState(counter: 0, isLoggedIn: true, user: nil)")
        #expect(macro.state == hand.state)
    }

    @Test func theMacroCounterAppIdentifiesItsActionsLikeTheHandWrittenOne() {
        let macro: [MacroCounterApp.AppAction] = [.increment, .delayedDecrement, .login(user: "ada", password: "x"), .setLoggedIn(true)]
        let hand: [HandCounterApp.AppAction] = [.increment, .delayedDecrement, .login(user: "ada", password: "x"), .setLoggedIn(true)]
        #expect(macro.map(\.actionIdentity) == hand.map(\.actionIdentity))
        #expect(hand.map(\.actionIdentity) == hand.map { ActionIdentity(reflecting: $0) })
    }

    @Test func theMacroCounterAppExtractsPayloadsLikeTheHandWrittenOne() {
        let macro = MacroCounterApp.AppAction.login(user: "ada", password: "secret").login
        let hand = HandCounterApp.AppAction.login(user: "ada", password: "secret").login
        #expect(macro?.user == hand?.user && macro?.password == hand?.password && macro?.user == "ada")
        #expect(MacroCounterApp.AppAction.increment.setLoggedIn == nil)
        #expect(MacroCounterApp.AppAction.setLoggedIn(true).setLoggedIn == HandCounterApp.AppAction.setLoggedIn(true).setLoggedIn)
    }
}
