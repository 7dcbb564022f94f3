import Foundation

/// Tells the time: the type of the built-in ``Dependencies/date`` dependency.
///
/// Read ``now`` (or call it, `date()`). Live, it is `Date()`; in a test container
/// (`Dependencies(context: .test)`) it is ``testDate``, always the same instant, so state that
/// records "when" can be asserted exactly. A test picks its own instant by setting it:
///
/// ```swift
/// var dependencies = Dependencies(context: .test)
/// dependencies.date.now = Date(timeIntervalSince1970: 0)
/// ```
///
/// Isolation: `Sendable`; read it from any isolation.
///
/// The idea is The Composable Architecture's `DateGenerator` dependency.
public struct DateGenerator: Sendable {
    private var make: @Sendable () -> Date

    /// A generator that calls `make` for every reading.
    public init(_ make: @escaping @Sendable () -> Date) {
        self.make = make
    }

    /// The current date. Setting it makes this generator a constant one that always gives the
    /// value set.
    public var now: Date {
        get { make() }
        set { make = { newValue } }
    }

    /// The current date: ``now``.
    public func callAsFunction() -> Date { now }

    /// The system's clock, `Date()`: the live value.
    public static var live: DateGenerator { DateGenerator { Date() } }

    /// `date` for every reading.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }

    /// The instant a test container gives until the test sets another: 1 January 2026,
    /// 00:00:00 UTC (`Date(timeIntervalSince1970: 1_767_225_600)`).
    public static let testDate = Date(timeIntervalSince1970: 1_767_225_600)
}
