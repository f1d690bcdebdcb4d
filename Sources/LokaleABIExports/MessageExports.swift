import LokaleABIHeader
import CTable
import LokaleCore

// MARK: Messages

/// A caller's lokale_message as the C entry points read it (lk_message_read: the fields its version
/// lacks are zero), checked field by field.
struct MessageView {
    var key: UnsafeRawBufferPointer
    var table: UnsafeRawBufferPointer?
    var defaultValue: UnsafeRawBufferPointer?
    var locale: String?
    /// LOKALE_MESSAGE_STRICT_ARGUMENTS: lokale_bundle_format refuses an argument that does not fit.
    var strictArguments = false
    /// A per-call list of languages (message version 4); nil: the runtime's.
    var languages: Languages?

    init(_ m: UnsafePointer<lokale_message>?) throws(LokaleError) {
        guard let m else { throw invalid("message is NULL") }
        let v = m.pointee
        guard v.version >= 1 else { throw invalid("message.version \(v.version) is not supported") }
        key = try bytes(v.key, v.key_len, "message.key", limit: Limits.keyBytes)
        table = v.table == nil ? nil : try bytes(v.table, v.table_len, "message.table", limit: Limits.keyBytes)
        defaultValue = v.default_value == nil ? nil : try bytes(v.default_value, v.default_len, "message.default_value")
        if v.locale != nil {
            let l = String(decoding: try bytes(v.locale, v.locale_len, "message.locale", limit: 1024), as: UTF8.self)
            guard case .success = LanguageTag.canonical(l) else { throw invalid("message.locale '\(l)' is not a language identifier") }
            locale = l
        }
        let known = LOKALE_MESSAGE_STRICT_ARGUMENTS
        guard v.flags & ~known == 0 else { throw invalid("message.flags has unknown flags 0x\(String(v.flags & ~known, radix: 16))") }
        strictArguments = v.flags & LOKALE_MESSAGE_STRICT_ARGUMENTS != 0
        if let l = v.languages { languages = try languagesHandle(OpaquePointer(UnsafeRawPointer(l)), "message.languages") }
    }

    var keyString: String { String(decoding: key, as: UTF8.self) }
    var tableString: String? { table.map { String(decoding: $0, as: UTF8.self) } }
    var defaultString: String? { defaultValue.map { String(decoding: $0, as: UTF8.self) } }
}

/// lokale_bundle_lookup beyond CTable's fast path (the first lookup after a change, the chain
/// policy, arguments to refuse, a corrupt table). Looking up publishes the bundle's plan, so the
/// next call stays in C.
@_cdecl("lk_bundle_lookup_general")
public func lk_bundle_lookup_general(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLen: UnsafeMutablePointer<Int>?,
                                     _ outStep: UnsafeMutablePointer<lokale_step>?, _ bundle: OpaquePointer?,
                                     _ message: UnsafePointer<lokale_message>?) -> Int32 {
    status { () throws(LokaleError) in
        guard let out, let outLen else { throw invalid("out or out_len is NULL") }
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let (text, step) = try b.lookup(key: m.key, table: m.table, default: m.defaultValue, languages: m.languages)
        out.pointee = text.baseAddress?.assumingMemoryBound(to: CChar.self)
        outLen.pointee = text.count
        outStep?.pointee = lokale_step(rawValue: UInt32(step.code))
    }
}

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

/// lokale_bundle_format beyond CTable's fast path. Formatting publishes the bundle's plan (and
/// fills the localization info the fast path reads), so the next call of the kind stays in C.
@_cdecl("lk_bundle_format_general")
public func lk_bundle_format_general(_ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?,
                                     _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?,
                                     _ args: UnsafePointer<lokale_arg>?, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let f = try formatted(bundle, message, args, count)
        if f.strictArguments {
            for p in f.problems {
                switch ArgumentMisfit.of(p) {
                case .notANumber?: throw invalid(p)
                case .outOfRange?: throw LokaleError(.range, p)
                case nil: continue
                }
            }
        }
        try emit(f.bytes, dst, capacity, needed)
    }
}

/// A caller's message formatted with its arguments: the text, the problems met, and whether the
/// message asked for strict arguments (only lokale_bundle_format heeds it).
func formatted(_ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?, _ args: UnsafePointer<lokale_arg>?,
               _ count: Int) throws(LokaleError) -> (bytes: [UInt8], problems: [String], strictArguments: Bool) {
    let b = try bundleHandle(bundle).bundle
    let m = try MessageView(message)
    let (bytes, problems) = try b.formatBytes(key: m.key, table: m.table, defaultValue: m.defaultValue,
                                              arguments: try arguments(args, count), locale: m.locale, languages: m.languages)
    return (bytes, problems, m.strictArguments)
}

@_cdecl("lk_bundle_lookup_variant_general")
public func lk_bundle_lookup_variant_general(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                         _ outStep: UnsafeMutablePointer<lokale_step>!, _ bundle: OpaquePointer!,
                                         _ message: UnsafePointer<lokale_message>!, _ args: UnsafePointer<lokale_arg>!,
                                         _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let (bytes, step) = try b.variantBytes(key: m.key, table: m.table, defaultValue: m.defaultValue, arguments: try arguments(args, count),
                                               languages: m.languages)
        outStep?.pointee = lokale_step(rawValue: UInt32(step.code))
        try emit(bytes, dst, capacity, needed)
    }
}

@_cdecl("lk_bundle_format_problems_general")
public func lk_bundle_format_problems_general(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                          _ bundle: OpaquePointer!, _ message: UnsafePointer<lokale_message>!,
                                          _ args: UnsafePointer<lokale_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try formatted(bundle, message, args, count).problems.joined(separator: "\n").utf8, dst, capacity, needed)
    }
}

@_cdecl("lk_bundle_explain_general")
public func lk_bundle_explain_general(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                  _ bundle: OpaquePointer!, _ message: UnsafePointer<lokale_message>!,
                                  _ args: UnsafePointer<lokale_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let trace = try b.explain(m.keyString, default: m.defaultString, table: m.tableString,
                                  arguments: try arguments(args, count), locale: m.locale, languages: m.languages)
        try emit(trace.json.utf8, dst, capacity, needed)
    }
}
