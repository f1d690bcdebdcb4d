internal import CTable

/// Walks a compiled message tree (variants, substitutions, text) and formats the chosen text. Nodes
/// are read by the one node reader (`lokale_node.h`), which checks each against the sections, and
/// the walk is depth-limited, so a corrupt table cannot loop or read outside the mapping.
struct MessageRenderer {
    let table: CompiledTable
    let arguments: [FormatArgument]
    let locale: String
    let device: DeviceClass
    /// How numbers are written: the served localization's way unless the caller chose a locale.
    let symbols: NumberSymbols
    /// Substitutions of the enclosing message node: name bytes -> (argument, node).
    var substitutions: [(name: UnsafeRawBufferPointer, argument: Int, node: UInt32)] = []
    var budget = 256
    /// Choose variants only: a text node is written as the catalog wrote it, never formatted.
    var choosingOnly = false
    /// The arguments of a MessageFormat 2 message, by name.
    var named: [String: MF2.Argument] = [:]
    /// The locale an MF2 message formats in: the caller's `locale:`, else the served localization.
    var messageLocale: String? = nil
    static let maxDepth = Limits.renderDepth
    /// Where the served localization's plural rules come from: its bundle's per-localization cache.
    let rules: (contents: BundleContents, localization: Int)?
    /// The table's NODE and string sections, for the node reader.
    var tree: lk_tree

    init(table: CompiledTable, arguments: [FormatArgument], locale: String, device: DeviceClass, symbols: NumberSymbols,
         rules: (contents: BundleContents, localization: Int)? = nil) {
        self.table = table
        self.arguments = arguments
        self.locale = locale
        self.device = device
        self.symbols = symbols
        self.rules = rules
        self.tree = table.tree
    }

    mutating func render(_ node: UInt32, into out: inout FormatOutput, depth: Int = 0) throws(LokaleError) {
        budget -= 1
        guard depth < MessageRenderer.maxDepth, budget > 0 else { throw LokaleError(.corrupt, "message tree too deep") }
        let n = try table.node(node, in: &tree)
        switch n.kind {
        case LK_NODE_TEXT:
            let text = UnsafeRawBufferPointer(start: n.text, count: Int(n.length))
            if n.format == TableLayout.none || choosingOnly {
                out.bytes.append(contentsOf: text)
                return
            }
            let segments = try table.segments(at: n.format)
            guard !substitutions.isEmpty else {
                // Nothing to substitute: no closure, so nothing captured and boxed per call.
                Formatter.render(text: text, segments: segments, arguments: arguments, symbols: symbols, into: &out)
                return
            }
            var failure: LokaleError? = nil
            let subs = substitutions
            var nested = self
            Formatter.render(text: text, segments: segments, arguments: arguments, symbols: symbols, into: &out) { name, argument, o in
                guard failure == nil else { return }
                guard let s = subs.first(where: { $0.name.elementsEqual(name) }) else {
                    o.problems.append("substitution %#@\(String(decoding: name, as: UTF8.self))@ has no definition")
                    o.bytes.append(contentsOf: name)
                    return
                }
                do throws(LokaleError) { try nested.render(s.node, into: &o, depth: depth + 1) } catch { failure = error }
            }
            budget = nested.budget
            if let failure { throw failure }
        case LK_NODE_PLURAL:
            let argument = Int(n.argument)
            // A plural whose variants are all one text (a placeholder plural of empty variants, as
            // catalogs write to consume an argument) selects nothing: its argument's type cannot
            // change the text, so it is not read and no misfit is reported.
            if let same = sameVariant(n) { try render(same, into: &out, depth: depth + 1); return }
            let category = pluralCategory(argument: argument, ordinal: n.flags & LK_PLURAL_FLAG_ORDINAL != 0, out: &out)
            try render(variant: n, index: category, zeroFirst: isZero(argument), into: &out, depth: depth)
        case LK_NODE_DEVICE:
            try render(variant: n, index: device.rawIndex, zeroFirst: false, into: &out, depth: depth)
        case LK_NODE_FORMS:
            var n = n
            if let same = sameVariant(n) { try render(same, into: &out, depth: depth + 1); return }
            var child = TableLayout.none
            let read = lk_node_form(&tree, &n, formCount(argument: Int(n.argument), out: &out), &child)
            guard read == Int32(LK_NODE_OK) else { throw CompiledTable.treeError(read) }
            guard child != TableLayout.none else {
                out.problems.append("no text for this plural form")
                return
            }
            try render(child, into: &out, depth: depth + 1)
        case LK_NODE_REPLACED:
            let reason = String(decoding: UnsafeRawBufferPointer(start: n.text, count: Int(n.length)), as: UTF8.self)
            out.problems.append("the \(locale) translation is not used, its format does not match the development localization's (\(reason)); the development localization's text is shown")
            try render(n.next, into: &out, depth: depth + 1)
        case LK_NODE_MF2:
            // MF2 selects and formats in one pass: "choosing only" has no unformatted text to give.
            let message: MF2.Message
            if let rules { message = try rules.contents.messageFormat(at: node, in: &tree) } else { message = try table.messageFormat(node, in: &tree) }
            // A message read from ICU MessageFormat formats as ICU does: no bidi isolation.
            let formatted = MF2.format(message, locale: messageLocale ?? locale, arguments: named,
                                       bidiIsolation: n.format & LK_MF2_FLAG_ICU != 0 ? .none : .default)
            out.bytes.append(contentsOf: formatted.text.utf8)
            out.problems += formatted.errors.map(\.description)
            out.selection = formatted.selection
            out.parts = formatted.parts
            rules.map { $0.contents.publishMessageFormat(localization: $0.localization) }
        case LK_NODE_MESSAGE:
            var inner = self
            var n = n
            inner.substitutions = []
            for i in 0..<n.count {
                var s = lk_substitution()
                let read = lk_node_substitution(&tree, &n, i, &s)
                guard read == Int32(LK_NODE_OK) else { throw CompiledTable.treeError(read) }
                inner.substitutions.append((name: UnsafeRawBufferPointer(start: s.name, count: Int(s.name_length)),
                                            argument: Int(s.argument), node: s.node))
            }
            try inner.render(n.next, into: &out, depth: depth + 1)
            budget = inner.budget
        default:
            throw CompiledTable.treeError(Int32(LK_NODE_BAD_KIND))
        }
    }

