import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// A client with endpoints of several arities, for the unimplemented tests.
private struct ProbeClient: Sendable {
    var refresh: @Sendable () -> Bool
    var count: @Sendable (String) -> Int
    var combine: @Sendable (Int, String, Bool) -> String
    var search: @Sendable (String) async throws -> [String]
}

/// Whether `issue` is the report of `dependency`'s call, declared at `line` of this file.
private func reports(_ issue: Issue, _ dependency: String, declaredAt line: Int) -> Bool {
    issue.comments.contains { $0.rawValue.contains("Unimplemented dependency \(dependency) was called") }
        && issue.sourceLocation?.fileID == #fileID
        && issue.sourceLocation?.line == line
}

/// Unimplemented test values report a failure naming the dependency and where it was declared,
/// then return their placeholder or throw; they never stop the process.
@Suite("Unimplemented dependencies")
struct UnimplementedTests {
    init() { installTestReporter() }

    @Test func unimplementedValueReportsAFailureNamingItAndItsDeclarationAndReturnsThePlaceholder() {
        let declared = #line + 2
        withKnownIssue {
            let limit: Int = unimplemented("Probe.limit", placeholder: 5)
            #expect(limit == 5)
        } matching: { reports($0, "Probe.limit", declaredAt: declared) }
    }

    @Test func unimplementedClosuresOfZeroOneAndThreeArgumentsReportEachCallAndReturnThePlaceholder() {
        let declared = #line + 2
        let client = ProbeClient(
            refresh: unimplemented("Probe.refresh", placeholder: false),
            count: unimplemented("Probe.count", placeholder: -1),
            combine: unimplemented("Probe.combine", placeholder: "none"),
            search: unimplemented("Probe.search")
        )
        withKnownIssue {
            #expect(client.refresh() == false)
        } matching: { reports($0, "Probe.refresh", declaredAt: declared) }
        withKnownIssue {
            #expect(client.count("a") == -1)
        } matching: { reports($0, "Probe.count", declaredAt: declared + 1) }
        withKnownIssue {
            #expect(client.combine(1, "b", true) == "none")
        } matching: { reports($0, "Probe.combine", declaredAt: declared + 2) }
    }

