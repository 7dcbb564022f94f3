#if canImport(XCTest)
import XCTest
import ReduxTesting

/// Under XCTest (no Swift Testing test current) a TestStore reports through `XCTFail`, at the
/// file and line of the step. The failures are captured here instead of failing the test.
@MainActor
final class TestStoreXCTestReportingTests: XCTestCase {
    // Written by `recordFailure` (nonisolated in XCTest), which the store's failure reaches
    // synchronously on the main actor.
    nonisolated(unsafe) private var captured: [(description: String, file: String, line: Int)] = []
    nonisolated(unsafe) private var capturing = false

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        captured.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "", issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }
    #endif

    func testAWrongExpectedStateIsReportedThroughXCTFailAtTheStep() async {
        let store = makeWorkStore()
        capturing = true
        let line = #line + 1
        await store.send(.increment) { $0.count = 5 }
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.file.hasSuffix("TestStoreXCTestReportingTests.swift") ?? false)
        XCTAssertTrue(captured.first?.description.contains("count") ?? false)
        await store.finish()
    }

    func testAPassingFeatureTestReportsNothing() async {
        let store = makeWorkStore()
        capturing = true
        await store.send(.ping)
        await store.receive(.pong) { $0.log = ["pong"] }
        await store.finish()
        capturing = false
        XCTAssertTrue(captured.isEmpty)
    }
}
#endif
