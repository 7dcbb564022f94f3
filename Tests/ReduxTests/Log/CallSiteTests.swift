import Redux
import Testing

/// A call site exposes its file as a `String`, so a log reader can compare or filter it.
@Suite("Call sites")
@MainActor
struct CallSiteTests {
    @Test func callSiteExposesItsFileAsAString() {
        let log = LogRecorder<PipeAction>()
        let store = makePipeStore(log: log)
        store.dispatch(.increment); let line = UInt(#line)
        guard case .enqueued(let site) = log.events.first?.kind else {
            Issue.record("no enqueued event")
            return
        }
        #expect(site.fileID == "ReduxTests/CallSiteTests.swift")
        #expect(site.fileID.hasSuffix("/CallSiteTests.swift"))
        #expect(site.line == line)
        #expect(site.description == "ReduxTests/CallSiteTests.swift:\(line)")
    }
}
