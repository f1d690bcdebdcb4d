#if canImport(Glibc)
import Glibc
#endif
import CTable
import LokaleCore

/// The object behind a lokale_runtime*.
final class RuntimeHandle {
    let runtime: Runtime
    /// The change callbacks registered through this handle: they receive it, so lokale_runtime_free
    /// removes them (the runtime itself lives on while its bundles do).
    let callbacks = Locked<Set<UInt64>>([])
    init(_ runtime: Runtime) { self.runtime = runtime }
}

/// What a lokale_bundle* points to: the bundle, plus the arrays of localization names it lent
/// (one per version of the table, kept until the bundle is freed, like the versions).
final class BundleHandle {
    let bundle: LokaleCore.Bundle
    private let lent = Locked<[(table: ObjectIdentifier, names: UnsafeMutablePointer<UnsafePointer<CChar>?>, count: Int, malloced: Bool)]>([])

    init(_ bundle: LokaleCore.Bundle) { self.bundle = bundle }

    deinit { lent.withLock { for l in $0 { if l.malloced { free(l.names) } else { l.names.deallocate() } } } }

    /// The names array a C start lent for the current version (lokale_start.h), malloc'd: lent on.
    func adopt(names: UnsafeMutablePointer<UnsafePointer<CChar>?>, count: Int) {
        let table = ObjectIdentifier(bundle.table)
        lent.withLock { $0.append((table, names, count, true)) }
    }

    /// The current version's localization names as a C array.
    func names() -> (UnsafeMutablePointer<UnsafePointer<CChar>?>, Int) {
        let table = bundle.table
        return lent.withLock { lent in
            if let l = lent.last(where: { $0.table == ObjectIdentifier(table) }) { return (l.names, l.count) }
            let pointers = table.localizationNamePointers
            let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(pointers.count, 1))
            for (i, p) in pointers.enumerated() { names[i] = p }
            lent.append((ObjectIdentifier(table), names, pointers.count, false))
            return (names, pointers.count)
        }
    }
}

// Handles. lokale_runtime*, lokale_bundle*, lokale_languages* and lokale_message_format* point to an
// `lk_handle` (CTable) whose `object` holds this layer's RuntimeHandle, BundleHandle,
// MessageFormatHandle, FormattedPartsHandle or the core's Languages, retained, and whose `kind` says
// which one it is (LK_HANDLE_RUNTIME, LK_HANDLE_BUNDLE, LK_HANDLE_LANGUAGES, LK_HANDLE_MESSAGE_FORMAT,
// LK_HANDLE_FORMATTED_PARTS) or that it
// was freed (LK_HANDLE_FREED). Every function
// checks the kind before it reads the object, and lokale_*_free marks the handle freed with one
// compare-and-swap, so a second free does nothing, and a call with a freed handle (or with a
// runtime for a bundle) is LOKALE_EINVAL instead of a read of released memory: retired handles
// stay in CTable's quarantine for a while (handle_quarantine.c). That is a safety net, not a licence:
// freeing a handle while another thread uses it, or using it after, is the caller's error
// (lokale.h), and calls already running on other threads at that moment are not protected.

/// A new handle of `kind` (a runtime, a language list, a message format: handles of their own, not
/// a bundle's) holding `object`, retained; `prepare` fills the rest before the kind makes it live.
/// Nil when out of memory.
private func newHandle(_ object: AnyObject, _ kind: UInt32,
                       prepare: (UnsafeMutablePointer<lk_handle>) -> Void = { _ in }) -> OpaquePointer? {
    guard let h = lk_handle_new(nil) else { return nil }
    h.pointee.object = Unmanaged.passRetained(object).toOpaque()
    prepare(h)
    lk_handle_set_kind(h, kind)
    return OpaquePointer(h)
}

/// lokale_<what>_free of a handle made by `newHandle`: marks it freed, gives its object to
/// `before`, retires the handle and releases the object. A pointer that is not a live `what`
/// changes nothing; the thread's last error says why.
private func freeHandle<T: AnyObject>(_ p: OpaquePointer, _ kind: UInt32, _ what: String, as: T.Type,
                                      before: (T) -> Void = { _ in }) {
    let h = UnsafeMutablePointer<lk_handle>(p)
    guard lk_handle_mark_freed(h, kind) != 0 else { return misuse(h, "lokale_\(what)_free", what) }
    guard let object = h.pointee.object else { return }
    let unmanaged = Unmanaged<T>.fromOpaque(object)
    before(unmanaged.takeUnretainedValue())
    lk_handle_retire(h)
    unmanaged.release()
}

/// A new lokale_runtime* for `handle`; nil when out of memory.
func newRuntimePointer(_ handle: RuntimeHandle) -> OpaquePointer? { newHandle(handle, LK_HANDLE_RUNTIME) }

/// lokale_runtime_free: removes the callbacks registered through the handle, releases the
/// RuntimeHandle (the Runtime lives on while bundles hold it) and retires the handle.
func freeRuntimePointer(_ p: OpaquePointer) {
    freeHandle(p, LK_HANDLE_RUNTIME, "runtime", as: RuntimeHandle.self) { r in
        for id in r.callbacks.withLock({ ids in defer { ids.removeAll() }; return ids }) { r.runtime.removeCallback(id) }
    }
}

