/// The process-wide source of change stamps: a number taken whenever a value that keeps stamps
/// (``IdentifiedArray``) is created, decoded or mutated, so that whoever remembered an old stamp
/// can tell "changed" from "unchanged" by comparing two numbers, without holding the old value.
///
/// A stamp is a fresh number, never a count or a version: two stamps are equal only when no
/// change happened between the two reads (a rebuilt or decoded value never carries an old
/// stamp). The numbers come from the same counter as ``InstanceGeneration``, so one number taken
/// for an inserted element serves as its generation and as its stamps.
///
/// Thread-safe (one relaxed atomic wrapping add; the numbers need to be unique, not ordered
/// with other memory). Never returns 0, so 0 can stand for "no stamp". The counter wraps after
/// 2⁶⁴ − 1 numbers, which no process reaches.
@usableFromInline
enum ChangeStamp {
    /// A stamp no other call in this process returned (until the counter wraps), never 0, and
    /// greater than the number of any call that happened before this one (until it wraps).
    ///
    /// - Complexity: O(1).
    @inlinable
    static func next() -> UInt64 {
        InstanceGeneration.next()
    }
}
