/// Which default a ``Dependencies`` container gives for a key nobody set: the key's
/// ``DependencyKey/liveValue`` or its ``DependencyKey/testValue``.
///
/// A container's context changes nothing for the keys it holds values for; it only picks the
/// fallback. A store's container is `.live` unless you give one made with
/// `Dependencies(context: .test)` (what a test harness does). The idea is The Composable
/// Architecture's dependency contexts, reduced to the two this library uses.
public enum DependencyContext: Sendable, Hashable {
    /// Unset keys read ``DependencyKey/liveValue``: the real clients of a running app.
    case live
    /// Unset keys read ``DependencyKey/testValue``: the stand-ins a test runs with when it
    /// overrides nothing.
    case test
}
