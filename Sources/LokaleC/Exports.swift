#if canImport(Glibc)
import Glibc
#endif
import CLokale
import CTable
import LokaleCore

// The C ABI of include/lokale.h. Each function checks its arguments, calls LokaleCore, and turns
// every error into a status code; `@c @implementation` makes the compiler check each signature
// against the header.

// MARK: Versions and errors

private let versionString: StaticString = "0.1.0"

@c @implementation
public func lokale_version() -> UnsafePointer<CChar>! {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func lokale_version_number() -> Int32 { Int32(Lokale.versionNumber) }

@c @implementation
public func lokale_table_format_version() -> Int32 { Int32(TableLayout.formatMajor) }

private let emptyString: StaticString = ""

@c @implementation
public func lokale_last_error() -> UnsafePointer<CChar>! {
    LastError.current ?? UnsafeRawPointer(emptyString.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let statusNames: [Int32: StaticString] = [
    0: "LOKALE_OK", -1: "LOKALE_ERROR", -2: "LOKALE_EINVAL", -3: "LOKALE_EIO", -4: "LOKALE_ECORRUPT",
    -5: "LOKALE_EVERSION", -6: "LOKALE_ENOTFOUND", -7: "LOKALE_ETRUNCATED", -8: "LOKALE_EFORMAT",
    -9: "LOKALE_ENOMEM", -10: "LOKALE_ESTATE",
]
private let unknownStatus: StaticString = "LOKALE_UNKNOWN"

@c @implementation
public func lokale_status_name(_ status: Int32) -> UnsafePointer<CChar>! {
    let s = statusNames[status] ?? unknownStatus
    return UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

// MARK: Runtime

@c @implementation
public func lokale_runtime_options_init(_ options: UnsafeMutablePointer<lokale_runtime_options>!) -> Int32 {
    status { () throws(LokaleError) in
        guard let options else { throw invalid("options is NULL") }
        options.pointee = lokale_runtime_options(version: UInt32(LOKALE_RUNTIME_OPTIONS_VERSION), preferred_languages: nil,
                                                 preferred_count: 0, fallback_policy: Int32(LOKALE_FALLBACK_APPLE.rawValue),
                                                 device: Int32(LOKALE_DEVICE_MAC.rawValue),
                                                 strategy: Int32(LOKALE_STRATEGY_APPLE.rawValue), settings_path: nil)
    }
}

func languages(_ list: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) throws(LokaleError) -> [String]? {
    guard let list else {
        guard count == 0 else { throw invalid("languages is NULL but count is \(count)") }
        return nil
    }
    guard count <= Limits.languages else { throw invalid("\(count) languages is more than \(Limits.languages)") }
    var result: [String] = []
    for i in 0..<count {
        let b = try bytes(list[i], -1, "language \(i)", limit: 1024)
        result.append(String(decoding: b, as: UTF8.self))
    }
    return result
}

func policy(_ v: Int32) throws(LokaleError) -> FallbackPolicy {
    switch UInt32(bitPattern: v) {
    case LOKALE_FALLBACK_APPLE.rawValue: .apple
    case LOKALE_FALLBACK_CHAIN.rawValue: .chain
    default: throw invalid("unknown fallback policy \(v)")
    }
}

func strategy(_ v: Int32) throws(LokaleError) -> any LocalizationMatcher {
    switch UInt32(bitPattern: v) {
    case LOKALE_STRATEGY_APPLE.rawValue: return AppleMatcher()
    case LOKALE_STRATEGY_ICU.rawValue: return try icuMatcher()
    default: throw invalid("unknown strategy \(v)")
    }
}

func device(_ v: Int32) throws(LokaleError) -> DeviceClass {
    guard v >= 0, Int(v) < DeviceClass.allCases.count else { throw invalid("unknown device \(v)") }
    return DeviceClass.allCases[Int(v)]
}

@c @implementation
public func lokale_runtime_new(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ options: UnsafePointer<lokale_runtime_options>!) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        var preferred: [String]? = nil
        var fallback = FallbackPolicy.apple, deviceClass = DeviceClass.mac
        var matcher: any LocalizationMatcher = AppleMatcher()
        var settings = Runtime.Settings.automatic
        if let o = options?.pointee {
            guard o.version >= 1 else { throw invalid("options.version \(o.version) is not supported") }
            preferred = try languages(o.preferred_languages, o.preferred_count)
            fallback = try policy(o.fallback_policy)
            deviceClass = try device(o.device)
            matcher = try strategy(o.strategy)
            if o.settings_path != nil {
                let path = String(decoding: try bytes(o.settings_path, -1, "settings_path", limit: 4096), as: UTF8.self)
                settings = path.isEmpty ? .none : .file(path)
            }
        }
        let runtime = Runtime(preferredLanguages: preferred, matcher: matcher, settings: settings)
        runtime.fallbackPolicy = fallback
        runtime.deviceClass = deviceClass
        out.pointee = .retained(RuntimeHandle(runtime))
    }
}

@c @implementation
public func lokale_runtime_free(_ runtime: OpaquePointer!) {
    guard let runtime else { return }
    Unmanaged<RuntimeHandle>.fromOpaque(UnsafeRawPointer(runtime)).release()
}

@c @implementation
public func lokale_runtime_set_preferred_languages(_ runtime: OpaquePointer!, _ list: UnsafePointer<UnsafePointer<CChar>?>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let r = try runtimeHandle(runtime).runtime
        r.preferredLanguages = try languages(list, count) ?? SystemLanguages.preferred()
    }
}

@c @implementation
public func lokale_runtime_preferred_languages(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ runtime: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        let r = try runtimeHandle(runtime).runtime
        try emit(r.preferredLanguages.joined(separator: ",").utf8, dst, capacity, needed)
    }
}

