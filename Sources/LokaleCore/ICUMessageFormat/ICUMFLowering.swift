/// ICU MessageFormat's tree as an MF2 message. Every plural, selectordinal and select, nested or
/// not, becomes selectors of one `.match` (pre-order, outer before inner): each path through the
/// variants is one MF2 variant, `*` for ICU's `other` and for selectors off the path. MF2 sorts
/// matching variants selector by selector, first most significant, which is ICU's outer-first choice.
///
/// A plural's number is `.local $n.K = {$n :number …}` (K counts complex arguments), with the options
/// that make it ICU's default NumberFormat (half-even, grouping as the locale's pattern, at most
/// three fraction digits). With `offset:k`, categories and `#` read `$n.K.o = {$n.K :offset
/// subtract=k}` while `=N` keys read `$n.K.x = {$n :number select=exact}`, the value before the
/// offset, as ICU does; exact matches come first either way. ICU names cannot contain `.`, so these
/// locals never meet an argument.
struct ICUMFLowering {
    /// The functions of bare `{name}` arguments whose type and format the caller knows.
    var formats: [String: MF2.Function] = [:]
    var declarations: [MF2.Declaration] = []
    var selectors: [MF2.Variable] = []
    var complexCount = 0

    /// A flattened variant under construction: its keys by selector index, and its pattern.
    struct Row {
        var keys: [Int: MF2.Key] = [:]
        var pattern: MF2.Pattern = []
    }

    /// Where `#` refers to, per enclosing plural; and the row limit.
    var poundStack: [MF2.Variable] = []

    static let origin = MF2.Position(offset: 0, line: 1, column: 1)

    func variable(_ name: String) -> MF2.Variable { MF2.Variable(name, position: Self.origin) }

    /// `name=value`; `ns:name` gets its namespace, a value MF2 must quote is recorded as quoted.
    static func option(_ name: String, _ value: String) -> MF2.Option {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        let identifier = parts.count == 2 ? MF2.Identifier(namespace: parts[0], parts[1]) : MF2.Identifier(name)
        return MF2.Option(identifier, .literal(key(value)), position: origin)
    }

    static func function(_ name: String, _ options: [(String, String)]) -> MF2.Function {
        MF2.Function(MF2.Identifier(name), options: options.map { option($0.0, $0.1) })
    }

    mutating func message(_ nodes: [ICUMFNode]) throws(ICUMessageFormat.SyntaxError) -> MF2.Message {
        let rows = try expand(nodes)
        if selectors.isEmpty {
            return .pattern(MF2.PatternMessage(declarations: declarations, pattern: rows.first?.pattern ?? []))
        }
        try bound(declarations.count, Limits.mf2Declarations, "declarations")
        try bound(selectors.count, Limits.mf2Selectors, "selectors")
        let variants = rows.map { row in
            MF2.Variant(keys: selectors.indices.map { row.keys[$0] ?? .catchAll }, pattern: row.pattern, position: Self.origin)
        }
        return .select(MF2.SelectMessage(declarations: declarations, selectors: selectors, variants: variants, position: Self.origin))
    }

    func bound(_ count: Int, _ limit: Int, _ what: String) throws(ICUMessageFormat.SyntaxError) {
        guard count <= limit else {
            throw ICUMessageFormat.SyntaxError(position: Self.origin, expected: "at most \(limit) \(what) once flattened into MF2",
                                               found: "\(count)")
        }
    }

    /// The rows a sequence of nodes gives: one, unless it holds complex arguments (their product).
    mutating func expand(_ nodes: [ICUMFNode]) throws(ICUMessageFormat.SyntaxError) -> [Row] {
        var rows = [Row()]
        for node in nodes {
            switch node {
            case .text(let t):
                for k in rows.indices { Self.append(.text(t), to: &rows[k].pattern) }
            case .pound:
                let part: MF2.PatternPart = poundStack.last.map { .expression(MF2.Expression(operand: .variable($0))) } ?? .text("#")
                for k in rows.indices { Self.append(part, to: &rows[k].pattern) }
            case .simple(let a):
                let part = MF2.PatternPart.expression(try ICUMFStyles.expression(a, formats: formats))
                for k in rows.indices { rows[k].pattern.append(part) }
            case .complex(let c):
                let inner = try complex(c)
                var product: [Row] = []
                for row in rows {
                    for r in inner {
                        var joined = Row(keys: row.keys.merging(r.keys) { a, _ in a }, pattern: row.pattern)
                        for part in r.pattern { Self.append(part, to: &joined.pattern) }
                        product.append(joined)
                        try bound(product.count, Limits.mf2Variants, "variants")
                    }
                }
                rows = product
            }
        }
        for k in rows.indices { try bound(rows[k].pattern.count, Limits.mf2PatternParts, "pattern parts") }
        return rows
    }

