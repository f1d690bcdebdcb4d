import CICU
import FoundationEssentials

/// A JSON value as String Catalogs use it, written in Xcode's layout: two-space indent,
/// `"key" : value`, keys in Xcode's order, `/` unescaped, non-ASCII as UTF-8, no final newline.
indirect enum XcodeJSON {
    case string(String)
    case bool(Bool)
    case int(Int)
    case object([String: XcodeJSON])

    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        let collator = KeyCollator()
        emit(into: &out, indent: 0, collator: collator)
        return out
    }

    private func emit(into out: inout [UInt8], indent: Int, collator: KeyCollator) {
        switch self {
        case .string(let s): out += Self.quoted(s)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .object(let members):
            // Apple's pretty printer writes an empty object with a blank line inside.
            guard !members.isEmpty else {
                out += Array("{\n\n".utf8) + [UInt8](repeating: 0x20, count: indent) + [UInt8(ascii: "}")]
                return
            }
            out += Array("{\n".utf8)
            for (i, key) in collator.sorted(Array(members.keys)).enumerated() {
                if i > 0 { out += Array(",\n".utf8) }
                out += [UInt8](repeating: 0x20, count: indent + 2)
                out += Self.quoted(key)
                out += Array(" : ".utf8)
                members[key]!.emit(into: &out, indent: indent + 2, collator: collator)
            }
            out += [UInt8(ascii: "\n")] + [UInt8](repeating: 0x20, count: indent) + [UInt8(ascii: "}")]
        }
    }

    /// A JSON string literal, escaped by Foundation's encoder (as Xcode's own writer escapes).
    static func quoted(_ s: String) -> [UInt8] {
        // Plain text needs no escaping: skip the encoder for the common case.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return [UInt8(ascii: "\"")] + Array(s.utf8) + [UInt8(ascii: "\"")]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a String cannot fail.
        return (try? [UInt8](encoder.encode(s))) ?? [UInt8(ascii: "\""), UInt8(ascii: "\"")]
    }
}

/// Xcode's key order (Foundation's sorted JSON keys): ICU root collation, numeric,
/// case-insensitive, ties broken by code points.
final class KeyCollator {
    private let collator: UnsafeMutableRawPointer?

    init() { collator = lk_key_collator_open() }
    deinit { lk_key_collator_close(collator) }

    func sorted(_ keys: [String]) -> [String] {
        let utf8 = keys.map { Array($0.utf8) }
        let order = utf8.indices.sorted { a, b in
            utf8[a].withUnsafeBufferPointer { pa in
                utf8[b].withUnsafeBufferPointer { pb in
                    pa.withMemoryRebound(to: CChar.self) { ca in
                        pb.withMemoryRebound(to: CChar.self) { cb in
                            lk_key_collator_compare(collator, ca.baseAddress, Int32(ca.count), cb.baseAddress, Int32(cb.count)) < 0
                        }
                    }
                }
            }
        }
        return order.map { keys[$0] }
    }
}
