import Foundation
@testable import Redux
@testable import ReduxTesting
import Testing

private struct UnimplWorkLog: Sendable, Equatable {
    var log: [String] = []
}

private enum UnimplWorkAction: Sendable, Equatable {
    case fetchInEffect
    case searchInCaughtEffect
    case searchUncaught
    case fetchInDeferred
    case note(String)
}

/// A client whose endpoints are unimplemented in tests.
private struct UnimplWorkClient: Sendable {
    var fetch: @Sendable () -> Int
    var search: @Sendable (String) async throws -> [String]
}

private let fetchDeclaration = #line + 4
private let searchDeclaration = #line + 4
private enum WorkClientKey: DependencyKey {
    static let liveValue = UnimplWorkClient(fetch: { 1 }, search: { _ in [] })
    static let testValue = UnimplWorkClient(fetch: unimplemented("WorkClient.fetch", placeholder: 0),
                                      search: unimplemented("WorkClient.search"))
}

extension Dependencies {
    fileprivate var workClient: UnimplWorkClient {
        get { self[WorkClientKey.self] }
        set { self[WorkClientKey.self] = newValue }
    }
}

private let unimplWorkReducer = Reducer<UnimplWorkLog, UnimplWorkAction>(id: "work", effects: { state, action in
    switch action {
    case .fetchInEffect:
        return .run { send in
            @Dependency(\.workClient) var client
            send(.note("fetched \(client.fetch())"))
        }
    case .searchInCaughtEffect:
        return .run { send in
            @Dependency(\.workClient) var client
            send(.note("found \(try await client.search("q"))"))
        } catch: { _, send in
            send(.note("search failed"))
        }
    case .searchUncaught:
        return .run { send in
            @Dependency(\.workClient) var client
            send(.note("found \(try await client.search("q"))"))
        }
    case .note(let text):
        state.log.append(text)
        return .none
    case .fetchInDeferred:
        return .none
    }
})

/// A middleware whose `.task` and `.deferred` work call the unimplemented client.
private let unimplWorkMiddleware = Middleware<UnimplWorkLog, UnimplWorkAction>(id: "work") { context in
    switch context.action {
    case .fetchInEffect:
        return .task { effect in
            @Dependency(\.workClient) var client
            effect.dispatch(.note("fetched \(client.fetch())"))
        }
    case .fetchInDeferred:
        return .deferred { _ in
            @Dependency(\.clock) var clock
            try await clock.sleep(for: .seconds(1))
            @Dependency(\.workClient) var client
            return .nextAs(.note("fetched \(client.fetch())"))
        }
    default:
        return .next
    }
}

/// Whether `issue` reports the call of `dependency` declared at `line` of this file, as a test
/// store step reports a call held from the store's work: at one of `steps` (lines of this file).
private func reportsHeldCall(_ issue: Issue, _ dependency: String, declaredAt line: Int, atOneOf steps: [Int]) -> Bool {
    let message = issue.comments.map(\.rawValue).joined()
    return message.contains("Unimplemented dependency \(dependency) was called (declared unimplemented at \(#fileID):\(line))")
        && message.contains("reported at the next step")
        && issue.sourceLocation?.fileID == #fileID
        && steps.contains(issue.sourceLocation?.line ?? 0)
}

