/// Settings for a store's pressure diagnostics: a warning when one kind of action floods the
/// store (TinyRedux calls these "high-frequency diagnostics").
///
/// Give them as ``StoreOptions/pressureDiagnostics``. The store then counts every dispatch by
/// its ``ActionIdentity`` at the moment the dispatch is made, on the store's clock
/// (``StoreOptions/clock``: virtual time under a `TestClock`). When an identity is dispatched
/// more than ``threshold`` times within ``window``, the store reports it once, as a
/// ``LogEvent/Kind/highFrequencyAction(identity:count:window:)`` log event (or, with no log
/// handler, one line on standard error in a debug build that prints diagnostics), and stays
/// quiet about that identity for ``cooldown``. It only warns: nothing is dropped or delayed.
/// See <doc:DiagnosingPressure> for what counts and what it costs.
///
/// A plain value: `Sendable`, usable from any isolation. The store checks the values again when
/// it is created, so settings changed after ``init(window:threshold:cooldown:)`` are held to
/// the same rules.
public struct PressureDiagnostics: Sendable, Hashable {
    /// How far back dispatches are counted: the identity warns when more than ``threshold`` of
    /// its dispatches fall within this span of the store's clock. Must be greater than zero.
    /// Default: one second.
    public var window: Duration
    /// How many dispatches of one identity within ``window`` are still fine: the one after them
    /// warns. At least 1 (and less than `Int.max`). Default: 100.
    public var threshold: Int
    /// How long an identity stays quiet after it warned, on the store's clock. Dispatches are
    /// still counted meanwhile, so a flood that outlasts the cooldown warns again as soon as it
    /// ends; zero warns on every dispatch past the threshold. At least zero. Default: ten seconds.
    public var cooldown: Duration

    /// Creates pressure diagnostics settings.
    ///
    /// - Parameters:
    ///   - window: the span dispatches are counted over; greater than zero.
    ///   - threshold: the most dispatches of one identity within `window` that do not warn;
    ///     at least 1.
    ///   - cooldown: how long an identity stays quiet after a warning; zero or more.
    ///
    /// - Precondition: `window > .zero`, `1 ≤ threshold < Int.max`, `cooldown ≥ .zero`; the
    ///   program stops with a message naming the setting otherwise.
    public init(window: Duration = .seconds(1), threshold: Int = 100, cooldown: Duration = .seconds(10)) {
        self.window = window
        self.threshold = threshold
        self.cooldown = cooldown
        validate()
    }

    /// Stops the program with a message naming the first setting out of range.
    func validate() {
        precondition(window > .zero, "PressureDiagnostics.window must be greater than zero (it is \(window)).")
        precondition(threshold >= 1, "PressureDiagnostics.threshold must be at least 1 (it is \(threshold)).")
        precondition(threshold < Int.max, "PressureDiagnostics.threshold must be less than Int.max.")
        precondition(cooldown >= .zero, "PressureDiagnostics.cooldown must not be negative (it is \(cooldown)).")
    }
}
