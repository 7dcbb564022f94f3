/// Settings for a ``Store`` that are not part of its pipeline.
///
/// The clock (``clock``), debug diagnostics (``printsDiagnostics``), the dependencies
/// (``dependencies``) and pressure diagnostics (``pressureDiagnostics``).
///
/// Sendable; read once by the store's initializer.
public struct StoreOptions: Sendable {
    /// The clock that the store's asynchronous work sleeps on and that log durations are
    /// measured with. Exposed to effects as ``Send/clock`` and to `.task` and `.deferred`
    /// handlers as ``EffectContext/clock``, and used by the timing operators
    /// (``Effect/debounce(id:for:)`` and the others). Default: `ContinuousClock()`.
    ///
    /// In tests, give a ``VirtualClock`` such as `ReduxTesting`'s `TestClock`: the store attaches
    /// itself to it (weakly) when created, and the clock waits for the store to be quiescent at
    /// every step of time (see <doc:VirtualTime>).
    ///
    /// Components read the same clock as the ``Dependencies/clock`` dependency
    /// (`@Dependency(\.clock)`), so a client that sleeps on it from an effect sleeps on this
    /// clock. A clock other than the default makes the store bind its dependencies (with this
    /// clock in them) even when ``dependencies`` is `nil`. This clock always wins: a `\.clock`
    /// set in ``dependencies`` is replaced by it, and a debug build says so once, at creation.
    public var clock: any Clock<Duration>

    /// Whether a debug build prints diagnostics to standard error. Default: `true`.
    ///
    /// When on, and when no log handler is attached, the store prints one line for an action
    /// that fails with no resolver handling it and for an effect error nobody resolved (action,
    /// error, origin, call site), so failures are loud without any setup. The same goes for
    /// actions that reach no one: an action lifted components skipped because their child is
    /// absent (one line per action: the action, the component, the child's path and
    /// ``ChildAbsence``, the call site), a dispatch refused after ``Store/invalidate()``, and an
    /// action a detached slice did not dispatch. A log handler gets each of these as a log
    /// event (`.childAbsent`, `.refused`, `.detachedSlice`) instead. It also warns, once,
    /// when a single main-actor call has processed ``Store/runawayCallThreshold`` actions
    /// dispatched while it ran (an observer that re-dispatches on every change keeps its call
    /// from ever returning). With ``pressureDiagnostics`` set, it also prints one line per
    /// warning about an action identity dispatched too often. Release builds never print,
    /// whatever this says.
    public var printsDiagnostics: Bool

    /// The dependencies the store's components read through ``Dependency`` (see
    /// <doc:UsingDependencies>). Default: `nil`.
    ///
    /// Given, the store starts with this container as ``Store/dependencies`` and binds
    /// ``Dependencies/current`` to it while it runs its components (install hooks, middlewares,
    /// resolvers, reducers) and in every task it starts (effects, `.task` and `.deferred`
    /// work). With `nil` and the default clock the store binds nothing: its components read
    /// `Dependencies.current` as the code that runs them has it (on the main actor, the
    /// dispatcher's scope), until ``Store/dependencies`` is set. With `nil` and another
    /// ``clock``, it binds an empty live container holding that clock as `\.clock`.
    public var dependencies: Dependencies?

    /// Pressure diagnostics: a warning when one action identity is dispatched more often than
    /// the settings allow (see ``PressureDiagnostics`` and <doc:DiagnosingPressure>). Default:
    /// `nil`, off: no identity is computed and no dispatch path pays for it.
    ///
    /// On, every dispatch (from any isolation, through any dispatch API, an effect's sends
    /// included) is counted by its ``ActionIdentity`` on ``clock``; a flood gets one
    /// `.highFrequencyAction` log event per cooldown, or, with no log handler, one line on
    /// standard error in a debug build with ``printsDiagnostics``. With neither (a release
    /// build without a log handler) the store still counts but nobody hears the warning.
    public var pressureDiagnostics: PressureDiagnostics?

    /// Where diagnostics go; standard error unless a test replaces it (here, or for the options
    /// created in a scope, with `DiagnosticSink.$forNewOptions`).
    var diagnosticSink: DiagnosticSink = DiagnosticSink.forNewOptions

    /// Creates options.
    ///
    /// - Parameters:
    ///   - clock: the store's clock; durations are `Swift.Duration`.
    ///   - printsDiagnostics: whether a debug build prints unhandled failures, actions for
    ///     absent children, refused dispatches, detached slices' dropped actions and
    ///     runaway-call warnings to standard error.
    ///   - dependencies: the container the store binds for its components and tasks; `nil`
    ///     binds nothing.
    ///   - pressureDiagnostics: warn when one action identity floods the store; `nil` (off)
    ///     by default.
    public init(
        clock: any Clock<Duration> = ContinuousClock(),
        printsDiagnostics: Bool = true,
        dependencies: Dependencies? = nil,
        pressureDiagnostics: PressureDiagnostics? = nil
    ) {
        self.clock = clock
        self.printsDiagnostics = printsDiagnostics
        self.dependencies = dependencies
        self.pressureDiagnostics = pressureDiagnostics
    }

    /// The sink the store uses: `nil` in release builds or when diagnostics are off.
    var activeDiagnostics: DiagnosticSink? {
        #if DEBUG
        printsDiagnostics ? diagnosticSink : nil
        #else
        nil
        #endif
    }
}
