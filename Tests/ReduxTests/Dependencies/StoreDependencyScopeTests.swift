import Foundation
@testable import Redux
import ReduxTesting
import Testing

private struct ScopeLog: Sendable, Equatable {
    var log: [String] = []
}

private enum ScopeAction: Sendable, Equatable {
    case read
    case readInEffect
    case note(String)
}

private enum ScopeKey: DependencyKey {
    static var liveValue: String { "live" }
}

extension Dependencies {
    fileprivate var scopeValue: String {
        get { self[ScopeKey.self] }
        set { self[ScopeKey.self] = newValue }
    }
}

/// Records `\.scopeValue` and whether `\.clock` is the store's clock, in the reducer and in an
/// effect.
private func scopeReducer(isStoreClock: @escaping @Sendable (any Clock<Duration>) -> Bool) -> Reducer<ScopeLog, ScopeAction> {
    Reducer(id: "scope", effects: { state, action in
        switch action {
        case .read:
            @Dependency(\.scopeValue) var value
            @Dependency(\.clock) var clock
            state.log.append("\(value) \(isStoreClock(clock))")
            return .none
        case .readInEffect:
            return .run { send in
                @Dependency(\.scopeValue) var value
                @Dependency(\.clock) var clock
                send(.note("\(value) \(isStoreClock(clock))"))
            }
        case .note(let text):
            state.log.append(text)
            return .none
        }
    })
}

/// Whether `clock` is `store`'s own clock.
@MainActor
private func isOwnClock(_ clock: any Clock<Duration>, of store: Store<ScopeLog, ScopeAction>) -> Bool {
    (clock as? EffectClock)?.runtimeID == ObjectIdentifier(store.runtime)
}

/// A store given no dependencies reads its caller's container, with only `\.clock` its own.
@Suite("What a store given no dependencies binds")
@MainActor
struct StoreDependencyScopeTests {
    @Test func aCallersOverrideReachesTheReducersOfATestClockStoreGivenNoDependencies() {
        let clockOwner = SharedList<ObjectIdentifier>()
        let reducer = scopeReducer { clock in
            (clock as? EffectClock).map { clockOwner.values.contains($0.runtimeID) } ?? false
        }
        let store = Store(initialState: ScopeLog(), reducers: [reducer], options: StoreOptions(clock: TestClock()))
        clockOwner.append(ObjectIdentifier(store.runtime))
        Dependencies.withValues {
            $0.scopeValue = "override"
            $0.clock = ImmediateClock()
        } operation: {
            store.dispatch(.read)
        }
        store.dispatch(.read)
        #expect(store.log == ["override true", "live true"])
    }

    @Test func aTestClockStoreGivenNoDependenciesStartsItsTasksWithItsCallersContainerAndItsClock() async throws {
        let clockOwner = SharedList<ObjectIdentifier>()
        let reducer = scopeReducer { clock in
            (clock as? EffectClock).map { clockOwner.values.contains($0.runtimeID) } ?? false
        }
        let store = Store(initialState: ScopeLog(), reducers: [reducer], options: StoreOptions(clock: TestClock()))
        clockOwner.append(ObjectIdentifier(store.runtime))
        Dependencies.withValues { $0.scopeValue = "override" } operation: {
            store.dispatch(.readInEffect)
        }
        try await store.quiescent(timeout: patience)
        #expect(store.log == ["override true"])
    }

    @Test func aDefaultClockStoreInsideAnotherStoresEffectReadsItsOwnClock() async throws {
        let inner = Box<Store<ScopeLog, ScopeAction>?>(nil)
        defer { inner.value = nil }  // the reducer holds the box: no cycle left behind
        let innerReducer = Reducer<ScopeLog, ScopeAction>(id: "inner", effects: { state, action in
            @Dependency(\.clock) var clock
            state.log.append(MainActor.assumeIsolated { inner.value.map { isOwnClock(clock, of: $0) } ?? false } ? "own" : "other")
            return .none
        })
        let outerReducer = Reducer<ScopeLog, ScopeAction>(id: "outer", effects: { _, action in
            guard action == .read else { return .none }
            return .run { _ in
                await MainActor.run {
                    let store = Store(initialState: ScopeLog(), reducers: [innerReducer])
                    inner.value = store
                    store.dispatch(.read)
                }
            }
        })
        let outer = Store(initialState: ScopeLog(), reducers: [outerReducer], options: StoreOptions(clock: TestClock()))
        outer.dispatch(.read)
        try await outer.quiescent(timeout: patience)
        #expect(inner.value?.log == ["own"], "the inner store's \\.clock is its own, not the outer store's")
    }

    @Test func aDefaultClockStoreCreatedWhereTheClockIsSetReadsItsOwnClock() {
        let inner = Box<Store<ScopeLog, ScopeAction>?>(nil)
        defer { inner.value = nil }  // the reducer holds the box: no cycle left behind
        let reducer = scopeReducer { clock in
            MainActor.assumeIsolated { inner.value.map { isOwnClock(clock, of: $0) } ?? false }
        }
        let store = Dependencies.withValues { $0.clock = ImmediateClock() } operation: {
            Store(initialState: ScopeLog(), reducers: [reducer])
        }
        inner.value = store
        Dependencies.withValues { $0.scopeValue = "override" } operation: {
            store.dispatch(.read)
        }
        #expect(store.log == ["override true"])
    }

    @Test func aDefaultClockStoreGivenNoDependenciesAndCreatedOutsideAnyScopeBindsNothing() {
        let store = Store(initialState: ScopeLog(), reducers: [scopeReducer { $0 is ImmediateClock }])
        #expect(store.scopesDependencies == false)
        #expect(store.leavesFastPath == false)
        Dependencies.withValues { $0.clock = ImmediateClock() } operation: {
            store.dispatch(.read)
        }
        #expect(store.log == ["live true"], "the caller's clock reaches the components as is")
    }

    @Test func settingAHandClockTwiceSaysSoOnce() {
        let lines = DiagnosticLines()
        let store = Store<ScopeLog, ScopeAction>(initialState: ScopeLog(), reducers: [], options: lines.options(clock: TestClock()))
        store.dependencies.clock = ImmediateClock()
        store.dependencies.clock = ImmediateClock()
        var dependencies = Dependencies()
        dependencies.clock = ImmediateClock()
        store.dependencies = dependencies
        #if DEBUG
        #expect(lines.lines.count == 1, "\(lines.lines)")
        #else
        #expect(lines.lines.isEmpty)
        #endif
    }
}

/// A reference to a value set once on the main actor and read there.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
