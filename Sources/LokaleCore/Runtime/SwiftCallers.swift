internal import CTable

/// Lookups for Swift callers (the `Lokale` module): the same C fast paths the C ABI takes, on the
/// strings' own UTF-8 (no copy of key, table or default value), so that a Swift program pays one
/// hash, one compare and the copy into the `String` it gets back; anything they decline takes the
/// general path, which answers the same.
extension Bundle {
    /// The text for `key`: the translation, else `defaultValue` when non-empty, else the key.
    /// - Parameter languages: a per-call list in place of the runtime's languages.
    public func text(_ key: String, default defaultValue: String?, table name: String?, languages: Languages? = nil) throws(LokaleError) -> String {
        let handle = plans.handle
        let list = languages.map { UnsafePointer($0.entries) }
        let fast: String? = withUTF8(key) { k in
            withUTF8(name) { t in
                withUTF8(defaultValue) { d in
                    var a = lk_answer()
                    guard lk_fast_lookup(handle, list, k.base, k.count, t.base, t.count, d.base, d.count, &a) == LK_ANSWERED else { return nil }
                    return String(decoding: UnsafeRawBufferPointer(start: a.text, count: a.length), as: UTF8.self)
                }
            }
        }
        if let fast { return fast }
        return try string(key, default: defaultValue, table: name, languages: languages)
    }

    /// The message formatted with `arguments`: plural and device variants chosen, numbers written
    /// the serving language's way; a failed lookup formats the default value, else the key.
    public func formattedText(_ key: String, default defaultValue: String?, table name: String?,
                              arguments: [FormatArgument], languages: Languages? = nil) throws(LokaleError) -> String {
        let handle = plans.handle
        let list = languages.map { UnsafePointer($0.entries) }
        let fast: String? = withUTF8(key) { k in
            withUTF8(name) { t in
                withUTF8(defaultValue) { d in
                    withCArguments(arguments) { args in
                        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { dst in
                            var length = 0
                            guard lk_fast_format(handle, list, k.base, k.count, t.base, t.count, d.base, d.count, args.baseAddress, args.count,
                                                 dst.baseAddress, dst.count, &length) == LK_ANSWERED else { return nil }
                            return String(decoding: UnsafeRawBufferPointer(start: dst.baseAddress, count: length), as: UTF8.self)
                        }
                    }
                }
            }
        }
        if let fast { return fast }
        return try format(key, default: defaultValue, table: name, arguments: arguments, languages: languages).text
    }
}

/// A string's bytes as C wants them: (pointer, length), NULL for nil.
private struct CText {
    var base: UnsafePointer<CChar>?
    var count: Int
}

private func withUTF8<R>(_ s: String?, _ body: (CText) -> R) -> R {
    guard var s else { return body(CText(base: nil, count: 0)) }
    return s.withUTF8 { b in
        // An empty string still needs a non-NULL pointer: NULL means "none" to C.
        b.withMemoryRebound(to: CChar.self) { c in body(CText(base: c.baseAddress ?? emptyText, count: c.count)) }
    }
}

private let empty: StaticString = ""
private var emptyText: UnsafePointer<CChar> { UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self) }

/// The arguments as `lk_arg`s on the stack; text arguments point into one buffer of their bytes.
private func withCArguments<R>(_ arguments: [FormatArgument], _ body: (UnsafeBufferPointer<lk_arg>) -> R) -> R {
    var textBytes: [UInt8] = []
    for case .string(let s) in arguments { textBytes += s.utf8 }
    return textBytes.withUnsafeBufferPointer { pool in
        withUnsafeTemporaryAllocation(of: lk_arg.self, capacity: max(arguments.count, 1)) { args in
            var offset = 0
            for (i, a) in arguments.enumerated() {
                var c = lk_arg()
                switch a {
                case .int(let v): c.type = LK_ARG_INT; c.value.i = v
                case .uint(let v): c.type = LK_ARG_UINT; c.value.u = v
                case .double(let v): c.type = LK_ARG_DOUBLE; c.value.d = v
                case .string(let s):
                    let n = s.utf8.count
                    c.type = LK_ARG_STRING
                    let base = pool.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(emptyText)
                    c.value.s.ptr = base.advanced(by: offset).assumingMemoryBound(to: CChar.self)
                    c.value.s.len = n
                    offset += n
                }
                args[i] = c
            }
            return body(UnsafeBufferPointer(start: args.baseAddress, count: arguments.count))
        }
    }
}