@c @implementation
public func lokale_runtime_set_device(_ runtime: OpaquePointer!, _ value: Int32) -> Int32 {
    status { () throws(LokaleError) in try runtimeHandle(runtime).runtime.deviceClass = try device(value) }
}

@c @implementation
public func lokale_runtime_set_fallback_policy(_ runtime: OpaquePointer!, _ value: Int32) -> Int32 {
    status { () throws(LokaleError) in try runtimeHandle(runtime).runtime.fallbackPolicy = try policy(value) }
}

@c @implementation
public func lokale_runtime_set_language(_ runtime: OpaquePointer!, _ language: UnsafePointer<CChar>!) -> Int32 {
    status { () throws(LokaleError) in
        let r = try runtimeHandle(runtime).runtime
        let l = language == nil ? nil : String(decoding: try bytes(language, -1, "language", limit: 1024), as: UTF8.self)
        try r.setLanguage(l)
    }
}

@c @implementation
public func lokale_runtime_language(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ runtime: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit((try runtimeHandle(runtime).runtime.language ?? "").utf8, dst, capacity, needed)
    }
}

/// A C callback and its payload, called with the handle it was registered through.
final class ChangeCallback: @unchecked Sendable {
    let function: lokale_change_callback
    let payload: UnsafeMutableRawPointer?
    let handle: OpaquePointer
    init(_ f: lokale_change_callback, _ p: UnsafeMutableRawPointer?, _ h: OpaquePointer) { function = f; payload = p; handle = h }
    func call() { function(payload, handle) }
}

@c @implementation
public func lokale_runtime_add_callback(_ outID: UnsafeMutablePointer<UInt64>!, _ runtime: OpaquePointer!,
                                        _ callback: lokale_change_callback!, _ payload: UnsafeMutableRawPointer!) -> Int32 {
    status { () throws(LokaleError) in
        let r = try runtimeHandle(runtime).runtime
        guard let callback, let runtime else { throw invalid("callback is NULL") }
        let c = ChangeCallback(callback, payload, runtime)
        let id = r.onChange { _ in c.call() }
        outID?.pointee = id
    }
}

@c @implementation
public func lokale_runtime_remove_callback(_ runtime: OpaquePointer!, _ id: UInt64) -> Int32 {
    status { () throws(LokaleError) in
        guard try runtimeHandle(runtime).runtime.removeCallback(id) else { throw LokaleError(.notFound, "no callback with id \(id)") }
    }
}

@c @implementation
public func lokale_runtime_diagnostics(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ runtime: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try runtimeHandle(runtime).runtime.diagnostics.joined(separator: "\n").utf8, dst, capacity, needed)
    }
}

