import Foundation
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Makes calls of unimplemented dependencies fail the running test: installs the test
/// frameworks' process-wide `UnimplementedReporting.reporter`, unless a reporter is installed
/// already.
///
/// Each call of a value made with `unimplemented(_:placeholder:fileID:filePath:line:column:)`
/// (or its closure forms) that no test store catches first is then recorded as a failure whose
/// message names the dependency and the place it was declared unimplemented (a closure cannot
/// see its caller, so the report points at the declaration): a Swift Testing issue at that place
/// while a Swift Testing test runs on the calling task; `XCTFail` at that place while an XCTest
/// test case runs; otherwise — a detached task or another thread during a Swift Testing run — a
/// Swift Testing issue of the run, which fails it.
///
/// Every ``TestStore``, ``MiddlewareHarness`` and ``ResolverHarness`` installs it when created;
/// they also catch the calls made in the work their store runs (effects, middleware tasks,
/// deferred handlers), which they report as failures of the test at its next step. Call this
/// yourself in a test that reaches unimplemented values through `Redux` types alone (a plain
/// `Store`, `Dependencies.withValues`).
///
/// It never replaces a reporter installed before (a test framework's own): it installs only
/// when `UnimplementedReporting.reporter` is `nil`; installing it again changes nothing. To
/// replace a reporter of your own with this one, set `UnimplementedReporting.reporter = nil`
/// first.
///
/// Isolation: any; the reporter is a process-wide setting, kept under a lock.
public func installTestReporter() {
    #if canImport(XCTest)
    XCTestCaseTracker.start(assumingARunningCase: Test.current == nil)
    #endif
    UnimplementedReporting.installIfAbsent(reportUnimplementedCall)
}

/// How the process-wide reporter records a call, given where it was made.
enum UnimplementedCallRoute: Equatable {
    /// A Swift Testing issue of the current test (the call is on a test's task).
    case currentTest
    /// `XCTFail`: an XCTest test case is running.
    case xcTest
    /// A Swift Testing issue of the whole run: no test is current on the calling task and no
    /// XCTest test case runs (a detached task, another thread).
    case testRun

    /// The route for a call made now, on the calling task.
    static var forCurrentCall: UnimplementedCallRoute {
        if Test.current != nil { return .currentTest }
        #if canImport(XCTest)
        if XCTestCaseTracker.isRunningACase { return .xcTest }
        #endif
        return .testRun
    }
}

/// Records `call` as a failure of the running test, by ``UnimplementedCallRoute/forCurrentCall``.
@Sendable
private func reportUnimplementedCall(_ call: UnimplementedDependencyError) {
    switch UnimplementedCallRoute.forCurrentCall {
    case .currentTest, .testRun:
        recordIssue(for: call)
    case .xcTest:
        #if canImport(XCTest)
        if let file = call.staticFilePath {
            XCTFail(call.description, file: file, line: UInt(call.line))
        } else {
            XCTFail(call.description)
        }
        #endif
    }
}

/// Records `call` as a Swift Testing issue at the place the dependency was declared
/// unimplemented: the current test's when one is current, else the run's.
func recordIssue(for call: UnimplementedDependencyError) {
    let location = SourceLocation(fileID: call.fileID, filePath: call.filePath, line: call.line, column: call.column)
    Issue.record(Comment(rawValue: call.description), sourceLocation: location)
}

#if canImport(XCTest)
/// Tells whether an XCTest test case is running, by observing XCTest.
///
/// Registered the first time ``installTestReporter()`` runs. A case that started before is not
/// seen starting: when the first installation happens with no Swift Testing test current (the
/// body of an XCTest test), the tracker takes a case to be running until a case ends or an
/// installation happens while a Swift Testing test is current (the two frameworks run their
/// tests one after the other).
final class XCTestCaseTracker: NSObject, XCTestObservation, Sendable {
    private static let shared = XCTestCaseTracker()
    private static let state = Locked<(registered: Bool, running: Int, assumed: Bool)>((false, 0, false))

    /// Registers the tracker once; `assumingARunningCase` says the caller may run in a case
    /// whose start the tracker did not see, `false` that a Swift Testing test is current.
    static func start(assumingARunningCase: Bool) {
        let register = state.withLock { state in
            if assumingARunningCase, !state.registered { state.assumed = true }
            if !assumingARunningCase { state.assumed = false }
            defer { state.registered = true }
            return !state.registered
        }
        if register { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    /// Whether an XCTest test case runs now (anywhere in the process).
    static var isRunningACase: Bool {
        state.withLock { $0.running > 0 || $0.assumed }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        Self.state.withLock { $0.running += 1 }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        Self.state.withLock { state in
            state.running = max(0, state.running - 1)
            state.assumed = false
        }
    }
}
#endif
