import Dispatch

/// Independent work spread over the machine's cores (Dispatch's pool), results in order.
enum Parallel {
    static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = Results<T>(count)
        defer { results.free() }
        DispatchQueue.concurrentPerform(iterations: count) { i in results.set(i, body(i)) }
        return results.buffer.map { $0! }
    }

    /// Each iteration writes its own element only, and all are read after `concurrentPerform`
    /// returns: no two threads touch one element.
    private struct Results<T>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<T?>
        init(_ count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }
        func set(_ i: Int, _ value: T) { buffer[i] = value }
        func free() { buffer.deinitialize(); buffer.deallocate() }
    }
}

extension Parallel {
    /// Empties `values` and frees what they held on another thread: freeing a large catalog one
    /// object at a time costs time the caller need not wait for.
    static func release<T: Sendable>(_ values: inout [T]) {
        let box = Box<[T]>([])
        swap(&box.value, &values)
        DispatchQueue.global().async { box.value = [] }
    }

    /// Its value changes hands only once, before the thread that frees it starts.
    private final class Box<T>: @unchecked Sendable {
        var value: T
        init(_ value: T) { self.value = value }
    }

    /// Values for `map`'s iterations to take, each by its own: a value taken is no longer held
    /// here, so the iteration that took it can free it.
    final class Handover<T>: @unchecked Sendable {
        private let values: UnsafeMutableBufferPointer<T?>

        init(_ values: [T]) {
            self.values = .allocate(capacity: values.count)
            _ = self.values.initialize(from: values.map { $0 })
        }

        deinit {
            values.deinitialize()
            values.deallocate()
        }

        func take(_ i: Int) -> T {
            defer { values[i] = nil }
            return values[i]!
        }
    }
}