@c @implementation
public func lokale_language_display_name(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                         _ language: UnsafePointer<CChar>!, _ displayLanguage: UnsafePointer<CChar>!) -> Int32 {
    status { () throws(LokaleError) in
        let l = String(decoding: try bytes(language, -1, "language", limit: 1024), as: UTF8.self)
        let d = displayLanguage == nil ? nil : String(decoding: try bytes(displayLanguage, -1, "display_language", limit: 1024), as: UTF8.self)
        try emit(try LanguageNames.displayName(of: l, in: d).get().utf8, dst, capacity, needed)
    }
}

// MARK: Bundles

@c @implementation
public func lokale_bundle_open(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ runtime: OpaquePointer!, _ path: UnsafePointer<CChar>!, _ flags: UInt32) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let r = try runtimeHandle(runtime).runtime
        let p = String(decoding: try bytes(path, -1, "path", limit: 4096), as: UTF8.self)
        let known = LOKALE_OPEN_MAIN | LOKALE_OPEN_VERIFY | LOKALE_OPEN_COPY | LOKALE_OPEN_MAP
        guard flags & ~known == 0 else { throw invalid("unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let copy = flags & LOKALE_OPEN_COPY != 0, map = flags & LOKALE_OPEN_MAP != 0
        guard !(copy && map) else { throw invalid("LOKALE_OPEN_COPY and LOKALE_OPEN_MAP exclude each other") }
        let bundle = try r.open(path: p, main: flags & LOKALE_OPEN_MAIN != 0, verify: flags & LOKALE_OPEN_VERIFY != 0,
                                loading: copy ? .copy : map ? .map : .automatic)
        out.pointee = newBundlePointer(BundleHandle(bundle))
    }
}

@c @implementation
public func lokale_bundle_reload(_ reloaded: UnsafeMutablePointer<Int32>!, _ bundle: OpaquePointer!, _ flags: UInt32) -> Int32 {
    status { () throws(LokaleError) in
        reloaded?.pointee = 0
        let h = try bundleHandle(bundle)
        let known = LOKALE_RELOAD_FORCE | LOKALE_RELOAD_VERIFY
        guard flags & ~known == 0 else { throw invalid("unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let done = try h.bundle.reload(force: flags & LOKALE_RELOAD_FORCE != 0, verify: flags & LOKALE_RELOAD_VERIFY != 0)
        reloaded?.pointee = done ? 1 : 0
    }
}

@c @implementation
public func lokale_bundle_free(_ bundle: OpaquePointer!) {
    guard let bundle else { return }
    freeBundlePointer(bundle)
}

@c @implementation
public func lokale_bundle_identifier(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>!, _ bundle: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = try bundleHandle(bundle).bundle.table.identifierPointer
    }
}

@c @implementation
public func lokale_bundle_development_localization(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>!, _ bundle: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        let t = try bundleHandle(bundle).bundle.table
        out.pointee = t.localizationNamePointers[t.developmentLocalization]
    }
}

@c @implementation
public func lokale_bundle_localizations(_ out: UnsafeMutablePointer<UnsafePointer<UnsafePointer<CChar>?>?>!, _ count: UnsafeMutablePointer<Int>!, _ bundle: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        guard let out, let count else { throw invalid("out or count is NULL") }
        let (names, n) = try bundleHandle(bundle).names()
        out.pointee = UnsafePointer(names)
        count.pointee = n
    }
}

@c @implementation
public func lokale_bundle_preferred_localizations(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ bundle: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try bundleHandle(bundle).bundle.preferredLocalizations.joined(separator: ",").utf8, dst, capacity, needed)
    }
}

// MARK: Messages

/// A validated view of a lokale_message.
struct MessageView {
    var key: UnsafeRawBufferPointer
    var table: UnsafeRawBufferPointer?
    var defaultValue: UnsafeRawBufferPointer?
    var locale: String?

