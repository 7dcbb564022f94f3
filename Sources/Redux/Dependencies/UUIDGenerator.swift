import Foundation

/// Makes identifiers: the type of the built-in ``Dependencies/uuid`` dependency.
///
/// Call it like a function (`uuid()`). Live, it returns `UUID()`, a random identifier; in a test
/// container (`Dependencies(context: .test)`) it counts up from
/// `00000000-0000-0000-0000-000000000000`, one step per call, so a test can state the
/// identifiers a feature will make:
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let first = uuid()   // 00000000-0000-0000-0000-000000000000 in a test
/// let second = uuid()  // 00000000-0000-0000-0000-000000000001
/// ```
///
/// Isolation: `Sendable`; call it from any isolation. ``incrementing`` keeps its count under a
/// lock, so calls from several tasks each get a different identifier (in the order they took
/// the lock).
///
/// The idea is The Composable Architecture's `UUIDGenerator` dependency.
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// A generator that calls `make` for every identifier.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A new identifier.
    public func callAsFunction() -> UUID { make() }

    /// Random identifiers, `UUID()`: the live value.
    public static var live: UUIDGenerator { UUIDGenerator { UUID() } }

    /// A new counter: `00000000-0000-0000-0000-000000000000` for the first call, then `…001`,
    /// `…002` and so on (the count, in hexadecimal, in the last twelve digits). Each use of this
    /// property makes a counter of its own; copies of one generator share its counter.
    public static var incrementing: UUIDGenerator {
        let counter = UUIDCounter()
        return UUIDGenerator { counter.next() }
    }

    /// The same identifier for every call.
    public static func constant(_ uuid: UUID) -> UUIDGenerator {
        UUIDGenerator { uuid }
    }
}

/// The count behind ``UUIDGenerator/incrementing``, under a lock.
private final class UUIDCounter: Sendable {
    private let count = Locked<UInt64>(0)

    func next() -> UUID {
        let value = count.withLock { count in
            defer { count &+= 1 }
            return count
        }
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, byte(56), byte(48), byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
    }
}
