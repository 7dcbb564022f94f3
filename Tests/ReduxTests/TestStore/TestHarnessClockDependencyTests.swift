import Foundation
import Redux
import ReduxTesting
import Testing

private struct ClockState: Sendable, Equatable {
    var count = 0
}

private enum ClockAction: Sendable, Equatable {
    case tap
}

/// Whether `issue` is the hand-set `\.clock` failure of `owner`, reported at `line` of this file.
private func reportsHandSetClock(_ issue: Issue, owner: String, at line: Int) -> Bool {
    issue.comments.contains {
        $0.rawValue.contains("The \(owner)'s dependencies set `\\.clock`, which the store replaces with its own clock:")
    } && issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
}

/// `\.clock` is the store's clock: a test store or harness whose dependencies set it by hand
/// reports a failure, wherever the container was given — at creation or between steps.
@Suite("A hand-set clock in a test's dependencies")
@MainActor
struct TestHarnessClockDependencyTests {
    @Test func aMiddlewareHarnessWhoseDependenciesSetTheClockReportsAFailure() {
        let middleware = Middleware<ClockState, ClockAction>(id: "m") { _ in .next }
        let created = #line + 2
        withKnownIssue {
            _ = MiddlewareHarness(middleware, state: ClockState(), dependencies: { $0.clock = ImmediateClock() })
        } matching: { reportsHandSetClock($0, owner: "middleware harness", at: created) }
    }

    @Test func aResolverHarnessWhoseDependenciesSetTheClockReportsAFailure() {
        let resolver = Resolver<ClockState, ClockAction>(id: "r") { _ in .defaultNext }
        let created = #line + 2
        withKnownIssue {
            _ = ResolverHarness(resolver, state: ClockState(), dependencies: { $0.clock = ImmediateClock() })
        } matching: { reportsHandSetClock($0, owner: "resolver harness", at: created) }
    }

    @Test func aResolverHarnessGivenAClockBetweenRunsReportsAFailure() {
        let resolver = Resolver<ClockState, ClockAction>(id: "r") { _ in .defaultNext }
        let created = #line + 1
        let harness = ResolverHarness(resolver, state: ClockState())
        withKnownIssue {
            harness.dependencies.clock = ImmediateClock()
        } matching: { reportsHandSetClock($0, owner: "resolver harness", at: created) }
    }

    @Test func aTestStoreGivenAClockBetweenStepsReportsAFailureAndKeepsItsClock() async {
        let clock = TestClock()
        let created = #line + 1
        let store = TestStore<ClockState, ClockAction>(initialState: ClockState(), clock: clock) { state, _ in state.count += 1 }
        withKnownIssue {
            store.dependencies.clock = ImmediateClock()
        } matching: { reportsHandSetClock($0, owner: "test store", at: created) }
        #expect(!(store.dependencies.clock is ImmediateClock), "the store's clock stays")
        await store.send(.tap) { $0.count = 1 }
        await store.finish()
    }

    @Test func aTestStoreGivenOtherDependenciesBetweenStepsReportsNothing() async {
        let store = TestStore<ClockState, ClockAction>(initialState: ClockState()) { state, _ in state.count += 1 }
        store.dependencies.date.now = Date(timeIntervalSince1970: 0)
        await store.send(.tap) { $0.count = 1 }
        await store.finish()
    }
}
