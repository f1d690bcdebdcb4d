import LokaleABIHeader
import CTable
import LokaleCore

// MARK: A MessageFormat 2 result as parts

@c @implementation
public func lokale_message_format_format_to_parts(_ out: UnsafeMutablePointer<OpaquePointer?>!, _ format: OpaquePointer!,
                                                  _ args: UnsafePointer<lokale_named_arg>!, _ count: Int) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let handle = try messageFormatHandle(format)
        let formatted = MF2.format(handle.message, locale: handle.locale, arguments: try namedArguments(args, count))
        guard let p = newFormattedPartsPointer(FormattedPartsHandle(formatted)) else {
            throw LokaleError(.outOfMemory, "no memory for formatted parts")
        }
        out.pointee = p
    }
}

@c @implementation
public func lokale_formatted_parts_count(_ parts: OpaquePointer!) -> Int {
    (try? formattedPartsHandle(parts))?.count ?? 0
}

@c @implementation
public func lokale_formatted_parts_get(_ out: UnsafeMutablePointer<UnsafePointer<lokale_part>?>!, _ parts: OpaquePointer!,
                                       _ index: Int) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let handle = try formattedPartsHandle(parts)
        guard index >= 0, index < handle.count else { throw invalid("part \(index) of \(handle.count)") }
        out.pointee = UnsafePointer(handle.parts + index)
    }
}

@c @implementation
public func lokale_formatted_parts_text(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>!, _ outLength: UnsafeMutablePointer<Int>!,
                                        _ parts: OpaquePointer!) -> Int32 {
    lend(out, outLength, parts, \.text)
}

@c @implementation
public func lokale_formatted_parts_problems(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>!, _ outLength: UnsafeMutablePointer<Int>!,
                                            _ parts: OpaquePointer!) -> Int32 {
    lend(out, outLength, parts, \.problems)
}

