import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// What the clock reducer's effect saw and did.
struct ClockProbe: Equatable, Sendable {
    var woke = 0
    var readsImmediateClock: Bool?
    /// Whether `\.clock` is the store's own clock (the one its effects get as `send.clock`).
    var readsStoreClock: Bool?
}

enum ClockProbeAction: Equatable, Sendable {
    /// Starts an effect that sleeps an hour on `\.clock`, then sends `.woke`.
    case sleepAnHour
    case woke
    /// Records whether `\.clock` is an `ImmediateClock`.
    case inspect
}

let clockProbeReducer = Reducer<ClockProbe, ClockProbeAction>(id: "clockProbe", effects: { state, action in
    switch action {
    case .sleepAnHour:
        return .run { send in
            @Dependency(\.clock) var clock
            try await clock.sleep(for: .seconds(3_600))
            send(.woke)
        }
    case .woke:
        state.woke += 1
        return .none
    case .inspect:
        @Dependency(\.clock) var clock
        state.readsImmediateClock = clock is ImmediateClock
        state.readsStoreClock = clock is EffectClock
        return .none
    }
})

/// `\.clock` is the store's clock, one source: a store on another clock than the default binds
/// it for its components and tasks, and a clock set by hand in its dependencies is replaced.
@Suite("The clock dependency")
@MainActor
struct ClockDependencyTests {
    @Test func storeOnAnotherClockBindsItAsTheClockDependencyOfItsEffects() async throws {
        let clock = TestClock()
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: StoreOptions(clock: clock))
        store.dispatch(.sleepAnHour)
        // Asleep on the store's clock: the store counts the effect as asleep (a real clock's
        // sleep would count as running work, and an hour of it would outlast the wait).
        #expect(await eventually { store.sleepingTaskCount == 1 })
        await clock.advance(by: .seconds(3_600))
        try await store.settled(timeout: patience)
        #expect(store.woke == 1)
    }

    @Test func aFakeClientSleepingOnTheClockInTheEffectsOwnTaskCountsAsAsleepSoAClockStepDoesNotWaitForIt() async throws {
        // A quiescence timeout no passing run reaches: were the sleep counted as running work,
        // the clock's step would wait all of it.
        let clock = TestClock(quiescenceTimeout: .seconds(120))
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: StoreOptions(clock: clock))
        store.dispatch(.sleepAnHour)
        let start = ContinuousClock.now
        await clock.advance(by: .seconds(3_600))
        let took = ContinuousClock.now - start
        try await store.quiescent(timeout: patience)
        #expect(store.woke == 1)
        #expect(took < .seconds(60), "the clock step waited for the sleeping effect: \(took)")
    }

    @Test func storeOnAnotherClockGivesItToItsReducersOverTheCallersScope() {
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: StoreOptions(clock: TestClock()))
        Dependencies.withValues { $0.clock = ImmediateClock() } operation: {
            store.dispatch(.inspect)
        }
        #expect(store.readsImmediateClock == false)
        #expect(store.readsStoreClock == true)
    }

    @Test func storeWithTheDefaultClockAndNoDependenciesBindsNothing() {
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer])
        #expect(store.scopesDependencies == false)
        Dependencies.withValues { $0.clock = ImmediateClock() } operation: {
            store.dispatch(.inspect)
        }
        #expect(store.readsImmediateClock == true, "the caller's scope reaches the components")
        #expect(store.readsStoreClock == false)
    }

    @Test func clockSetInTheStoresDependenciesIsReplacedByTheStoresClockWithOneDiagnostic() {
        let lines = DiagnosticLines()
        var options = lines.options(clock: TestClock())
        var dependencies = Dependencies(context: .test)
        dependencies.clock = ImmediateClock()
        options.dependencies = dependencies
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: options)
        store.dispatch(.inspect)
        #expect(store.readsImmediateClock == false)
        #expect(store.readsStoreClock == true)
        lines.expect(["replaces with its own clock (StoreOptions.clock)"])
    }

    @Test func clockSetThroughTheStoresDependenciesPropertyIsReplacedToo() {
        let lines = DiagnosticLines()
        let store = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: lines.options)
        store.dependencies.clock = ImmediateClock()
        store.dispatch(.inspect)
        #expect(store.readsImmediateClock == false)
        #expect(store.readsStoreClock == true)
        lines.expect(["replaces with its own clock (StoreOptions.clock)"])
    }

    @Test func containerTakenFromAnotherStoreCarriesNoDiagnosticAndTheNewStoresClock() {
        let lines = DiagnosticLines()
        let first = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: StoreOptions(clock: TestClock()))
        var options = lines.options(clock: TestClock())
        options.dependencies = first.dependencies
        let second = Store(initialState: ClockProbe(), reducers: [clockProbeReducer], options: options)
        second.dependencies = first.dependencies
        second.dispatch(.inspect)
        #expect(second.readsImmediateClock == false)
        #expect(second.readsStoreClock == true)
        lines.expect([])
    }

    @Test func testStoreDependenciesThatSetTheClockAreReportedAtItsCreation() async {
        await withKnownIssue {
            let store = TestStore(initialState: ClockProbe(), reducers: [clockProbeReducer], dependencies: { $0.clock = ImmediateClock() })
            await store.send(.inspect) {
                $0.readsImmediateClock = false
                $0.readsStoreClock = true
            }
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("give the clock as `TestStore(clock:)`") }
        }
    }
}
