import Foundation
import Synchronization

/// Where calls of unimplemented dependencies are reported: a test failure under a test
/// framework, one diagnostic line otherwise.
///
/// `Redux` links no test framework, so it cannot fail a test by itself. `ReduxTesting` installs a
/// ``reporter`` that records each call as a test failure (a Swift Testing issue, or `XCTFail`
/// under XCTest) at the place the dependency was declared unimplemented: every `TestStore` and
/// harness installs it when created, and `installTestReporter()` installs it for a test that
/// uses only `Redux` types. A test framework of your own can install its own.
///
/// With no reporter installed (an app's test value reached outside any test), each call writes
/// one line to standard error in a debug build, and nothing in a release build. Either way the
/// call then returns its placeholder or throws ``UnimplementedDependencyError``: it never stops
/// the process.
///
/// Isolation: the reporter is read and replaced under a lock, from any isolation; it is called
/// on the thread of the call it reports, synchronously.
public enum UnimplementedReporting {
    /// Receives each call of an unimplemented dependency.
    public typealias Reporter = @Sendable (UnimplementedDependencyError) -> Void

    /// The installed reporter; `nil` (the default) writes the diagnostic line instead.
    /// Setting it replaces the reporter for the whole process.
    public static var reporter: Reporter? {
        get { state.withLock { $0.reporter } }
        set { state.withLock { $0.reporter = newValue } }
    }

    /// The reporter and the fallback sink, under one lock.
    private static let state = Mutex<(reporter: Reporter?, sink: DiagnosticSink)>((nil, .standardError))

    /// Where the line goes when no reporter is installed (debug builds); tests replace it.
    static var fallbackSink: DiagnosticSink {
        get { state.withLock { $0.sink } }
        set { state.withLock { $0.sink = newValue } }
    }

    /// Reports `call` through the installed reporter, or the fallback sink.
    static func report(_ call: UnimplementedDependencyError) {
        let (reporter, sink) = state.withLock { ($0.reporter, $0.sink) }
        report(call, to: reporter, sink: sink)
    }

    /// Reports `call` to `reporter`; without one, one line to `sink` in a debug build.
    static func report(_ call: UnimplementedDependencyError, to reporter: Reporter?, sink: DiagnosticSink) {
        if let reporter {
            reporter(call)
            return
        }
        #if DEBUG
        sink.write("swift-redux: \(call.description) No test reporter is installed, so this is not a test failure; the call returns its placeholder or throws.")
        #endif
    }
}
