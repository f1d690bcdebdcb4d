import LokaleABIHeader
import CTable
import LokaleCore

// MARK: MessageFormat 2 messages given as source

@c @implementation
public func lokale_message_format_new(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ source: UnsafePointer<CChar>!,
                                      _ sourceLength: Int, _ locale: UnsafePointer<CChar>!) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let text = String(decoding: try bytes(source, sourceLength, "source", limit: MF2.maxMessageBytes), as: UTF8.self)
        let tag = String(decoding: try bytes(locale, -1, "locale", limit: Limits.languageTagBytes), as: UTF8.self)
        let canonical: String
        switch LanguageTag.canonical(tag) {
        case .success(let t): canonical = t
        case .failure(let e): throw invalid("locale '\(tag)': \(e.message)")
        }
        let message: MF2.Message
        do { message = try MF2.checked(text) } catch { throw LokaleError(.format, "MessageFormat 2 source: \(error)") }
        guard let p = newMessageFormatPointer(MessageFormatHandle(message, locale: canonical)) else {
            throw LokaleError(.outOfMemory, "no memory for a message format")
        }
        out.pointee = p
    }
}

@c @implementation
public func lokale_message_format_free(_ format: OpaquePointer!) {
    guard let format else { return }
    freeMessageFormatPointer(format)
}

@c @implementation
public func lokale_message_format_format(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                         _ format: OpaquePointer!, _ args: UnsafePointer<lokale_named_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        try emit(try messageFormatted(format, args, count).text.utf8, dst, capacity, needed)
    }
}

@c @implementation
public func lokale_message_format_problems(_ dst: UnsafeMutablePointer<CChar>!, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!,
                                           _ format: OpaquePointer!, _ args: UnsafePointer<lokale_named_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        let errors = try messageFormatted(format, args, count).errors
        try emit(errors.map { "\($0.kind.rawValue): \($0.message)" }.joined(separator: "\n").utf8, dst, capacity, needed)
    }
}

private func messageFormatted(_ format: OpaquePointer?, _ args: UnsafePointer<lokale_named_arg>?, _ count: Int) throws(LokaleError) -> MF2.Formatted {
    let handle = try messageFormatHandle(format)
    return MF2.format(handle.message, locale: handle.locale, arguments: try namedArguments(args, count))
}

/// A caller's named arguments; a name given twice keeps its last value.
func namedArguments(_ args: UnsafePointer<lokale_named_arg>?, _ count: Int) throws(LokaleError) -> [String: MF2.Argument] {
    guard count > 0 else { return [:] }
    guard let args else { throw invalid("args is NULL but arg_count is \(count)") }
    guard count <= Limits.arguments else { throw invalid("\(count) arguments is more than \(Limits.arguments)") }
    var result: [String: MF2.Argument] = [:]
    for i in 0..<count {
        let a = args[i]
        let name = String(decoding: try bytes(a.name, a.name_len, "the name of argument \(i + 1)", limit: Limits.keyBytes), as: UTF8.self)
        let v = a.value
        switch UInt32(bitPattern: v.type) {
        case LOKALE_ARG_INT.rawValue: result[name] = .int(v.value.i)
        case LOKALE_ARG_UINT.rawValue: result[name] = v.value.u <= UInt64(Int64.max) ? .int(Int64(v.value.u)) : .decimal(String(v.value.u))
        case LOKALE_ARG_DOUBLE.rawValue: result[name] = .double(v.value.d)
        case LOKALE_ARG_STRING.rawValue:
            result[name] = .string(String(decoding: try bytes(v.value.s.ptr, v.value.s.len, "argument '\(name)'"), as: UTF8.self))
        case LOKALE_ARG_TIMESTAMP.rawValue:
            guard v.value.d.isFinite else { throw invalid("argument '\(name)': the timestamp \(v.value.d) is not a moment") }
            let zone = try a.time_zone.map { (z) throws(LokaleError) in
                String(decoding: try bytes(z, -1, "the time zone of argument '\(name)'", limit: 128), as: UTF8.self)
            }
            result[name] = .date(v.value.d, timeZone: zone)
        default: throw invalid("argument '\(name)' has unknown type \(v.type)")
        }
    }
    return result
}