    init(_ m: UnsafePointer<lokale_message>?) throws(LokaleError) {
        guard let m else { throw invalid("message is NULL") }
        // Read the version first: a version-1 caller's struct ends before `locale`.
        let version = UnsafeRawPointer(m).load(as: UInt32.self)
        guard version >= 1 else { throw invalid("message.version \(version) is not supported") }
        let v: lokale_message
        if version >= 2 {
            v = m.pointee
        } else {
            var copy = lokale_message()
            let size = MemoryLayout<lokale_message>.offset(of: \lokale_message.locale)!
            withUnsafeMutableBytes(of: &copy) { $0.copyMemory(from: UnsafeRawBufferPointer(start: m, count: size)) }
            v = copy
        }
        key = try bytes(v.key, v.key_len, "message.key", limit: Limits.keyBytes)
        table = v.table == nil ? nil : try bytes(v.table, v.table_len, "message.table", limit: Limits.keyBytes)
        let d = v.default_value == nil ? nil : try bytes(v.default_value, v.default_len, "message.default_value")
        defaultValue = (d?.isEmpty ?? true) ? nil : d
        if v.locale != nil {
            let l = String(decoding: try bytes(v.locale, v.locale_len, "message.locale", limit: 1024), as: UTF8.self)
            guard case .success = LanguageTag.canonical(l) else { throw invalid("message.locale '\(l)' is not a language identifier") }
            locale = l
        }
    }

    var keyString: String { String(decoding: key, as: UTF8.self) }
    var tableString: String? { table.map { String(decoding: $0, as: UTF8.self) } }
    var defaultString: String? { defaultValue.map { String(decoding: $0, as: UTF8.self) } }
}

func stepValue(_ s: Resolution.Step) -> lokale_step {
    switch s {
    case .translation: LOKALE_STEP_TRANSLATION
    case .laterPreference: LOKALE_STEP_LATER_PREFERENCE
    case .development: LOKALE_STEP_DEVELOPMENT
    case .defaultValue: LOKALE_STEP_DEFAULT
    case .key: LOKALE_STEP_KEY
    }
}

/// lokale_bundle_lookup beyond its C fast path (Sources/CLokaleLookup): the first lookup of a
/// generation, the `chain` policy, refused arguments, corrupt tables. It answers, and publishes the
/// bundle's plan in the handle so that the next call stays in C. Not exported (exports.map).
@_cdecl("lk_swift_lookup")
public func lk_swift_lookup(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLen: UnsafeMutablePointer<Int>?,
                            _ outStep: UnsafeMutablePointer<lokale_step>?, _ bundle: OpaquePointer?,
                            _ message: UnsafePointer<lokale_message>?) -> Int32 {
    // Written without closures: the fields a version-1 message has too, read in place; the handle
    // borrowed without reference counting; the default value measured only when it is the answer.
    // Errors leave through `lookupFailure`, out of line.
    guard let out, let outLen, let bundle, let message, UnsafeRawPointer(message).load(as: UInt32.self) >= 1,
          let keyPointer = message.pointee.key else { return lookupFailure(out, outLen, bundle, message) }
    let keyLength = span(keyPointer, message.pointee.key_len, limit: Limits.keyBytes)
    guard keyLength >= 0 else { return lookupFailure(out, outLen, bundle, message) }
    let key = UnsafeRawBufferPointer(start: keyPointer, count: keyLength)
    var table: UnsafeRawBufferPointer? = nil
    if let t = message.pointee.table {
        let n = span(t, message.pointee.table_len, limit: Limits.keyBytes)
        guard n >= 0 else { return lookupFailure(out, outLen, bundle, message) }
        table = UnsafeRawBufferPointer(start: t, count: n)
    }
    let handle = UnsafeMutablePointer<lk_handle>(bundle)
    let answer = Unmanaged<BundleHandle>.fromOpaque(handle.pointee.object)._withUnsafeGuaranteedRef { h in
        Result { () throws(LokaleError) in
            let r = try h.bundle.plainLookup(key: key, table: table)
            if h.bundle.runtime.fallbackPolicy == .apple { lk_handle_set_plan(handle, UnsafePointer(h.bundle.currentPlan)) }
            return r
        }
    }
    guard case .success(let (found, step)) = answer else {
        if case .failure(let e) = answer { LastError.set(e.message); return e.code.rawValue }
        return LOKALE_ERROR
    }
    if let found {
        out.pointee = found.baseAddress?.assumingMemoryBound(to: CChar.self)
        outLen.pointee = found.count
        outStep?.pointee = stepValue(step ?? .translation)
        return LOKALE_OK_VALUE
    }
    // The lookup failed: the default value when there is a non-empty one, else the key.
    if let d = message.pointee.default_value {
        let n = span(d, message.pointee.default_len, limit: Limits.callerTextBytes)
        guard n >= 0 else { return lookupFailure(out, outLen, bundle, message) }
        if n > 0 {
            out.pointee = d
            outLen.pointee = n
            outStep?.pointee = LOKALE_STEP_DEFAULT
            return LOKALE_OK_VALUE
        }
    }
    out.pointee = keyPointer
    outLen.pointee = keyLength
    outStep?.pointee = LOKALE_STEP_KEY
    return LOKALE_OK_VALUE
}

