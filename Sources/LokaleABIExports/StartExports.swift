import CTable
import LokaleABIHeader
import LokaleCore

/// Takes over the start a handle belongs to (lokale_start.h), if it still has one: the runtime the
/// C start made becomes a `Runtime`, each bundle it opened a `Bundle` (in the order they were
/// opened, so that the main bundle is registered as it was), with the same shared state, handles,
/// bytes and plans, so that nothing a caller holds changes. Called by every function of this layer
/// that needs the Swift objects behind a runtime or bundle handle; once per start.
func takeOverStart(_ h: UnsafeMutablePointer<lk_handle>) {
    lk_start_lock()
    defer { lk_start_unlock() }
    guard let start = lk_handle_start(h) else { return } // taken over meanwhile
    let rt: UnsafeMutablePointer<lk_start_runtime> = lk_handle_kind(h) == LK_HANDLE_BUNDLE
        ? start.assumingMemoryBound(to: lk_start_bundle.self).pointee.runtime
        : start.assumingMemoryBound(to: lk_start_runtime.self)
    let runtime = Runtime.takingOver(start: OpaquePointer(rt))
    rt.pointee.references += 1 // the last bundle handed over must not free the start under this loop
    defer { lk_start_runtime_release(rt) }
    var next = rt.pointee.first
    while let b = next {
        next = b.pointee.next
        let handle = b.pointee.handle!
        let names = b.pointee.names
        let count = Int(b.pointee.view.localizations.count)
        let object = BundleHandle(runtime.takeOver(bundle: OpaquePointer(b)))
        if let names { object.adopt(names: names, count: count) }
        lk_handle_set_object(handle, Unmanaged.passRetained(object).toOpaque())
        lk_handle_set_start(handle, nil)
        lk_start_bundle_handed_over(b)
    }
    let last = rt.pointee.next_callback
    runtime.continueCallbackIDs(after: last)
    if let handle = rt.pointee.handle {
        rt.pointee.handle = nil
        let object = RuntimeHandle(runtime)
        // The callbacks registered through the handle before: the same ids, the same handle given.
        for i in 0..<Int(rt.pointee.callback_count) {
            let c = rt.pointee.callbacks[i]
            let call = ChangeCallback(unsafeBitCast(c.function, to: lokale_change_callback.self), c.payload, OpaquePointer(handle))
            runtime.adoptCallback(id: c.id, last: last) { _ in call.call() }
            object.callbacks.withLock { _ = $0.insert(c.id) }
        }
        rt.pointee.callback_count = 0
        lk_handle_set_object(handle, Unmanaged.passRetained(object).toOpaque())
        lk_handle_set_start(handle, nil)
        lk_start_runtime_release(rt)
    }
}
