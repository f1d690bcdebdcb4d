#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex. Used instead of Synchronization's `Mutex`, whose futex-based
/// Linux implementation ThreadSanitizer cannot see: with pthreads the sanitizer understands every
/// lock, so a reported race is a real one. The value lives in its own allocation rather than in a
/// stored `var`, so that access costs no dynamic exclusivity check: the mutex is the exclusivity.
///
/// A struct over one box that is not generic, rather than a generic class: the Swift runtime makes
/// a generic class's metadata for each value type on its first use (a few thousand instructions
/// each, the superclass found by its mangled name), and a program's first message met a dozen of
/// them; a struct's layout is known where it is compiled, and its box is one class for all. Copies
/// share the box (the value, the lock), as references to the class did.
/// Inlinable, so that a module using it (the C ABI's handles) specializes it for its value's type:
/// unspecialized, each value type's metadata is made at run time.
package struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let box: LockBox

    @inlinable
    package init(_ value: Value) {
        let memory = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        memory.initialize(to: value)
        box = LockBox(memory: UnsafeMutableRawPointer(memory)) { raw in
            let typed = raw.assumingMemoryBound(to: Value.self)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
    }

    @inlinable @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(box.mutex)
        defer { pthread_mutex_unlock(box.mutex) }
        return try body(&box.memory.assumingMemoryBound(to: Value.self).pointee)
    }
}

/// The mutex and the memory of a `Locked` value, which it destroys with the function its `Locked`
/// made for the value's type.
@usableFromInline
package final class LockBox: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let memory: UnsafeMutableRawPointer
    private let destroy: (UnsafeMutableRawPointer) -> Void

    @usableFromInline
    init(memory: UnsafeMutableRawPointer, destroy: @escaping (UnsafeMutableRawPointer) -> Void) {
        self.memory = memory
        self.destroy = destroy
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        destroy(memory)
    }
}
