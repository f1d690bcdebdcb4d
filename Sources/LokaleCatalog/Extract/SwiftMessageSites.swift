/// Where Swift code hands Lokale a `Message` without naming the type at the call: its own functions
/// and initializers that take one (the seeds' reusable label, `SummaryLabel(key: "Collection: \(name)")`),
/// and constants declared as one (`let title: Message = "Title for \(name)"`).
///
/// Read from the tokens of every scanned Swift file before any call is matched, so that a call in
/// one file finds the declaration in another. Without the compiler, a declaration is known by
/// what it writes: `func name(label param: Message…)`, `init(key: Message…)` inside
/// `struct/class/enum/actor/extension Name`, the parameter type `Message`, `Message?`,
/// `Lokale.Message` or `Message.Value`. (A subscript's literal, or a function the scanned code
/// does not declare, is found by the compiler-backed mode.)
struct SwiftMessageSites {
    /// One rule per `Message` parameter of each declared function or initializer.
    private(set) var rules: [MessageRule] = []

    init(_ files: [[SourceToken]]) {
        var seen: Set<String> = []
        for t in files {
            for rule in Self.declaredRules(t) {
                // One function declared in several files (overloads, extensions) is one rule per slot.
                let id = "\(rule.name) \(rule.key.position ?? -1) \(rule.key.label ?? "_")"
                if seen.insert(id).inserted { rules.append(rule) }
            }
        }
    }

    /// The rules for the declarations in one file's tokens.
    static func declaredRules(_ t: [SourceToken]) -> [MessageRule] {
        var rules: [MessageRule] = []
        /// The types whose bodies enclose the current token, with the brace depth of each body.
        var types: [(name: String, depth: Int)] = []
        var depth = 0, pendingType: String? = nil
        for i in t.indices {
            let tok = t[i]
            if tok.isPunctuation("{") {
                depth += 1
                if let name = pendingType { types.append((name, depth)); pendingType = nil }
            } else if tok.isPunctuation("}") {
                if types.last?.depth == depth { types.removeLast() }
                depth -= 1
            } else if tok.kind == .identifier, ["struct", "class", "enum", "actor", "extension"].contains(tok.text),
                      i + 1 < t.count, t[i + 1].kind == .identifier, !(i > 0 && t[i - 1].isPunctuation(".")) {
                // `extension Outer.Inner`: the last name is the one called.
                var k = i + 1
                while k + 2 < t.count, t[k + 1].isPunctuation("."), t[k + 2].kind == .identifier { k += 2 }
                pendingType = t[k].text
            } else if tok.kind == .identifier, tok.text == "func" || tok.text == "init" {
                let name: String?
                var k = i + 1
                if tok.text == "func" {
                    guard k < t.count, t[k].kind == .identifier else { continue }
                    name = t[k].text
                    k += 1
                } else {
                    // An initializer is called by its type's name, directly inside the type's body.
                    name = types.last.flatMap { $0.depth == depth ? $0.name : nil }
                    if k < t.count, t[k].isPunctuation("?") || t[k].isPunctuation("!") { k += 1 }
                }
                guard let name else { continue }
                if k < t.count, t[k].isPunctuation("<") { k = skipGenerics(t, from: k) }
                guard let (parameters, _) = CallArguments.split(t, open: k), t[k].isPunctuation("(") else { continue }
                rules += Self.rules(name: name, parameters: parameters, isInit: tok.text == "init")
            }
        }
        return rules
    }

    /// The index after `<…>` (generic parameters) starting at `k`.
    static func skipGenerics(_ t: [SourceToken], from k: Int) -> Int {
        var angle = 0, j = k
        while j < t.count {
            if t[j].isPunctuation("<") { angle += 1 } else if t[j].isPunctuation(">") { angle -= 1; if angle == 0 { return j + 1 } }
            j += 1
        }
        return j
    }

    /// A rule for each parameter whose type is a `Message`: `_ m: Message` is positional (its
    /// place among the unlabeled parameters), `key: Message` and `for value: Message.Value` labeled.
    static func rules(name: String, parameters: [[SourceToken]], isInit: Bool) -> [MessageRule] {
        var rules: [MessageRule] = []
        var unlabeled = 0
        for p in parameters {
            guard let colon = p.firstIndex(where: { $0.isPunctuation(":") }), colon >= 1, colon <= 2,
                  p[..<colon].allSatisfy({ $0.kind == .identifier }) else { continue }
            let label = p[0].text == "_" ? nil : p[0].text
            defer { if label == nil { unlabeled += 1 } }
            guard isMessageType(p, at: colon + 1) else { continue }
            let slot = label.map { MessageRule.Slot(nil, $0) } ?? MessageRule.Slot(unlabeled)
            rules.append(MessageRule(name: name, receiver: isInit ? .free : .callable, key: slot,
                                     interpolates: true, byNameOnly: true, oneOfSeveral: true))
        }
        return rules
    }

    /// Whether the type written at `k` is Lokale's `Message` or `Message.Value` (optional or not),
    /// and nothing more (`[Message]`, `(Message) -> Void` are not).
    static func isMessageType(_ t: [SourceToken], at start: Int) -> Bool {
        var k = start
        while k < t.count, t[k].kind == .identifier, ["borrowing", "consuming", "sending"].contains(t[k].text) { k += 1 }
        if k + 1 < t.count, t[k].text == "Lokale", t[k + 1].isPunctuation(".") { k += 2 }
        guard k < t.count, t[k].kind == .identifier, t[k].text == "Message" else { return false }
        k += 1
        if k + 1 < t.count, t[k].isPunctuation("."), t[k + 1].text == "Value" { k += 2 }
        if k < t.count, t[k].isPunctuation("?") { k += 1 }
        return k == t.count || t[k].isPunctuation("=")
    }

    /// The literals a declaration makes `Message`s: `let title: Message = "…"`,
    /// `var caption: Message.Value = "…"` (a stored property's default included).
    static func declaredLiterals(_ t: [SourceToken]) -> Set<SourcePosition> {
        var found: Set<SourcePosition> = []
        for i in t.indices where t[i].kind == .identifier && (t[i].text == "let" || t[i].text == "var") {
            // Each binding of the statement: `let a: Message = "…", b: Message = "…"`.
            for n in [i + 1] + SwiftDeclarations.moreBindings(t, after: i + 1) {
                guard n + 2 < t.count, t[n].kind == .identifier, t[n + 1].isPunctuation(":"),
                      let eq = t[(n + 2)...].prefix(6).firstIndex(where: { $0.isPunctuation("=") }),
                      isMessageType(Array(t[(n + 2)..<eq]), at: 0), eq + 1 < t.count, t[eq + 1].kind == .string else { continue }
                // Only a literal that is the whole value (not `"a" + b`, not a call on it).
                let after = eq + 2
                if after < t.count, t[after].line == t[eq + 1].line, ![";", "}", ","].contains(where: { t[after].isPunctuation($0) }) { continue }
                found.insert(SourcePosition(t[eq + 1]))
            }
        }
        return found
    }
}