/// A call of an unimplemented dependency from the work a store runs off the test's task — an
/// effect, a middleware `.task`, a `.deferred` handler, all detached tasks — fails the test:
/// the test store's own reporter, bound in its store's dependencies, holds it for the next step.
@Suite("Unimplemented dependencies called from a store's work")
@MainActor
struct UnimplementedInStoreWorkTests {
    @Test func anUnimplementedEndpointCalledFromAnEffectFailsTheTest() async {
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [unimplWorkReducer])
        let send = #line + 2
        await withKnownIssue {
            await store.send(.fetchInEffect)
            await store.receive(.note("fetched 0")) { $0.log = ["fetched 0"] }
        } matching: { reportsHeldCall($0, "WorkClient.fetch", declaredAt: fetchDeclaration, atOneOf: [send, send + 1]) }
        await store.finish()
    }

    @Test func anUnimplementedThrowingEndpointCaughtByRunCatchStillFailsTheTest() async {
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [unimplWorkReducer])
        let send = #line + 2
        await withKnownIssue {
            await store.send(.searchInCaughtEffect)
            await store.receive(.note("search failed")) { $0.log = ["search failed"] }
        } matching: { reportsHeldCall($0, "WorkClient.search", declaredAt: searchDeclaration, atOneOf: [send, send + 1]) }
        await store.finish()
    }

    @Test func anUnimplementedEndpointCalledFromAMiddlewareTaskFailsTheTest() async {
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [unimplWorkReducer], middlewares: [unimplWorkMiddleware])
        let send = #line + 2
        await withKnownIssue {
            await store.send(.fetchInEffect)
            await store.receive(.note("fetched 0")) { $0.log = ["fetched 0"] }
            await store.receive(.note("fetched 0")) { $0.log = ["fetched 0", "fetched 0"] }
        } matching: { reportsHeldCall($0, "WorkClient.fetch", declaredAt: fetchDeclaration, atOneOf: [send, send + 1, send + 2]) }
        await store.finish()
    }

    @Test func anUnimplementedEndpointCalledFromAMiddlewareHarnessTaskFailsTheTestAtTheRun() async {
        let harness = MiddlewareHarness(unimplWorkMiddleware, state: UnimplWorkLog())
        let run = #line + 2
        await withKnownIssue {
            _ = await harness.run(.fetchInEffect)
        } matching: { reportsHeldCall($0, "WorkClient.fetch", declaredAt: fetchDeclaration, atOneOf: [run]) }
        #expect(harness.dispatched == [.note("fetched 0")])
    }

    @Test func anUnimplementedEndpointCalledFromADeferredHandlerFailsTheTestAtTheResumption() async {
        let clock = TestClock()
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [unimplWorkReducer], middlewares: [unimplWorkMiddleware], clock: clock)
        let step = await store.send(.fetchInDeferred)
        await clock.advance(by: .seconds(1))
        let resumed = #line + 2
        await withKnownIssue {
            await store.resumed(step) { $0.log = ["fetched 0"] }
        } matching: { reportsHeldCall($0, "WorkClient.fetch", declaredAt: fetchDeclaration, atOneOf: [resumed]) }
        await store.finish()
    }

    @Test func anUnimplementedEndpointCalledOnTheTestsTaskFailsTheTestAtOnceAtItsDeclaration() async {
        let reducer = Reducer<UnimplWorkLog, UnimplWorkAction>(id: "sync") { state, _ in
            @Dependency(\.workClient) var client
            state.log.append("fetched \(client.fetch())")
            return .next
        }
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [reducer])
        await withKnownIssue {
            await store.send(.note("x")) { $0.log = ["fetched 0"] }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unimplemented dependency WorkClient.fetch was called") }
                && issue.sourceLocation?.line == fetchDeclaration
        }
        await store.finish()
    }

    @Test func anUnresolvedUnimplementedErrorIsDescribedByItsSentence() async {
        let store = TestStore(initialState: UnimplWorkLog(), reducers: [unimplWorkReducer])
        await withKnownIssue {
            await store.send(.searchUncaught)
            await store.finish()
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined()
            if message.contains("no resolver recovered it") {
                return message.contains("failed with Unimplemented dependency WorkClient.search was called (declared unimplemented at")
                    && !message.contains("UnimplementedDependencyError(")
            }
            return message.contains("Unimplemented dependency WorkClient.search was called")
        }
    }
}

/// The process-wide reporter: a call no test store catches, made where no Swift Testing test is
/// current and no XCTest test case runs (a detached task, another thread), is recorded as a Swift
/// Testing issue of the whole run (which fails it) instead of being dropped.
@Suite("The process-wide test reporter")
struct ProcessWideTestReporterTests {
    init() { installTestReporter() }

    @Test func aCallFromADetachedTaskIsRecordedAsAnIssueOfTheRun() async {
        #expect(UnimplementedCallRoute.forCurrentCall == .currentTest)
        let route = await Task.detached { UnimplementedCallRoute.forCurrentCall }.value
        #expect(route == .testRun)
        let bound = await Task.detached { Dependencies.current.unimplementedReporter == nil }.value
        #expect(bound, "nothing binds a test store's reporter there: the process-wide reporter gets the call")
    }

    @Test func aCallFromAnotherThreadIsRecordedAsAnIssueOfTheRun() async {
        let route = await withCheckedContinuation { (done: CheckedContinuation<UnimplementedCallRoute, Never>) in
            Thread { done.resume(returning: UnimplementedCallRoute.forCurrentCall) }.start()
        }
        #expect(route == .testRun)
    }

    @Test func installingTheTestReporterNeverReplacesAnInstalledReporter() {
        installTestReporter()
        #expect(UnimplementedReporting.reporter != nil)
        // What `installTestReporter()` does, with a reporter of another's in place: nothing.
        #expect(UnimplementedReporting.installIfAbsent { _ in Issue.record("replaced the installed reporter") } == false)
    }
}
