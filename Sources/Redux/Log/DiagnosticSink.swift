import Foundation

/// Where a debug build's diagnostics go: standard error by default; tests replace it.
///
/// The store reports, one line each: an action that failed with no resolver handling it and an
/// effect error nobody resolved (only when no log handler is attached — a handler sees both in
/// the log), and once per call, a main-actor call that processed ``Store/runawayCallThreshold``
/// actions dispatched during it (that warning, threshold and message, is in
/// Pipeline/Store+RunawayCall.swift). Release builds never create a sink. Thread-safe: `write`
/// is `@Sendable`.
@usableFromInline
struct DiagnosticSink: Sendable {
    let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes each message as one line to the process's standard error.
    static let standardError = DiagnosticSink { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// A store was given a container with `\.clock` set: the store's own clock replaces it.
    func reportIgnoredClockDependency() {
        write("swift-redux: the store's dependencies set Dependencies.clock, which the store replaces with its own clock (StoreOptions.clock): its components and tasks read the store's clock as \\.clock. Give the clock as StoreOptions(clock:) instead.")
    }

    @usableFromInline
    func reportUnhandledFailure(_ error: any Error, origin: ErrorOrigin, action: some Sendable, site: CallSite) {
        write("swift-redux: action \(action) failed with no resolver handling it: \(error) (origin: \(origin); dispatched at \(site)). Add a resolver or an onLog handler, or set StoreOptions.printsDiagnostics = false.")
    }

    @usableFromInline
    func reportUnhandledEffectError(_ error: any Error, origin: ErrorOrigin, action: some Sendable, site: CallSite) {
        write("swift-redux: effect error nobody resolved: \(error) (origin: \(origin); action \(action), dispatched at \(site)). Add a resolver or an onLog handler, or set StoreOptions.printsDiagnostics = false.")
    }
}
