import LokaleABIHeader
import LokaleCore

// The general paths of catalog lookups with named arguments (MessageFormat 2 messages): what
// CTable's lk_fast_format_named declines, and the functions with no fast path.

@_cdecl("lk_bundle_format_named_general")
public func lk_bundle_format_named_general(_ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?,
                                           _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?,
                                           _ args: UnsafePointer<lokale_named_arg>?, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try formattedNamed(bundle, message, args, count).bytes, dst, capacity, needed)
    }
}

@_cdecl("lk_bundle_format_named_problems_general")
public func lk_bundle_format_named_problems_general(_ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?,
                                                    _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?,
                                                    _ args: UnsafePointer<lokale_named_arg>?, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try formattedNamed(bundle, message, args, count).problems.joined(separator: "\n").utf8, dst, capacity, needed)
    }
}

@_cdecl("lk_bundle_explain_named_general")
public func lk_bundle_explain_named_general(_ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?,
                                            _ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?,
                                            _ args: UnsafePointer<lokale_named_arg>?, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let trace = try b.explain(m.keyString, default: m.defaultString, table: m.tableString, arguments: [],
                                  named: try namedArguments(args, count), locale: m.locale, languages: m.languages)
        try emit(trace.json.utf8, dst, capacity, needed)
    }
}

private func formattedNamed(_ bundle: OpaquePointer?, _ message: UnsafePointer<lokale_message>?, _ args: UnsafePointer<lokale_named_arg>?,
                            _ count: Int) throws(LokaleError) -> (bytes: [UInt8], problems: [String]) {
    let b = try bundleHandle(bundle).bundle
    let m = try MessageView(message)
    return try b.formatBytes(key: m.key, table: m.table, defaultValue: m.defaultValue, arguments: [],
                             named: try namedArguments(args, count), locale: m.locale, languages: m.languages)
}

@c @implementation
public func lokale_bundle_format_named_to_parts(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ bundle: OpaquePointer!,
                                                _ message: UnsafePointer<lokale_message>!, _ args: UnsafePointer<lokale_named_arg>!,
                                                _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let b = try bundleHandle(bundle).bundle
        let m = try MessageView(message)
        let f = try b.format(key: m.key, table: m.table, defaultValue: m.defaultValue, arguments: [],
                             named: try namedArguments(args, count), locale: m.locale, languages: m.languages)
        guard let p = newFormattedPartsPointer(FormattedPartsHandle(text: f.text, parts: f.parts, problems: f.problems)) else {
            throw LokaleError(.outOfMemory, "no memory for formatted parts")
        }
        out.pointee = p
    }
}
