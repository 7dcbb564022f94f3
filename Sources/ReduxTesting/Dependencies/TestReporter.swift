import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Makes calls of unimplemented dependencies fail the running test: installs the test
/// frameworks' `UnimplementedReporting.reporter`.
///
/// Each call of a value made with `unimplemented(_:placeholder:fileID:filePath:line:column:)`
/// (or its closure forms) is then recorded as a failure whose message names the dependency and
/// the place it was declared unimplemented: a Swift Testing issue at that place while a Swift
/// Testing test runs, `XCTFail` otherwise. Every ``TestStore``, ``MiddlewareHarness`` and
/// ``ResolverHarness`` installs it when created; call this yourself in a test that reaches
/// unimplemented values through `Redux` types alone (a plain `Store`,
/// `Dependencies.withValues`). It replaces any reporter installed before; installing it again
/// changes nothing.
///
/// Isolation: any; the reporter is a process-wide setting, kept under a lock.
public func installTestReporter() {
    UnimplementedReporting.reporter = reportUnimplementedCall
}

/// Records `call` as a failure of the running test.
@Sendable
private func reportUnimplementedCall(_ call: UnimplementedDependencyError) {
    if Test.current != nil {
        let location = SourceLocation(fileID: call.fileID, filePath: call.filePath, line: call.line, column: call.column)
        Issue.record(Comment(rawValue: call.description), sourceLocation: location)
        return
    }
    #if canImport(XCTest)
    XCTFail(call.description)
    #else
    print("ReduxTesting failure: \(call.description)")
    #endif
}
