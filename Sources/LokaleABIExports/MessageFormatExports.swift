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
        let handle = try messageFormatHandle(format)
        if let plan = handle.plan, try formatFast(plan, args, count, dst, capacity, needed) { return }
        try emit(MF2.format(handle.message, locale: handle.locale, arguments: try namedArguments(args, count)).text.utf8,
                 dst, capacity, needed)
    }
}

/// Room for a text the fast plan writes on the stack; a longer one takes the general path.
private let fastRoom = 1024

/// The message through its fast plan, written into (dst, capacity): false when the plan declines
/// or an argument is one the general path should look at (to refuse it, or to format it).
private func formatFast(_ plan: MF2FastPlan, _ args: UnsafePointer<lokale_named_arg>?, _ count: Int,
                        _ dst: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ needed: UnsafeMutablePointer<Int>?) throws(LokaleError) -> Bool {
    guard count == 0 || (args != nil && count <= Limits.arguments) else { return false }
    let names = plan.names
    var failure: LokaleError?
    let taken: Int? = withUnsafeTemporaryAllocation(of: MF2FastPlan.Argument.self, capacity: max(names.count, 1)) { values -> Int? in
        for j in names.indices { values.initializeElement(at: j, to: .other) }
        // Every argument is checked as namedArguments checks it; for a name given twice the last wins.
        for i in 0..<count {
            let a = args![i]
            guard let name = a.name, a.name_len >= -1 else { return nil }
            let length = a.name_len == -1 ? strnlen(name, Limits.keyBytes + 1) : a.name_len
            guard length <= Limits.keyBytes else { return nil }
            let nameBytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(name), count: length)
            let value: MF2FastPlan.Argument
            switch UInt32(bitPattern: a.value.type) {
            case LOKALE_ARG_INT.rawValue: value = .int(a.value.value.i)
            case LOKALE_ARG_UINT.rawValue: value = a.value.value.u <= UInt64(Int64.max) ? .int(Int64(a.value.value.u)) : .other
            case LOKALE_ARG_DOUBLE.rawValue: value = .other
            case LOKALE_ARG_STRING.rawValue:
                let s = a.value.value.s
                guard let p = s.ptr, s.len >= -1 else { return nil }
                let n = s.len == -1 ? strnlen(p, Limits.callerTextBytes + 1) : s.len
                guard n <= Limits.callerTextBytes else { return nil }
                value = .text(UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: n))
            default: return nil // a timestamp (its zone to check), an unknown type (to refuse)
            }
            for (j, wanted) in names.enumerated() where wanted.count == length && wanted.elementsEqual(nameBytes) {
                values[j] = value
            }
        }
        return withUnsafeTemporaryAllocation(byteCount: fastRoom, alignment: 1) { buffer -> Int? in
            guard let n = plan.format(UnsafeBufferPointer(values), into: buffer) else { return nil }
            do throws(LokaleError) { try emit(UnsafeRawBufferPointer(rebasing: buffer[..<n]), dst, capacity, needed) } catch { failure = error }
            return n
        }
    }
    if let failure { throw failure } // the text is right; (dst, capacity) is too small for it
    return taken != nil
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
