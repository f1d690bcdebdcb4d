#if canImport(Glibc)
import Glibc
#endif
import LokaleABIHeader
import CTable
import LokaleCore

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
    guard let d = DeviceClass(rawIndex: Int(v)) else { throw invalid("unknown device \(v)") }
    return d
}

/// lokale_runtime_new when the C start declines the options (start_entry_points.c).
@_cdecl("lk_runtime_new_general")
public func lk_runtime_new_general(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ options: UnsafePointer<lokale_runtime_options>?) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        var preferred: [String]? = nil
        var fallback = FallbackPolicy.apple, deviceClass = DeviceClass.mac
        var matcher: any LocalizationMatcher = AppleMatcher()
        var settings = Runtime.Settings.automatic
        if let options, case let o = try versioned(options, "options", size: { _ in MemoryLayout<lokale_runtime_options>.size }) {
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
        guard let handle = newRuntimePointer(RuntimeHandle(runtime)) else { throw LokaleError(.outOfMemory, "no memory for a runtime") }
        out.pointee = handle
    }
}

/// lokale_runtime_free of a runtime the C start did not make, or that the Swift runtime took over.
@_cdecl("lk_runtime_free_general")
public func lk_runtime_free_general(_ runtime: OpaquePointer?) {
    guard let runtime else { return }
    freeRuntimePointer(runtime)
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

@c @implementation
public func lokale_runtime_settings_path(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!, _ runtime: OpaquePointer!) -> Int32 {
    status { () throws(LokaleError) in
        try emit((try runtimeHandle(runtime).runtime.settingsPath ?? "").utf8, dst, capacity, needed)
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

/// lokale_runtime_add_callback on a runtime the Swift runtime runs (the C start registers its own).
@_cdecl("lk_runtime_add_callback_general")
public func lk_runtime_add_callback_general(_ outID: UnsafeMutablePointer<UInt64>?, _ runtime: OpaquePointer?,
                                            _ callback: lokale_change_callback?, _ payload: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(LokaleError) in
        let h = try runtimeHandle(runtime)
        guard let callback, let runtime else { throw invalid("callback is NULL") }
        let c = ChangeCallback(callback, payload, runtime)
        let id = h.runtime.onChange { _ in c.call() }
        h.callbacks.withLock { _ = $0.insert(id) }
        outID?.pointee = id
    }
}

/// lokale_runtime_remove_callback of what is not a C start's callback.
@_cdecl("lk_runtime_remove_callback_general")
public func lk_runtime_remove_callback_general(_ runtime: OpaquePointer?, _ id: UInt64) -> Int32 {
    status { () throws(LokaleError) in
        let h = try runtimeHandle(runtime)
        h.callbacks.withLock { _ = $0.remove(id) }
        guard h.runtime.removeCallback(id) else { throw LokaleError(.notFound, "no callback with id \(id)") }
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

