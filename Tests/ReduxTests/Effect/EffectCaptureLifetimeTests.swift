import Dispatch
import Foundation
import Redux
import Synchronization
import Observation
import Testing

/// What an effect's task holds lives as long as the task: once it ends, what its closure
/// captured is released even where its `send` is kept (by a captured object, or by a task the
/// work started); and the start of a task races no cancellation.
@MainActor
@Suite("Effect capture lifetime")
struct EffectCaptureLifetimeTests {
    enum Act: Sendable, Equatable { case go, done, cancel, other }

    /// Counts live instances of ``Relay``.
    final class Census: Sendable {
        let live = Atomic<Int>(0)
        var count: Int { live.load(ordering: .relaxed) }
    }

    /// An object a `.run` closure captures and which keeps the `send` it is given (as a
    /// delegate or a stream relay does).
    final class Relay: @unchecked Sendable {
        let census: Census
        var send: Send<Act>?
        init(_ census: Census) {
            self.census = census
            census.live.wrappingAdd(1, ordering: .relaxed)
        }
        deinit { census.live.wrappingSubtract(1, ordering: .relaxed) }
    }

    /// Polls (bounded) until `condition` holds; the wait is not the proof, the condition is.
    func eventually(within timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @Test func aFinishedRunWhoseCapturedObjectKeepsItsSendLeaksNothingOnceTheStoreIsGone() async throws {
        let census = Census()
        weak var weakStore: Store<[Act], Act>?
        do {
            let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
                state.append(action)
                guard action == .go else { return .none }
                let relay = Relay(census)
                return .run { send in
                    relay.send = send
                    send(.done)
                }
            })])
            weakStore = store
            store.dispatch(.go)
            try await store.settled(timeout: patience)
            #expect(store.state == [.go, .done])
        }
        #expect(await eventually { weakStore == nil }, "the store is released")
        #expect(await eventually { census.count == 0 }, "the run closure's captures are released once its task ended (live: \(census.count))")
    }

    @Test func aFinishedRunWhoseCapturedObjectKeepsItsSendIsReleasedWhileTheStoreLives() async throws {
        let census = Census()
        let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
            state.append(action)
            guard action == .go else { return .none }
            let relay = Relay(census)
            return .run { send in
                relay.send = send
                send(.done)
            }
        })])
        for _ in 0..<10 { store.dispatch(.go) }
        try await store.settled(timeout: patience)
        #expect(store.state.count == 20)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
        #expect(await eventually { census.count == 0 }, "live relays after every task ended: \(census.count)")
    }

    /// Holds the handles of tasks a test leaves running, to cancel them at its end.
    final class Handles: @unchecked Sendable {
        let lock = NSLock()
        var tasks: [Task<Void, Never>] = []
        func add(_ task: Task<Void, Never>) { lock.withLock { tasks.append(task) } }
        func cancelAll() { lock.withLock { for task in tasks { task.cancel() } } }
    }

    @Test func aFinishedRunsCapturesAreReleasedEvenIfATaskItStartedLivesOn() async throws {
        let census = Census()
        let handles = Handles()
        defer { handles.cancelAll() }
        let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
            state.append(action)
            guard action == .go else { return .none }
            let relay = Relay(census)
            return .run { send in
                withExtendedLifetime(relay) {}
                // Work handed to an unstructured task that outlives the effect (it inherits the
                // effect's task-locals).
                handles.add(Task { try? await Task.sleep(for: .seconds(600)) })
                send(.done)
            }
        })])
        store.dispatch(.go)
        try await store.settled(timeout: patience)
        #expect(store.state == [.go, .done])
        #expect(await eventually { census.count == 0 }, "the effect's task ended; its closure's captures are still alive: \(census.count)")
    }

    @Test func aTaskWhoseTrackedWaitIsCancelledAtOnceIsCancelledEvenBeforeItStarted() async throws {
        for round in 0..<300 {
            let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
                state.append(action)
                guard action == .go else { return .none }
                return .run { send in
                    try await Task.sleep(for: .seconds(600))
                    send(.done)
                }
            })])
            let ticket = store.dispatchTracked(.go)
            let waiter = Task { await ticket.waitForEffects() }
            waiter.cancel()
            await waiter.value
            // The sleeping task must have been cancelled, or this times out.
            try await store.settled(timeout: .seconds(20))
            #expect(store.state == [.go], "round \(round)")
            #expect(store.bookkeeping.isEmpty, "round \(round): \(store.bookkeeping)")
        }
    }

    @Test func tasksStartedAndCancelledByIDFromAnotherThreadAllEnd() async throws {
        let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
            switch action {
            case .go:
                return .run { _ in try await Task.sleep(for: .seconds(600)) }.cancellable(id: "work")
            case .cancel: return .cancel(id: "work")
            default: return .none
            }
        })])
        #expect(runOnThreadAndWait {
            for _ in 0..<2_000 {
                store.dispatch(.go)
                store.dispatch(.cancel)
            }
        })
        try await store.settled(timeout: .seconds(30))
        #expect(store.activeTaskCount == 0)
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func anObserverInvalidatingInASentActionsPassStopsWhatThatActionSends() {
        let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
            state.append(action)
            switch action {
            case .go: return .send(.other)
            case .other: return .send(.done)
            default: return .none
            }
        })])
        withObservationTracking { _ = store.state } onChange: {
            // First change: `.go`. Track again; the next change is `.other`, the held send.
            MainActor.assumeIsolated {
                withObservationTracking { _ = store.state } onChange: {
                    MainActor.assumeIsolated { store.invalidate() }
                }
            }
        }
        store.dispatch(.go)
        #expect(store.state == [.go, .other])
        #expect(store.isValid == false)
        store.dispatch(.go)
        #expect(store.state == [.go, .other])
    }

    /// An app object that owns the store and keeps the `send` of an effect it took part in.
    final class Owner: @unchecked Sendable {
        var store: Store<[Act], Act>?
        var send: Send<Act>?
    }

    final class WeakOwner: @unchecked Sendable {
        weak var owner: Owner?
    }

    @Test func aStoreOwnedByAnObjectThatAFinishedEffectCapturedIsReleased() async throws {
        weak var weakStore: Store<[Act], Act>?
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            let reference = WeakOwner()
            reference.owner = owner
            let store = Store<[Act], Act>(initialState: [], reducers: [Reducer(id: "fx", effects: { state, action in
                state.append(action)
                guard action == .go, let owner = reference.owner else { return .none }
                return .run { send in
                    owner.send = send
                    send(.done)
                }
            })])
            owner.store = store
            weakStore = store
            weakOwner = owner
            store.dispatch(.go)
            try await store.settled(timeout: patience)
            #expect(store.state == [.go, .done])
        }
        #expect(await eventually { weakOwner == nil }, "the owner is kept alive once its effect ended")
        #expect(await eventually { weakStore == nil }, "the store is kept alive once its effect ended")
    }
}