    @Test func unimplementedThrowingClosureReportsAndThrowsAnErrorNamingTheDependency() async {
        let declared = #line + 1
        let search: @Sendable (String) async throws -> [String] = unimplemented("Probe.search")
        await withKnownIssue {
            do {
                _ = try await search("query")
                Issue.record("the unimplemented closure returned")
            } catch let error as UnimplementedDependencyError {
                #expect(error.dependency == "Probe.search")
                #expect(error.line == declared)
                #expect(error.fileID == #fileID)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        } matching: { reports($0, "Probe.search", declaredAt: declared) }
    }

    @Test @MainActor func unimplementedTestValueOfAKeyReportsWhenATestStoreReadsIt() async {
        let store = TestStore(initialState: ProbeCount(), reducers: [probeCountReducer])
        await withKnownIssue {
            await store.send(.read) { $0.value = 0 }
        } matching: { reports($0, "ProbeCountKey", declaredAt: probeCountDeclarationLine) }
        store.dependencies.probeCount = 3
        await store.send(.read) { $0.value = 3 }
        await store.finish()
    }

    @Test func unimplementedClosuresConvertToAsyncFunctionTypesAndStillReport() async {
        let declared = #line + 1
        let pair: @Sendable (Int, Int) async -> Int = unimplemented("Probe.pair", placeholder: 0)
        await withKnownIssue {
            #expect(await pair(1, 2) == 0)
        } matching: { reports($0, "Probe.pair", declaredAt: declared) }
    }

    @Test func aVoidEndpointNeedsNoPlaceholderAndAThrowingContextStillGetsTheThrowingForm() async {
        let declared = #line + 1
        let track: @Sendable (Int) -> Void = unimplemented("Probe.track")
        let flush: @Sendable () async -> Void = unimplemented("Probe.flush")
        let save: @Sendable (Int) throws -> Void = unimplemented("Probe.save")
        let upload: @Sendable (Int, String) async throws -> Void = unimplemented("Probe.upload")
        let load: @Sendable (Int) throws -> Int = unimplemented("Probe.load")
        let fetch: @Sendable () async throws -> [String] = unimplemented("Probe.fetch")
        withKnownIssue {
            track(1)
        } matching: { reports($0, "Probe.track", declaredAt: declared) }
        await withKnownIssue {
            await flush()
        } matching: { reports($0, "Probe.flush", declaredAt: declared + 1) }
        withKnownIssue {
            #expect(throws: UnimplementedDependencyError.self) { try save(1) }
        } matching: { reports($0, "Probe.save", declaredAt: declared + 2) }
        await withKnownIssue {
            await #expect(throws: UnimplementedDependencyError.self) { try await upload(1, "a") }
        } matching: { reports($0, "Probe.upload", declaredAt: declared + 3) }
        withKnownIssue {
            #expect(throws: UnimplementedDependencyError.self) { _ = try load(1) }
        } matching: { reports($0, "Probe.load", declaredAt: declared + 4) }
        await withKnownIssue {
            await #expect(throws: UnimplementedDependencyError.self) { _ = try await fetch() }
        } matching: { reports($0, "Probe.fetch", declaredAt: declared + 5) }
    }

    @Test func anUnimplementedErrorDescribesItselfInOneSentence() {
        let error = UnimplementedDependencyError(dependency: "Probe.limit", fileID: "Probe/File.swift", filePath: "/Probe/File.swift", line: 12, column: 3)
        let sentence = "Unimplemented dependency Probe.limit was called (declared unimplemented at Probe/File.swift:12); give the test a value for it."
        #expect(String(describing: error) == sentence)
        #expect(error.localizedDescription == sentence)
    }

    @Test func withoutAReporterACallWritesOneDiagnosticLineAndGoesOn() {
        let lines = SharedList<String>()
        let call = UnimplementedDependencyError(dependency: "Probe.limit", fileID: "Probe/File.swift", filePath: "/Probe/File.swift", line: 12, column: 3)
        UnimplementedReporting.report(call, to: nil, sink: DiagnosticSink { lines.append($0) })
        #if DEBUG
        #expect(lines.values.count == 1)
        #expect(lines.values.first?.contains("Unimplemented dependency Probe.limit was called (declared unimplemented at Probe/File.swift:12)") == true)
        #else
        #expect(lines.values.isEmpty)
        #endif
    }

    @Test func anInstalledReporterReceivesTheCallInsteadOfTheDiagnosticLine() {
        let lines = SharedList<String>()
        let received = SharedList<String>()
        let call = UnimplementedDependencyError(dependency: "Probe.limit", fileID: "Probe/File.swift", filePath: "/Probe/File.swift", line: 12, column: 3)
        UnimplementedReporting.report(call, to: { received.append($0.dependency) }, sink: DiagnosticSink { lines.append($0) })
        #expect(received.values == ["Probe.limit"])
        #expect(lines.values.isEmpty)
    }
}

let probeCountDeclarationLine = #line + 4
/// A key whose test value is unimplemented.
enum ProbeCountKey: DependencyKey {
    static var liveValue: Int { 1 }
    static var testValue: Int { unimplemented("ProbeCountKey", placeholder: 0) }
}

extension Dependencies {
    var probeCount: Int {
        get { self[ProbeCountKey.self] }
        set { self[ProbeCountKey.self] = newValue }
    }
}

struct ProbeCount: Equatable, Sendable {
    var value = -1
}

enum ProbeCountAction: Equatable, Sendable {
    case read
}

let probeCountReducer = Reducer<ProbeCount, ProbeCountAction>(id: "probeCount", effects: { state, _ in
    @Dependency(\.probeCount) var count
    state.value = count
    return .none
})