/// The length of a caller's string: `len`, or strnlen when it is -1; -1 when NULL, negative or
/// longer than `limit`.
@inline(__always)
func span(_ p: UnsafePointer<CChar>?, _ len: Int, limit: Int) -> Int {
    guard let p else { return -1 }
    let n = len == -1 ? strnlen(p, limit + 1) : len
    return n < 0 || n > limit ? -1 : n
}

/// Why a lookup's arguments were refused, as status and last error (the cold path).
@inline(never)
func lookupFailure(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLen: UnsafeMutablePointer<Int>?,
                   _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?) -> Int32 {
    status { () throws(LokaleError) in
        guard out != nil, outLen != nil else { throw invalid("out or out_len is NULL") }
        guard bundle != nil else { throw invalid("bundle is NULL") }
        guard let message else { throw invalid("message is NULL") }
        let version = UnsafeRawPointer(message).load(as: UInt32.self)
        guard version >= 1 else { throw invalid("message.version \(version) is not supported") }
        _ = try bytes(message.pointee.key, message.pointee.key_len, "message.key", limit: Limits.keyBytes)
        if message.pointee.table != nil { _ = try bytes(message.pointee.table, message.pointee.table_len, "message.table", limit: Limits.keyBytes) }
        if message.pointee.default_value != nil {
            _ = try bytes(message.pointee.default_value, message.pointee.default_len, "message.default_value")
        }
        throw LokaleError(.invalidArgument, "invalid message")
    }
}

let LOKALE_ERROR: Int32 = -1

func arguments(_ args: UnsafePointer<lokale_arg>?, _ count: Int) throws(LokaleError) -> [FormatArgument] {
    guard count > 0 else { return [] }
    guard let args else { throw invalid("args is NULL but arg_count is \(count)") }
    guard count <= Limits.arguments else { throw invalid("\(count) arguments is more than \(Limits.arguments)") }
    var result: [FormatArgument] = []
    result.reserveCapacity(count)
    for i in 0..<count {
        let a = args[i]
        switch UInt32(bitPattern: a.type) {
        case LOKALE_ARG_INT.rawValue: result.append(.int(a.value.i))
        case LOKALE_ARG_UINT.rawValue: result.append(.uint(a.value.u))
        case LOKALE_ARG_DOUBLE.rawValue: result.append(.double(a.value.d))
        case LOKALE_ARG_STRING.rawValue:
            result.append(.string(String(decoding: try bytes(a.value.s.ptr, a.value.s.len, "argument \(i + 1)"), as: UTF8.self)))
        default: throw invalid("argument \(i + 1) has unknown type \(a.type)")
        }
    }
    return result
}

/// lokale_bundle_format beyond its C fast path (Sources/CLokaleLookup/format.c): it answers, and
/// publishes the bundle's plan in the handle (with the localization info this rendering filled)
/// so that the next call of the kind stays in C. Not exported (exports.map).
@_cdecl("lk_swift_format")
public func lk_swift_format(_ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?,
                            _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?,
                            _ args: UnsafePointer<lokale_arg>?, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let formatted = try b.formatBytes(key: m.key, table: m.table, defaultValue: m.defaultValue,
                                          arguments: try arguments(args, count), locale: m.locale)
        if b.runtime.fallbackPolicy == .apple, let bundle { lk_handle_set_plan(UnsafeMutablePointer<lk_handle>(bundle), UnsafePointer(b.currentPlan)) }
        try emit(formatted.bytes, dst, capacity, needed)
    }
}

@c @implementation
public func lokale_bundle_explain(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                  _ bundle: OpaquePointer!, _ message: UnsafePointer<lokale_message>!,
                                  _ args: UnsafePointer<lokale_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let trace = try b.explain(m.keyString, default: m.defaultString, table: m.tableString,
                                  arguments: try arguments(args, count), locale: m.locale)
        try emit(trace.json.utf8, dst, capacity, needed)
    }
}
