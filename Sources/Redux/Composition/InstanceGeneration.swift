import Synchronization

/// The process-wide source of instance generations: a number that tells a new child instance
/// from an old one that has the same id (or no id at all).
///
/// A generation is taken when an instance comes into being — an element inserted into an
/// ``IdentifiedArray`` under an id it did not hold, a ``Presented`` value created — and kept
/// while that instance is mutated, replaced in place by id, or moved. The store compares the
/// generation a child's effects were started under with the current one: when they differ, the
/// instance the effects belonged to is gone, even if its successor is equal to it.
///
/// Thread-safe (one relaxed atomic wrapping add; the numbers need to be unique, not ordered
/// with other memory). Never returns 0, so 0 can stand for "no generation". The counter wraps
/// after 2⁶⁴ − 1 instances, which no process reaches.
@usableFromInline
enum InstanceGeneration {
    private static let counter = Atomic<UInt64>(0)

    /// A generation no other call in this process returned (until the counter wraps), never 0.
    ///
    /// - Complexity: O(1).
    @usableFromInline
    static func next() -> UInt64 {
        advance(counter)
    }

    /// One step of `counter`: the next value after a wrapping add, skipping 0. Separate so that
    /// a test can run it on a counter of its own near the wrap.
    static func advance(_ counter: borrowing Atomic<UInt64>) -> UInt64 {
        while true {
            let (_, new) = counter.wrappingAdd(1, ordering: .relaxed)
            if new != 0 { return new }
        }
    }
}
