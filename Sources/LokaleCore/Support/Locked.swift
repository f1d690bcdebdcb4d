#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex. Used instead of Synchronization's `Mutex`, whose futex-based
/// Linux implementation ThreadSanitizer cannot see: with pthreads the sanitizer understands every
/// lock, so a reported race is a real one. The value lives in its own allocation rather than in a
/// stored `var`, so that access costs no dynamic exclusivity check: the mutex is the exclusivity.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
