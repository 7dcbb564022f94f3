/// A key of ``Dependencies``: a type that names one dependency and gives its default values.
///
/// Declare a key as a type of its own (usually an uninhabited `enum`), then expose it as a
/// property of ``Dependencies`` in an extension, so that components read it with
/// `@Dependency(\.name)`:
///
/// ```swift
/// enum NoteIDKey: DependencyKey {
///     static let liveValue = NoteIDGenerator { UUID() }
///     static let testValue = NoteIDGenerator { UUID(uuidString: "00000000-0000-0000-0000-000000000000")! }
/// }
///
/// extension Dependencies {
///     var noteID: NoteIDGenerator {
///         get { self[NoteIDKey.self] }
///         set { self[NoteIDKey.self] = newValue }
///     }
/// }
/// ```
///
/// A container gives ``liveValue`` for a key it holds no value for in the ``DependencyContext/live``
/// context and ``testValue`` in the ``DependencyContext/test`` context. Both are read each time
/// an unset key is read: declare them with `static let` when the dependency must be one shared
/// instance (a counter that several reads advance, say).
///
/// The pattern is SwiftUI's `EnvironmentKey` and The Composable Architecture's `DependencyKey`:
/// a key type with a default value, and a computed property of the container per key.
public protocol DependencyKey {
    /// The dependency's type. `Sendable`: the value is read by reducers on the main actor and by
    /// effects in tasks off it.
    associatedtype Value: Sendable

    /// The value of a live container (a running app) that holds none for this key.
    static var liveValue: Value { get }

    /// The value of a test container (`Dependencies(context: .test)`) that holds none for this
    /// key. Defaults to ``liveValue``: give one when the live value must never run in a test
    /// (a network client, the real clock, a random generator).
    static var testValue: Value { get }
}

extension DependencyKey {
    /// ``DependencyKey/liveValue``: a key without a test value of its own is the same in tests.
    public static var testValue: Value { liveValue }
}