/// A string the parts object owns, lent through (out, outLength) until its free.
private func lend(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<Int>?, _ parts: OpaquePointer?,
                  _ string: KeyPath<FormattedPartsHandle, (pointer: UnsafePointer<CChar>, length: Int)>) -> Int32 {
    status { () throws(LokaleError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = nil
        let lent = try formattedPartsHandle(parts)[keyPath: string]
        out.pointee = lent.pointer
        outLength?.pointee = lent.length
    }
}

@c @implementation
public func lokale_formatted_parts_free(_ parts: OpaquePointer!) {
    guard let parts else { return }
    freeFormattedPartsPointer(parts)
}

/// The object behind a lokale_formatted_parts*: the C parts and every byte they lend, in three
/// allocations it owns (parts, name-value pairs, strings), made once and never changed, so any
/// thread may read them until the free.
final class FormattedPartsHandle {
    let parts: UnsafeMutablePointer<lokale_part>
    let count: Int
    private let pairs: UnsafeMutablePointer<lokale_name_value>
    private let bytes: UnsafeMutableRawPointer
    let text: (pointer: UnsafePointer<CChar>, length: Int)
    let problems: (pointer: UnsafePointer<CChar>, length: Int)

    convenience init(_ formatted: MF2.Formatted) {
        self.init(text: formatted.text, parts: formatted.parts, problems: formatted.errors.map { "\($0.kind.rawValue): \($0.message)" })
    }

    init(text formattedText: String, parts formattedParts: [MF2.Part], problems formattedProblems: [String]) {
        // First the strings, as offsets into one buffer (each NUL-terminated; offset 0 is "").
        var storage: [UInt8] = [0]
        func add(_ s: String) -> (Int, Int) {
            if s.isEmpty { return (0, 0) }
            let offset = storage.count
            storage += s.utf8
            storage.append(0)
            return (offset, storage.count - 1 - offset)
        }
        typealias Ref = (Int, Int)
        struct Part { var kind: lokale_part_kind, dir = LOKALE_DIR_UNSET, value: Ref = (0, 0), source: Ref = (0, 0), name: Ref = (0, 0)
                      var locale: Ref = (0, 0), id: Ref?, options: Range<Int> = 0..<0, fields: Range<Int> = 0..<0 }
        var pairRefs: [(Ref, Ref)] = []
        var list: [Part] = []
        for part in formattedParts {
            switch part {
            case .text(let t): list.append(Part(kind: LOKALE_PART_TEXT, value: add(t)))
            case .bidiIsolation(let mark): list.append(Part(kind: LOKALE_PART_BIDI_ISOLATION, value: add(mark)))
            case .fallback(let source): list.append(Part(kind: LOKALE_PART_FALLBACK, value: add("{" + source + "}"), source: add(source)))
            case .markup(let m):
                let kind = switch m.kind { case .open: LOKALE_PART_MARKUP_OPEN; case .close: LOKALE_PART_MARKUP_CLOSE; case .standalone: LOKALE_PART_MARKUP_STANDALONE }
                let start = pairRefs.count
                for (name, value) in m.options.sorted(by: { $0.key < $1.key }) { pairRefs.append((add(name), add(value))) }
                list.append(Part(kind: kind, name: add(m.name), id: m.id.map(add), options: start..<pairRefs.count))
            case .value(let v):
                let dir = switch v.dir { case .ltr?: LOKALE_DIR_LTR; case .rtl?: LOKALE_DIR_RTL; case .auto?: LOKALE_DIR_AUTO; case nil: LOKALE_DIR_UNSET }
                let start = pairRefs.count
                for f in v.fields ?? [] { pairRefs.append((add(f.type), add(f.value))) }
                list.append(Part(kind: LOKALE_PART_EXPRESSION, dir: dir, value: add(v.value), source: add(v.source), name: add(v.type),
                                 locale: add(v.locale), id: v.id.map(add), fields: start..<pairRefs.count))
            }
        }
        let text = add(formattedText)
        let problems = add(formattedProblems.joined(separator: "\n"))

        let bytes = UnsafeMutableRawPointer.allocate(byteCount: storage.count, alignment: 1)
        storage.withUnsafeBytes { bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        self.bytes = bytes
        let base = UnsafePointer<CChar>(bytes.assumingMemoryBound(to: CChar.self))
        let pairs = UnsafeMutablePointer<lokale_name_value>.allocate(capacity: max(pairRefs.count, 1))
        self.pairs = pairs
        for (i, (name, value)) in pairRefs.enumerated() {
            (pairs + i).initialize(to: lokale_name_value(name: base + name.0, name_len: name.1, value: base + value.0, value_len: value.1))
        }
        count = list.count
        let parts = UnsafeMutablePointer<lokale_part>.allocate(capacity: max(list.count, 1))
        self.parts = parts
        for (i, p) in list.enumerated() {
            var c = lokale_part()
            c.kind = Int32(p.kind.rawValue)
            c.dir = Int32(p.dir.rawValue)
            (c.value, c.value_len) = (base + p.value.0, p.value.1)
            (c.source, c.source_len) = (base + p.source.0, p.source.1)
            (c.name, c.name_len) = (base + p.name.0, p.name.1)
            (c.locale, c.locale_len) = (base + p.locale.0, p.locale.1)
            if let id = p.id { (c.id, c.id_len) = (base + id.0, id.1) }
            if !p.options.isEmpty { (c.options, c.option_count) = (UnsafePointer(pairs + p.options.lowerBound), p.options.count) }
            if !p.fields.isEmpty { (c.fields, c.field_count) = (UnsafePointer(pairs + p.fields.lowerBound), p.fields.count) }
            (parts + i).initialize(to: c)
        }
        self.text = (base + text.0, text.1)
        self.problems = (base + problems.0, problems.1)
    }

    deinit {
        parts.deallocate()
        pairs.deallocate()
        bytes.deallocate()
    }
}