    private mutating func render(variant n: lk_node, index: Int, zeroFirst: Bool,
                                 into out: inout FormatOutput, depth: Int) throws(LokaleError) {
        var n = n
        let child = lk_node_choose(&tree, &n, UInt32(index), zeroFirst ? 1 : 0)
        guard child != TableLayout.none else {
            out.problems.append("no variant for this case and no 'other' variant")
            return
        }
        try render(child, into: &out, depth: depth + 1)
    }

    /// The one text node every case of a plural or forms node chooses (Apple's `zero` included), or
    /// nil when the cases may differ: a case with no text, another kind of node, or two texts that
    /// are not the same bytes. Equal bytes are an equal text: a format is compiled from its text.
    private mutating func sameVariant(_ n: lk_node) -> UInt32? {
        var n = n
        // Walked in place, not gathered first: this runs for every plural rendered, and a plural
        // that does choose is told apart at its second case.
        let count = n.kind == LK_NODE_FORMS ? Int(n.count) : Int(n.count) * 2
        var first = TableLayout.none
        var text = UnsafeRawBufferPointer(start: nil, count: 0)
        for i in 0..<count {
            let child = n.kind == LK_NODE_FORMS ? lk_tree_word(&tree, UInt64(n.children) + UInt64(i))
                : lk_node_choose(&tree, &n, UInt32(i / 2), Int32(i % 2))
            guard child != TableLayout.none else { return nil }
            if child == first { continue }
            guard let c = try? table.node(child, in: &tree), c.kind == LK_NODE_TEXT else { return nil }
            let bytes = UnsafeRawBufferPointer(start: c.text, count: Int(c.length))
            if first == TableLayout.none {
                (first, text) = (child, bytes)
            } else if !bytes.elementsEqual(text) {
                return nil
            }
        }
        return first == TableLayout.none ? nil : first
    }

    private func value(_ argument: Int) -> FormatArgument? {
        argument >= 1 && argument <= arguments.count ? arguments[argument - 1] : nil
    }

    private func isZero(_ argument: Int) -> Bool { value(argument)?.doubleValue == 0 }

