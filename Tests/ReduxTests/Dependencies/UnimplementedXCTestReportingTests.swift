#if canImport(XCTest)
import XCTest
import ReduxTesting

/// Under XCTest (no Swift Testing test current) a call of an unimplemented dependency is
/// reported through `XCTFail` at the place it was declared, naming it — from the test's own
/// thread or from a detached task — and the call goes on with its placeholder. The failure is captured here instead of failing the test.
final class UnimplementedXCTestReportingTests: XCTestCase {
    // Written by `recordFailure` (nonisolated in XCTest), which the report reaches synchronously
    // on the calling thread.
    nonisolated(unsafe) private var captured: [String] = []
    nonisolated(unsafe) private var capturing = false

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        captured.append(issue.compactDescription)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append("\(description) @\(filePath):\(lineNumber)")
    }
    #endif

    func testAnUnimplementedCallIsReportedThroughXCTFailNamingTheDependencyAndItsDeclaration() {
        installTestReporter()
        let line = #line + 1
        let count: @Sendable (String) -> Int = unimplemented("Probe.count", placeholder: -1)
        capturing = true
        let result = count("a")
        capturing = false
        XCTAssertEqual(result, -1)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.contains("Unimplemented dependency Probe.count was called") ?? false)
        XCTAssertTrue(captured.first?.contains("UnimplementedXCTestReportingTests.swift:\(line)") ?? false)
    }

    func testAnUnimplementedCallFromADetachedTaskFailsTheRunningTestCase() async {
        installTestReporter()
        let line = #line + 1
        let count: @Sendable (String) -> Int = unimplemented("Probe.detached", placeholder: -1)
        capturing = true
        let result = await Task.detached { count("a") }.value
        capturing = false
        XCTAssertEqual(result, -1)
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.contains("Unimplemented dependency Probe.detached was called") ?? false)
        #if !canImport(Darwin)
        // `XCTFail` is given the declaration's place, not the reporter's.
        XCTAssertTrue(captured.first?.hasSuffix(" @\(#filePath):\(line)") ?? false, captured.first ?? "")
        #endif
    }
}
#endif
