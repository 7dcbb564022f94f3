import Foundation

/// Where calls of unimplemented dependencies are reported: a test failure under a test
/// framework, one diagnostic line otherwise.
///
/// `Redux` links no test framework, so it cannot fail a test by itself. Each call is reported to
/// the first of:
///
/// 1. the reporter bound in ``Dependencies/current`` — a `TestStore` or harness of
///    `ReduxTesting` puts one in the container it gives its store, which the store binds in
///    every component and task it runs, so calls from effects, middleware tasks and deferred
///    handlers (detached tasks) reach the test store that started them;
/// 2. the process-wide ``reporter`` — `ReduxTesting` installs one that records a failure of the
///    running test (a Swift Testing issue, or `XCTFail` under XCTest) at the place the
///    dependency was declared unimplemented: every `TestStore` and harness installs it when
///    created, and `installTestReporter()` installs it for a test that uses only `Redux` types.
///    A test framework of your own can install its own;
/// 3. with neither (an app's test value reached outside any test), one line on standard error
///    in a debug build, and nothing in a release build.
///
/// Either way the call then returns its placeholder or throws ``UnimplementedDependencyError``:
/// it never stops the process.
///
/// Isolation: the reporter is read and replaced under a lock, from any isolation; a reporter is
/// called on the thread of the call it reports, synchronously.
public enum UnimplementedReporting {
    /// Receives each call of an unimplemented dependency.
    public typealias Reporter = @Sendable (UnimplementedDependencyError) -> Void

    /// The process-wide reporter; `nil` (the default) writes the diagnostic line instead.
    /// Setting it replaces the reporter for the whole process. A reporter bound in
    /// ``Dependencies/current`` (a test store's) comes first.
    public static var reporter: Reporter? {
        get { state.withLock { $0.reporter } }
        set { state.withLock { $0.reporter = newValue } }
    }

    /// Installs `reporter` as ``reporter`` unless one is installed already. Returns whether it
    /// did. The check and the installation are one step under the lock.
    @discardableResult
    package static func installIfAbsent(_ reporter: @escaping Reporter) -> Bool {
        state.withLock { state in
            guard state.reporter == nil else { return false }
            state.reporter = reporter
            return true
        }
    }

    /// The reporter and the fallback sink, under one lock.
    private static let state = Locked<(reporter: Reporter?, sink: DiagnosticSink)>((nil, .standardError))

    /// Where the line goes when no reporter is installed (debug builds); tests replace it.
    static var fallbackSink: DiagnosticSink {
        get { state.withLock { $0.sink } }
        set { state.withLock { $0.sink = newValue } }
    }

    /// Reports `call` through the reporter bound in ``Dependencies/current``, else the installed
    /// reporter, else the fallback sink.
    static func report(_ call: UnimplementedDependencyError) {
        if let bound = Dependencies.current.unimplementedReporter {
            bound(call)
            return
        }
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

extension Dependencies {
    /// The reporter of unimplemented calls made where this container is bound: a test store's,
    /// which it puts in the container it gives its store. `nil` by default: calls go to
    /// ``UnimplementedReporting/reporter``.
    package var unimplementedReporter: UnimplementedReporting.Reporter? {
        get { self[UnimplementedReporterKey.self] }
        set { self[UnimplementedReporterKey.self] = newValue }
    }
}

/// The key of ``Dependencies/unimplementedReporter``.
enum UnimplementedReporterKey: DependencyKey {
    static var liveValue: UnimplementedReporting.Reporter? { nil }
}