func runtimeHandle(_ p: OpaquePointer?) throws(LokaleError) -> RuntimeHandle {
    try liveObject(p, LK_HANDLE_RUNTIME, "runtime")
}

/// A lokale_bundle* is the bundle's C handle (`lk_handle`, CTable), which the runtime owns and
/// publishes plans in; its `object` field holds this layer's BundleHandle, retained.
func newBundlePointer(_ handle: BundleHandle) -> OpaquePointer {
    let h = UnsafeMutablePointer<lk_handle>(handle.bundle.handle)
    h.pointee.object = Unmanaged.passRetained(handle).toOpaque()
    lk_handle_set_kind(h, LK_HANDLE_BUNDLE)
    return OpaquePointer(h)
}

/// lokale_bundle_free: releases the BundleHandle; the handle is retired with the bundle (whose
/// PlanStore owns it), at once unless a call on another thread still holds the bundle. A pointer
/// that is not a live bundle changes nothing; the thread's last error says why.
func freeBundlePointer(_ p: OpaquePointer) {
    let h = UnsafeMutablePointer<lk_handle>(p)
    guard lk_handle_mark_freed(h, LK_HANDLE_BUNDLE) != 0 else { return misuse(h, "lokale_bundle_free", "bundle") }
    guard let object = h.pointee.object else { return }
    lk_handle_set_plan(h, nil) // new calls leave the fast paths, and meet the freed kind
    h.pointee.object = nil
    Unmanaged<BundleHandle>.fromOpaque(object).release()
}

func bundleHandle(_ p: OpaquePointer?) throws(LokaleError) -> BundleHandle {
    try liveObject(p, LK_HANDLE_BUNDLE, "bundle")
}

/// A new lokale_languages* for `languages` (its `lists` the list's plan entries, which the
/// retained list owns); nil when out of memory.
func newLanguagesPointer(_ languages: Languages) -> OpaquePointer? {
    newHandle(languages, LK_HANDLE_LANGUAGES) { h in
        lk_handle_set_lists(h, languages.entriesAddress.assumingMemoryBound(to: lk_list_slot.self))
    }
}

/// lokale_languages_free: releases the list and retires the handle.
func freeLanguagesPointer(_ p: OpaquePointer) { freeHandle(p, LK_HANDLE_LANGUAGES, "languages", as: Languages.self) }

func languagesHandle(_ p: OpaquePointer?, _ what: String = "languages") throws(LokaleError) -> Languages {
    try liveObject(p, LK_HANDLE_LANGUAGES, "languages", as: what)
}

/// The object behind a lokale_message_format*: a checked MF2 message, its locale, and its fast
/// plan when its shape has one (lokale_message_format_format tries it first).
final class MessageFormatHandle: Sendable {
    let message: MF2.Message
    let locale: String
    let plan: MF2FastPlan?
    init(_ message: MF2.Message, locale: String) {
        (self.message, self.locale) = (message, locale)
        plan = MF2FastPlan.make(message, locale: locale)
    }
}

/// A new lokale_message_format* for `handle`; nil when out of memory.
func newMessageFormatPointer(_ handle: MessageFormatHandle) -> OpaquePointer? { newHandle(handle, LK_HANDLE_MESSAGE_FORMAT) }

/// lokale_message_format_free: releases the message and retires the handle.
func freeMessageFormatPointer(_ p: OpaquePointer) {
    freeHandle(p, LK_HANDLE_MESSAGE_FORMAT, "message_format", as: MessageFormatHandle.self)
}

func messageFormatHandle(_ p: OpaquePointer?) throws(LokaleError) -> MessageFormatHandle {
    try liveObject(p, LK_HANDLE_MESSAGE_FORMAT, "message_format", as: "format")
}

/// A new lokale_formatted_parts* for `handle`; nil when out of memory.
func newFormattedPartsPointer(_ handle: FormattedPartsHandle) -> OpaquePointer? { newHandle(handle, LK_HANDLE_FORMATTED_PARTS) }

/// lokale_formatted_parts_free: releases the parts (and what they lent) and retires the handle.
func freeFormattedPartsPointer(_ p: OpaquePointer) {
    freeHandle(p, LK_HANDLE_FORMATTED_PARTS, "formatted_parts", as: FormattedPartsHandle.self)
}

func formattedPartsHandle(_ p: OpaquePointer?) throws(LokaleError) -> FormattedPartsHandle {
    try liveObject(p, LK_HANDLE_FORMATTED_PARTS, "formatted_parts", as: "parts")
}

/// The object of a live handle of `kind` (its type `what`; `name`: the argument, when not that).
private func liveObject<T: AnyObject>(_ p: OpaquePointer?, _ kind: UInt32, _ what: String, as name: String? = nil) throws(LokaleError) -> T {
    guard let p else { throw invalid("\(name ?? what) is NULL") }
    let object = try live(UnsafeMutablePointer<lk_handle>(p), kind, what, as: name)
    return Unmanaged<T>.fromOpaque(object).takeUnretainedValue()
}

