import Foundation

/// Where a debug build's diagnostics go: standard error by default; tests replace it.
///
/// The store reports, one line each, only when no log handler is attached (a handler sees each
/// of them in the log instead): an action that failed with no resolver handling it; an effect
/// error nobody resolved; an action that lifted components skipped because their child is absent
/// (one line per action, however many components skipped it; `.childAbsent` in the log); a
/// dispatch refused because the store was invalidated (`.refused`); an action a detached slice
/// did not dispatch (`.detachedSlice`); an action identity dispatched more often than the
/// store's ``PressureDiagnostics`` allow (`.highFrequencyAction`). And, once per call, a main-actor call that processed
/// ``Store/runawayCallThreshold`` actions dispatched during it (that warning, threshold and
/// message, is in Pipeline/Store+RunawayCall.swift). Every line starts with `swift-redux:` and
/// names the action and where it was dispatched. Release builds never create a sink.
/// Thread-safe: `write` is `@Sendable`.
@usableFromInline
struct DiagnosticSink: Sendable {
    let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// The sink that new ``StoreOptions`` start with: standard error, unless the code creating
    /// them runs inside `DiagnosticSink.$forNewOptions.withValue(…)` (tests bind a capturing
    /// sink this way around code that builds its store itself, such as documentation samples).
    @TaskLocal static var forNewOptions: DiagnosticSink = .standardError

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

    /// An action that a lifted component skipped because its child is absent: `component` is
    /// the first component that skipped it (`reducer rows#2`), `path` and `absence` say which
    /// child is missing and why.
    @usableFromInline
    func reportAbsentChild(action: some Sendable, path: ChildPath, absence: ChildAbsence, component: String, site: CallSite) {
        write("swift-redux: action \(action) reached an absent child and was skipped: \(path) \(absence) (\(component); dispatched at \(site)). Add an onLog handler, or set StoreOptions.printsDiagnostics = false.")
    }

    /// A dispatch the store refused (it was invalidated): no component saw the action.
    @usableFromInline
    func reportRefusedDispatch(action: some Sendable, reason: RefusalReason, site: CallSite) {
        write("swift-redux: action \(action) was refused: the store is \(reason == .invalidated ? "invalidated" : "released") (dispatched at \(site)). Check Store.isValid before dispatching, add an onLog handler, or set StoreOptions.printsDiagnostics = false.")
    }

    /// An action a detached slice did not dispatch: the child at `path` it was made for is gone.
    @usableFromInline
    func reportDetachedSlice(action: some Sendable, path: ChildPath, site: CallSite) {
        write("swift-redux: action \(action) was not dispatched: the slice of \(path) is detached (its child is gone) (dispatched at \(site)). Check the slice's isDetached, add an onLog handler, or set StoreOptions.printsDiagnostics = false.")
    }

    /// Pressure diagnostics: `identity` was dispatched `count` times within `window`; `action`
    /// is the dispatch that crossed the threshold. A warning only: the action runs as usual.
    func reportHighFrequencyAction(action: some Sendable, identity: ActionIdentity, count: Int, window: Duration, site: CallSite) {
        write("swift-redux: high-frequency action \(identity): \(count) dispatches within \(window.logText) (the latest: \(action), dispatched at \(site)); it is quiet for the cooldown now. Dispatch it less often (debounce, throttle or a rate limit), add an onLog handler, or change StoreOptions.pressureDiagnostics.")
    }
}
