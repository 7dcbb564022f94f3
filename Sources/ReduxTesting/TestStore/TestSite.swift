import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Where a ``TestStore`` step was written: failures are reported there.
struct TestSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column))
    }

    /// Reports a test failure here: through Swift Testing (`Issue.record`) while a Swift Testing
    /// test is running, through `XCTFail` otherwise (when XCTest is available).
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("\(fileID):\(line): TestStore failure: \(message)")
        #endif
    }

    /// Lists a skipped check without failing: a known issue under Swift Testing, a printed line
    /// otherwise.
    func listSkipped(_ message: String) {
        if Test.current != nil {
            withKnownIssue(isIntermittent: true) {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
            return
        }
        print("\(fileID):\(line): TestStore skipped: \(message)")
    }

    /// ``fail(_:)`` from a deinitializer: only while a Swift Testing test is current (or under
    /// XCTest, which attaches it to the running test case, if any).
    func failFromDeinit(_ message: String) {
        if Test.current != nil {
            fail(message)
            return
        }
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #endif
    }
}
