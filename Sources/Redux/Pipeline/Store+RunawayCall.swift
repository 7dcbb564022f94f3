// The runaway-call warning in one place: its threshold, the check's callee and its message.
// The documentation (`StoreOptions.printsDiagnostics`, `Store.dispatch(_:file:line:isolation:)`,
// the Dispatch and ErrorHandling articles, the README) names `Store.runawayCallThreshold`
// instead of repeating the number.

extension Store {
    /// The runaway-call threshold: how many actions dispatched while it runs (re-entrant
    /// actions, beyond the entries the call started with) one main-actor call may process before
    /// a debug build warns, once per call, that the call may never return: 100,000.
    ///
    /// A main-actor observer or middleware that dispatches on every change keeps its call's
    /// pipeline queue from ever emptying; this warning is the sign of it. It is reported only
    /// when the store prints diagnostics (``StoreOptions/printsDiagnostics``, debug builds).
    /// Nothing is cut off: the call goes on processing.
    @inlinable public static var runawayCallThreshold: Int { 100_000 }

    /// Called once per call when the count of re-entrant actions reaches
    /// ``runawayCallThreshold``.
    @usableFromInline
    func warnRunawayCall() {
        diagnostics?.reportRunawayCall(threshold: Self.runawayCallThreshold)
    }
}

extension DiagnosticSink {
    /// The runaway-call warning, naming the threshold the call reached.
    @usableFromInline
    func reportRunawayCall(threshold: Int) {
        write("swift-redux: warning: one main-actor dispatch call has processed \(threshold) actions dispatched while it ran and has not returned; is an observer or middleware dispatching on every change?")
    }
}