    /// Adjacent text joins, as MF2's parser joins it.
    static func append(_ part: MF2.PatternPart, to pattern: inout MF2.Pattern) {
        if case .text(let t) = part, case .text(let before)? = pattern.last {
            pattern[pattern.count - 1] = .text(before + t)
        } else {
            pattern.append(part)
        }
    }

    mutating func complex(_ c: ICUMFComplex) throws(ICUMessageFormat.SyntaxError) -> [Row] {
        let name = ICUMessageFormat.variableName(c.name)
        let local = name + "." + String(complexCount)
        complexCount += 1
        let argument = MF2.Value.variable(variable(name))
        // Keep ICU's choice among duplicates (the first), and drop plural keywords that are no
        // CLDR category: ICU never selects them, MF2 would report them.
        var seen: [ICUMFComplex.Key] = []
        let variants = c.variants.filter { v in
            if seen.contains(v.key) { return false }
            seen.append(v.key)
            if c.kind != .select, case .keyword(let k) = v.key {
                return ["zero", "one", "two", "few", "many", "other"].contains(k)
            }
            return true
        }
        var exactIndex: Int?, keywordIndex: Int
        var pound: MF2.Variable?
        switch c.kind {
        case .select:
            declarations.append(declare(local, MF2.Expression(operand: argument, function: Self.function("string", []))))
            keywordIndex = selectors.count
            selectors.append(variable(local))
        case .plural, .selectordinal:
            var options = ICUMFStyles.decimalDefaults
            if c.kind == .selectordinal { options.insert(("select", "ordinal"), at: 0) }
            declarations.append(declare(local, MF2.Expression(operand: argument, function: Self.function("number", options))))
            var counted = variable(local)
            if c.offset != 0 {
                let offset = local + ".o"
                declarations.append(declare(offset, MF2.Expression(operand: .variable(counted),
                                                                   function: Self.function("offset", [("subtract", String(c.offset))]))))
                if variants.contains(where: { if case .exact = $0.key { true } else { false } }) {
                    let exact = local + ".x"
                    declarations.append(declare(exact, MF2.Expression(operand: argument,
                                                                      function: Self.function("number", [("select", "exact")]))))
                    exactIndex = selectors.count
                    selectors.append(variable(exact))
                }
                counted = variable(offset)
            }
            keywordIndex = selectors.count
            selectors.append(counted)
            pound = counted
        }
        if let pound { poundStack.append(pound) }
        defer { if pound != nil { poundStack.removeLast() } }
        var rows: [Row] = []
        for v in variants {
            var keys: [Int: MF2.Key] = [:]
            switch v.key {
            case .exact(let n): keys[exactIndex ?? keywordIndex] = .literal(MF2.Literal(n))
            case .keyword("other"): break
            case .keyword(let k): keys[keywordIndex] = .literal(Self.key(k))
            }
            for var r in try expand(v.nodes) {
                r.keys.merge(keys) { a, _ in a }
                rows.append(r)
                try bound(rows.count, Limits.mf2Variants, "variants")
            }
        }
        return rows
    }

    /// A select key or option value as MF2 writes it: unquoted when it can be (the data model
    /// records which).
    static func key(_ k: String) -> MF2.Literal {
        MF2.Literal(k, quoted: k.isEmpty || !k.unicodeScalars.allSatisfy { MF2Scanner.isNameChar($0.value) })
    }

    func declare(_ name: String, _ expression: MF2.Expression) -> MF2.Declaration {
        MF2.Declaration(kind: .local, variable: variable(name), expression: expression)
    }
}
