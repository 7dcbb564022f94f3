import Foundation

/// A value guarded by an `NSLock`: `withLock` runs its body with exclusive access.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer does not see the toolchain's
/// `Mutex` on Linux as a lock and reports the accesses it guards as races. Thread-safe; the body
/// must not call back into the same lock (it is not recursive).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