/// The object of a live handle of `kind`; LOKALE_EINVAL for a freed handle or another kind.
/// `what` names the handle's type ("bundle"), `name` the argument when it is not that.
private func live(_ h: UnsafeMutablePointer<lk_handle>, _ kind: UInt32, _ what: String, as name: String? = nil) throws(LokaleError) -> UnsafeMutableRawPointer {
    let k = lk_handle_kind(h)
    // A runtime or bundle that the C start made has its Swift object from the first call that needs it.
    if k == kind, lk_handle_object(h) == nil, lk_handle_start(h) != nil { takeOverStart(h) }
    guard k == kind, let object = lk_handle_object(h) else { throw invalid(refusal(k == kind ? LK_HANDLE_FREED : k, what, as: name)) }
    return object
}

/// Why a pointer is not a live `what` ("bundle", "runtime", "languages") when its kind is `kind`.
private func refusal(_ kind: UInt32, _ what: String, as name: String? = nil) -> String {
    let name = name ?? what
    return switch kind {
    case LK_HANDLE_FREED: "the \(name) was freed (lokale_\(what)_free): a pointer used after free"
    case LK_HANDLE_BUNDLE: "a lokale_bundle was passed as the \(name)"
    case LK_HANDLE_RUNTIME: "a lokale_runtime was passed as the \(name)"
    case LK_HANDLE_LANGUAGES: "a lokale_languages was passed as the \(name)"
    case LK_HANDLE_MESSAGE_FORMAT: "a lokale_message_format was passed as the \(name)"
    case LK_HANDLE_FORMATTED_PARTS: "a lokale_formatted_parts was passed as the \(name)"
    default: "the \(name) is not a lokale_\(what) the library made"
    }
}

/// A free of something that is not a live handle of its kind: nothing is done, and the thread's
/// last error says why (the function returns no status).
private func misuse(_ h: UnsafeMutablePointer<lk_handle>, _ function: String, _ what: String) {
    let k = lk_handle_kind(h)
    LastError.set(k == LK_HANDLE_FREED ? "\(function): the \(what) was freed already (a second free); nothing done"
                                       : "\(function): \(refusal(k, what)); nothing done")
}

/// A caller's versioned struct (its first field a uint32_t version, the rest only growing at the
/// end) copied into a whole one: the bytes its version has (`size`), the rest zero. Never reads
/// past what the caller's version has.
func versioned<T>(_ p: UnsafePointer<T>?, _ what: String, size: (UInt32) -> Int) throws(LokaleError) -> T {
    guard let p else { throw invalid("\(what) is NULL") }
    let version = UnsafeRawPointer(p).load(as: UInt32.self)
    guard version >= 1 else { throw invalid("\(what).version \(version) is not supported") }
    let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    defer { copy.deallocate() }
    copy.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    copy.copyMemory(from: p, byteCount: min(size(version), MemoryLayout<T>.size))
    return copy.load(as: T.self)
}

/// A caller's (pointer, length) as bytes; -1 means NUL-terminated.
func bytes(_ p: UnsafePointer<CChar>?, _ len: Int, _ what: String, limit: Int = Limits.callerTextBytes) throws(LokaleError) -> UnsafeRawBufferPointer {
    guard let p else { throw invalid("\(what) is NULL") }
    let n: Int
    if len == -1 {
        n = strnlen(p, limit + 1)
    } else {
        guard len >= 0 else { throw invalid("\(what) length \(len) is negative (use -1 for NUL-terminated)") }
        n = len
    }
    guard n <= limit else { throw invalid("\(what) is longer than \(limit) bytes") }
    return UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: n)
}

/// Copies `result` into (dst, capacity) and reports the needed length.
func emit(_ result: some Collection<UInt8>, _ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?) throws(LokaleError) {
    needed?.pointee = result.count
    guard capacity > 0 else {
        if result.isEmpty && dst == nil { return }
        throw LokaleError(.bufferTooSmall, "destination holds 0 bytes; \(result.count + 1) needed")
    }
    guard let dst else { throw invalid("dst is NULL but capacity is \(capacity)") }
    var n = min(result.count, capacity - 1)
    let truncated = n < result.count
    if truncated {
        // Never cut a UTF-8 sequence in half.
        let a = Array(result)
        while n > 0 && (a[n] & 0xC0) == 0x80 { n -= 1 }
    }
    let raw = UnsafeMutableRawPointer(dst)
    let copied = result.withContiguousStorageIfAvailable { b in
        if n > 0 { raw.copyMemory(from: b.baseAddress!, byteCount: n) }
        return true
    }
    if copied == nil {
        var i = 0
        for b in result.prefix(n) { raw.storeBytes(of: b, toByteOffset: i, as: UInt8.self); i += 1 }
    }
    raw.storeBytes(of: 0, toByteOffset: n, as: UInt8.self)
    if truncated { throw LokaleError(.bufferTooSmall, "destination holds \(capacity) bytes; \(result.count + 1) needed") }
}
