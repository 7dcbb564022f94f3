#if canImport(Darwin)
import Darwin
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock that spins briefly before it sleeps: for the short critical sections the main actor
/// and the effect tasks on the global pool take on the store's hot paths (the inbox, the effect
/// runtime's tables), where a plain mutex puts the loser to sleep in the kernel and the winner
/// pays a wake-up system call on unlock.
///
/// An adaptive `pthread_mutex_t` (`PTHREAD_MUTEX_ADAPTIVE_NP`) where glibc provides one, an
/// `os_unfair_lock` on Apple platforms, a default `pthread_mutex_t` elsewhere. Both are locks
/// ThreadSanitizer understands (unlike the toolchain's `Mutex` on Linux). Not recursive.
@usableFromInline
final class SpinningLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let handle: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let handle: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @usableFromInline
    init() {
        handle = .allocate(capacity: 1)
        #if canImport(Darwin)
        handle.initialize(to: os_unfair_lock())
        #else
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(handle, &attributes)
        pthread_mutexattr_destroy(&attributes)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(handle)
        #endif
        handle.deallocate()
    }

    @inlinable
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(handle)
        #else
        pthread_mutex_lock(handle)
        #endif
    }

    @inlinable
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(handle)
        #else
        pthread_mutex_unlock(handle)
        #endif
    }

    /// Runs `body` holding the lock.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