    /// The count a gettext forms node reads (`form_count` in format.c): an integer as glibc's
    /// `unsigned long` takes it, another number through `lk_count_of_double`; text as the number
    /// it spells.
    private func formCount(argument: Int, out: inout FormatOutput) -> UInt64 {
        guard let arg = value(argument) else {
            out.problems.append("plural argument \(argument) is missing")
            return 0
        }
        switch arg {
        case .int(let v): return UInt64(bitPattern: v)
        case .uint(let v): return v
        case .double(let v): return lk_count_of_double(v)
        case .string(let text):
            let t = text.trimmedASCII
            if let v = Int64(t) { return UInt64(bitPattern: v) }
            if let v = UInt64(t) { return v }
            guard let d = Double(t) else {
                out.problems.append(ArgumentMisfit.notANumberProblem(argument, is: "a \(arg.typeName)", needer: "the plural"))
                return 0
            }
            return lk_count_of_double(d)
        }
    }

    private func pluralCategory(argument: Int, ordinal: Bool, out: inout FormatOutput) -> Int {
        guard let arg = value(argument) else {
            out.problems.append("plural argument \(argument) is missing")
            return PluralCategory.other.rawIndex
        }
        guard let v = arg.doubleValue, !v.isNaN else {
            out.problems.append(ArgumentMisfit.notANumberProblem(argument, is: arg.isNaN ? "NaN" : "a \(arg.typeName)",
                                                          needer: "the plural"))
            return PluralCategory.other.rawIndex
        }
        let found = self.rules.map { $0.contents.pluralRules(localization: $0.localization, ordinal: ordinal) }
            ?? PluralRules.forLocale(locale, ordinal: ordinal)
        guard let rules = found else { return PluralCategory.other.rawIndex }
        // Numbers given as text keep their visible fraction digits ("1.0" is not "1").
        if case .string(let text) = arg, let c = rules.category(decimal: String(text.trimmedASCII)) { return c.rawIndex }
        return rules.category(v).rawIndex
    }
}

// The child positions of plural and device nodes (`lokale_schema.h`), by switch: allCases.firstIndex
// costs some 70 instructions a plural format. A test checks that they follow allCases.
extension PluralCategory {
    var rawIndex: Int {
        switch self {
        case .zero: Int(LK_CATEGORY_ZERO)
        case .one: Int(LK_CATEGORY_ONE)
        case .two: Int(LK_CATEGORY_TWO)
        case .few: Int(LK_CATEGORY_FEW)
        case .many: Int(LK_CATEGORY_MANY)
        case .other: Int(LK_CATEGORY_OTHER)
        }
    }

    init(rawIndex: UInt8) {
        switch UInt32(rawIndex) {
        case LK_CATEGORY_ZERO: self = .zero
        case LK_CATEGORY_ONE: self = .one
        case LK_CATEGORY_TWO: self = .two
        case LK_CATEGORY_FEW: self = .few
        case LK_CATEGORY_MANY: self = .many
        default: self = .other
        }
    }
}

extension DeviceClass {
    /// The device's code: its child position in a device node, and its lokale_device in the C ABI.
    package var rawIndex: Int {
        switch self {
        case .iphone: Int(LK_DEVICE_IPHONE)
        case .ipad: Int(LK_DEVICE_IPAD)
        case .ipod: Int(LK_DEVICE_IPOD)
        case .mac: Int(LK_DEVICE_MAC)
        case .applewatch: Int(LK_DEVICE_APPLEWATCH)
        case .appletv: Int(LK_DEVICE_APPLETV)
        case .applevision: Int(LK_DEVICE_APPLEVISION)
        case .other: Int(LK_DEVICE_OTHER)
        }
    }

    package init?(rawIndex: Int) {
        switch UInt32(truncatingIfNeeded: rawIndex) {
        case _ where rawIndex < 0: return nil
        case LK_DEVICE_IPHONE: self = .iphone
        case LK_DEVICE_IPAD: self = .ipad
        case LK_DEVICE_IPOD: self = .ipod
        case LK_DEVICE_MAC: self = .mac
        case LK_DEVICE_APPLEWATCH: self = .applewatch
        case LK_DEVICE_APPLETV: self = .appletv
        case LK_DEVICE_APPLEVISION: self = .applevision
        case LK_DEVICE_OTHER: self = .other
        default: return nil
        }
    }
}
