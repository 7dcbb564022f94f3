import Foundation

/// The built-in generators: identifiers and the current date.
extension Dependencies {
    /// Makes identifiers (`@Dependency(\.uuid) var uuid`, then `uuid()`).
    ///
    /// Live: ``UUIDGenerator/live``, random identifiers. In a test container: a counter
    /// (``UUIDGenerator/incrementing``) that each container starts for itself when it becomes
    /// `.test` — `Dependencies(context: .test)`, or a container whose ``context`` is switched
    /// to `.test` later — so every test store, harness and test scope counts from
    /// `00000000-0000-0000-0000-000000000000`; copies of the container share its counter. Set
    /// it to replace it (`$0.uuid = .constant(id)`).
    public var uuid: UUIDGenerator {
        get {
            if context == .test, values[ObjectIdentifier(UUIDKey.self)] == nil, let testUUIDs { return testUUIDs }
            return self[UUIDKey.self]
        }
        set { self[UUIDKey.self] = newValue }
    }

    /// Tells the time (`@Dependency(\.date) var date`, then `date.now` or `date()`).
    ///
    /// Live: ``DateGenerator/live``, `Date()`. In a test container: always
    /// ``DateGenerator/testDate`` until the test sets another (`$0.date.now = someDate`, or
    /// `$0.date = .constant(someDate)`).
    public var date: DateGenerator {
        get { self[DateKey.self] }
        set { self[DateKey.self] = newValue }
    }
}

/// The key of ``Dependencies/uuid``.
enum UUIDKey: DependencyKey {
    static var liveValue: UUIDGenerator { .live }
    /// A fresh counter. Not read in practice: a `.test` container gives the counter it started
    /// when it became `.test` (see ``Dependencies/uuid``).
    static var testValue: UUIDGenerator { .incrementing }
}

/// The key of ``Dependencies/date``.
enum DateKey: DependencyKey {
    static var liveValue: DateGenerator { .live }
    static var testValue: DateGenerator { .constant(DateGenerator.testDate) }
}
