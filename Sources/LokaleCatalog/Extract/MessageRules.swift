/// Which calls carry a message, per language, and where their key, default value, table and
/// comment are. Positions are 0-based; a labeled argument may stand in for a positional one.
struct MessageRule {
    enum Receiver {
        /// A free function or initializer: not preceded by `.`.
        case free
        /// The same, or qualified by this module's name (`Lokale.Message`, `SwiftUI.Text`).
        case module(String)
        /// A method: preceded by `.` on a value (not on a string literal: `"{}".format(x)`).
        case method
        /// A C++ name qualified by this namespace (`lokale::message`).
        case namespace(String)
        /// A free function or a method (a Swift function the scanned code declares: it may be
        /// called unqualified inside its type and on a value elsewhere).
        case callable

        var isNamespace: Bool { if case .namespace = self { true } else { false } }
    }
    struct Slot {
        var position: Int?
        var label: String?
        init(_ position: Int?, _ label: String? = nil) { self.position = position; self.label = label }
    }

    var name: String
    var receiver: Receiver
    var key: Slot
    var defaultValue: Slot? = nil
    var table: Slot? = nil
    var comment: Slot? = nil
    /// gettext's message context (`pgettext`): the key is `context` U+0004 `msgid`, as a `.po`
    /// entry with a `msgctxt` compiles (docs/GETTEXT.md).
    var context: Slot? = nil
    /// gettext's `msgid_plural` (`ngettext`): the source text for counts other than one.
    var plural: Slot? = nil
    /// Words in the code are the key and its own text (`_("Open")`, `Text("Open")`).
    var keyIsText = false
    /// The key and default value are `String.LocalizationValue`, `LocalizedStringKey` or a Lokale
    /// `Message`: an interpolated literal is a format whose `\(x)`s become their types' specifiers
    /// (Swift). Elsewhere an interpolated literal is finished text before the lookup: not extracted.
    var interpolates = false
    /// Recognized by name alone (`x.string("…")`, a function the scanned code declares with a
    /// `Message` parameter): when the compiler typed the file, its key is only a message if the
    /// compiler says the literal is a `Message`.
    var byNameOnly = false
    /// Another rule of the same name may find another message in the same call (a function with
    /// two `Message` parameters is one rule for each).
    var oneOfSeveral = false
}

extension MessageRule {
    static let c: [MessageRule] = [
        // lokale.h: LOKALE_LOC(bundle, key, default, comment), LOKALE_LOC_TABLE(bundle, table, key, default, comment).
        MessageRule(name: "LOKALE_LOC", receiver: .free, key: Slot(1), defaultValue: Slot(2), comment: Slot(3)),
        MessageRule(name: "LOKALE_LOC_TABLE", receiver: .free, key: Slot(2), defaultValue: Slot(3), table: Slot(1), comment: Slot(4)),
        // The message every lookup function takes: lokale_message_make(key, table, default).
        MessageRule(name: "lokale_message_make", receiver: .free, key: Slot(0), defaultValue: Slot(2), table: Slot(1)),
        // lokale_bundle_text(bundle, key, languages): dgettext's shape, for `_()` macros.
        MessageRule(name: "lokale_bundle_text", receiver: .free, key: Slot(1)),
        // C++ (bindings/cpp/lokale.hpp): lokale::message{key, default, table, comment}, and a key
        // alone given to a bundle's lookups (it converts to a message).
        MessageRule(name: "message", receiver: .namespace("lokale"), key: Slot(0), defaultValue: Slot(1), table: Slot(2), comment: Slot(3)),
    ] + ["string", "lookup", "lookup_borrowed", "format", "try_string", "try_lookup"].map {
        MessageRule(name: $0, receiver: .method, key: Slot(0))
    }

    static let python: [MessageRule] = [
        MessageRule(name: "string", receiver: .method, key: Slot(0, "key"), defaultValue: Slot(1, "default"),
                    table: Slot(2, "table"), comment: Slot(3, "comment")),
        // format(key, *args, default=, table=, comment=): only labels after the key.
        MessageRule(name: "format", receiver: .method, key: Slot(0, "key"), defaultValue: Slot(nil, "default"),
                    table: Slot(nil, "table"), comment: Slot(nil, "comment")),
        // lokale.Message(key, default, table, bundle, comment).
        MessageRule(name: "Message", receiver: .free, key: Slot(0, "key"), defaultValue: Slot(1, "default"),
                    table: Slot(2, "table"), comment: Slot(4, "comment")),
        MessageRule(name: "Message", receiver: .method, key: Slot(0, "key"), defaultValue: Slot(1, "default"),
                    table: Slot(2, "table"), comment: Slot(4, "comment")),
    ] + gettextPython

    /// The gettext family, at the argument positions of Python's `gettext` module and of Babel's
    /// default keywords (`babel.messages.extract.DEFAULT_KEYWORDS`), plus Flask-Babel's lazy
    /// variants: what `pybabel extract -k lazy_gettext …` finds (bindings/python/tests/
    /// test_babel_workflow.py compares the two). A call on a value counts too (`self._("…")`,
    /// `translations.ngettext(…)`, a Lokale `Bundle`'s own gettext methods), as Babel reads it.
    /// The domain of `dgettext` is the table, as a `.po` file's domain is.
    static let gettextPython: [MessageRule] = {
        var rules: [MessageRule] = []
        func add(_ names: [String], key: Int, plural: Int? = nil, context: Int? = nil, table: Int? = nil) {
            for name in names {
                rules.append(MessageRule(name: name, receiver: .callable, key: Slot(key), table: table.map { Slot($0) },
                                         context: context.map { Slot($0) }, plural: plural.map { Slot($0) }, keyIsText: true))
            }
        }
        add(["_", "gettext", "ugettext", "N_", "lazy_gettext", "gettext_lazy", "gettext_noop"], key: 0)
        add(["ngettext", "ungettext", "lazy_ngettext", "ngettext_lazy"], key: 0, plural: 1)
        add(["pgettext", "lazy_pgettext", "pgettext_lazy"], key: 1, context: 0)
        add(["npgettext", "lazy_npgettext", "npgettext_lazy"], key: 1, plural: 2, context: 0)
        add(["dgettext", "ldgettext"], key: 1, table: 0)
        add(["dngettext", "ldngettext"], key: 1, plural: 2, table: 0)
        add(["dpgettext"], key: 2, context: 1, table: 0)
        add(["dnpgettext"], key: 2, plural: 3, context: 1, table: 0)
        return rules
    }()

    static let swift: [MessageRule] = [
        MessageRule(name: "String", receiver: .module("Swift"), key: Slot(nil, "localized"), defaultValue: Slot(nil, "defaultValue"),
                    table: Slot(nil, "table"), comment: Slot(nil, "comment"), interpolates: true),
        MessageRule(name: "LocalizedStringResource", receiver: .module("Foundation"), key: Slot(0), defaultValue: Slot(nil, "defaultValue"),
                    table: Slot(nil, "table"), comment: Slot(nil, "comment"), interpolates: true),
        MessageRule(name: "Text", receiver: .module("SwiftUI"), key: Slot(0), table: Slot(nil, "tableName"), comment: Slot(nil, "comment"),
                    keyIsText: true, interpolates: true),
        // The key and value are Strings: an interpolation is done before the lookup.
        MessageRule(name: "NSLocalizedString", receiver: .module("Foundation"), key: Slot(0), defaultValue: Slot(nil, "value"),
                    table: Slot(nil, "tableName"), comment: Slot(nil, "comment")),
        // Lokale's own: Message("key", defaultValue: "…", table: "T", comment: "…"), Message("Hi \(name)");
        // Message(verbatim:) has no key, and Message(variable) no literal.
        MessageRule(name: "Message", receiver: .module("Lokale"), key: Slot(0), defaultValue: Slot(nil, "defaultValue"),
                    table: Slot(nil, "table"), comment: Slot(nil, "comment"), interpolates: true),
    ] + ["string", "parts", "explain"].map {
        // LokaleBundle's lookups take a `Message` first: `bundle.string("Collection: \(name)")`,
        // `string(_:_:)`, `string(_:languages:)`, `parts(_:_:)`, `explain(_:)`, `explain(_:_:)`.
        MessageRule(name: $0, receiver: .method, key: Slot(0), interpolates: true, byNameOnly: true)
    }
}

/// Applies rules to a file's tokens.
struct MessageMatcher {
    /// The specifier of a Swift interpolation (and a warning when the source does not state it).
    typealias Resolver = (Interpolation) -> (specifier: String, warning: String?)
    let rules: [String: [MessageRule]]
    let labelSeparator: String?
    let file: String
    let resolve: Resolver?
    /// The Swift literals known to be `Message`s without a rule: by the compiler's types, or by a
    /// declaration (`let title: Message = "…"`).
    let typed: TypedLiterals

    init(_ rules: [MessageRule], labelSeparator: String?, file: String, resolve: Resolver? = nil, typed: TypedLiterals = TypedLiterals()) {
        self.rules = Dictionary(grouping: rules, by: \.name)
        self.labelSeparator = labelSeparator
        self.file = file
        self.resolve = resolve
        self.typed = typed
    }

    /// The messages in `tokens`, and in the code inside their literals' interpolations
    /// (`"\(bundle.string("Preview"))"`), in file order.
    func matches(_ tokens: [SourceToken]) -> (messages: [ExtractedMessage], warnings: [ExtractionWarning]) {
        var (messages, warnings) = matchesHere(tokens)
        for t in tokens where t.kind == .string {
            for case .interpolation(let x) in t.pieces {
                let inner = matches(x.tokens)
                messages = Self.merged(messages, inner.messages)
                warnings += inner.warnings
            }
        }
        return (messages, warnings)
    }

    /// Two lists in file order as one, stable (a message on the same line as another keeps its place after it).
    static func merged(_ a: [ExtractedMessage], _ b: [ExtractedMessage]) -> [ExtractedMessage] {
        guard !b.isEmpty else { return a }
        var out: [ExtractedMessage] = [], rest = b[...]
        for m in a {
            while let next = rest.first, next.line < m.line { out.append(next); rest.removeFirst() }
            out.append(m)
        }
        return out + rest
    }

    func matchesHere(_ tokens: [SourceToken]) -> (messages: [ExtractedMessage], warnings: [ExtractionWarning]) {
        var messages: [ExtractedMessage] = [], warnings: [ExtractionWarning] = []
        /// The literals a rule read as a key or default value: not extracted again as typed literals.
        var read: Set<SourcePosition> = []
        for (i, t) in tokens.enumerated() where t.kind == .identifier {
            guard let candidates = rules[t.text], i + 1 < tokens.count,
                  tokens[i + 1].isPunctuation("(") || tokens[i + 1].isPunctuation("{") else { continue }
            for rule in candidates where accepts(rule.receiver, tokens, at: i) {
                // Only a C++ message is built with braces.
                if tokens[i + 1].isPunctuation("{") && !rule.receiver.isNamespace { continue }
                guard var args = CallArguments(tokens, open: i + 1, labelSeparator: labelSeparator) else { continue }
                if rule.receiver.isNamespace { chained(tokens, after: args.end, into: &args) }
                func value(_ slot: MessageRule.Slot?) -> ArgumentValue? {
                    guard let slot else { return nil }
                    if let l = slot.label, let v = args.labeled[l] { return v }
                    if let p = slot.position, p < args.positional.count { return args.positional[p] }
                    return nil
                }
                guard let keyValue = value(rule.key) else { continue }
                /// The position of a slot's argument when it is one literal.
                func literal(_ slot: MessageRule.Slot?) -> SourcePosition? {
                    guard let slot else { return nil }
                    let arg = slot.label.flatMap { args.labeledTokens[$0] }
                        ?? slot.position.flatMap { $0 < args.positionalTokens.count ? args.positionalTokens[$0] : nil }
                    guard let arg, arg.count == 1, arg[0].kind == .string else { return nil }
                    return SourcePosition(arg[0])
                }
                // The compiler knows which `string(…)` is Lokale's and which argument is a `Message`.
                if rule.byNameOnly, typed.compiled, !(literal(rule.key).map(typed.messages.contains) ?? false) { continue }
                // The rule's literals are its own even when it makes no message of them
                // (`Message(dynamicKey, defaultValue: "…")`: a default value is no key).
                for p in [literal(rule.key), literal(rule.defaultValue)].compactMap({ $0 }) { read.insert(p) }
                var skipped = false
                var doubts: [ExtractionWarning] = []
                /// The text of a literal argument (a format for an interpolated one the rule reads).
                func text(_ v: ArgumentValue?, _ what: String, formats: Bool) -> String? {
                    switch v {
                    case .literal(let s, false, _)?: return s
                    case .interpolation(let pieces, _)? where formats && resolve != nil:
                        return format(pieces, warnings: &doubts)
                    case .literal(_, true, let line)?, .interpolation(_, let line)?:
                        warnings.append(ExtractionWarning(file: file, line: line,
                                                          message: "\(t.text)(…): the \(what) is an interpolated string literal; not extracted"))
                        skipped = true
                        return nil
                    default: return nil
                    }
                }
                let key = text(keyValue, "key", formats: rule.interpolates)
                let defaultValue = text(value(rule.defaultValue), "default value", formats: rule.interpolates)
                let table = text(value(rule.table), "table", formats: false)
                let comment = text(value(rule.comment), "comment", formats: false)
                let context = text(value(rule.context), "context", formats: false)
                let plural = text(value(rule.plural), "plural", formats: false)
                // A gettext call whose context or plural is not a literal has no message to write
                // (Babel skips it too): the key would be another one, or the plural text unknown.
                let gettextComplete = (rule.context == nil || context != nil) && (rule.plural == nil || plural != nil)
                // An empty key is no message (it names nothing a translator could translate).
                guard !skipped, gettextComplete, let key, !key.isEmpty else { if rule.oneOfSeveral { continue } else { break } }
                warnings += doubts
                messages.append(ExtractedMessage(key: key, table: table.flatMap { $0.isEmpty ? nil : $0 },
                                                 defaultValue: rule.keyIsText ? nil : defaultValue.flatMap { $0.isEmpty ? nil : $0 },
                                                 comment: comment.flatMap { $0.isEmpty ? nil : $0 }, context: context, plural: plural,
                                                 file: file, line: t.line))
                if !rule.oneOfSeveral { break }
            }
        }
        // A literal the compiler (or a `: Message` declaration) types as a `Message` that no rule
        // read: a `Message` whose key is its text, as `Message(_ keyAndValue:)` makes it.
        var more: [ExtractedMessage] = []
        for t in tokens where t.kind == .string && !t.notText && typed.messages.contains(SourcePosition(t)) && !read.contains(SourcePosition(t)) {
            var doubts: [ExtractionWarning] = []
            let key = t.pieces.isEmpty || resolve == nil ? t.text : format(t.pieces, warnings: &doubts)
            guard !key.isEmpty else { continue }
            warnings += doubts
            more.append(ExtractedMessage(key: key, file: file, line: t.line))
        }
        return (Self.merged(messages, more), warnings)
    }

    /// An interpolated Swift literal as Apple's `String.LocalizationValue` makes its key: each
    /// `\(x)` its type's specifier, and a literal `%` written `%%`.
    /// The compiler's type of an interpolation, when it typed the file, is the exact answer.
    func format(_ pieces: [LiteralPiece], warnings: inout [ExtractionWarning]) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let s):
                for ch in s { out += ch == "%" ? "%%" : String(ch) }
            case .interpolation(let x):
                let (specifier, doubt) = typed.interpolations[SourcePosition(line: x.line, column: x.column)]
                    .flatMap { type in x.isSingleValue ? (SwiftDeclarations.specifier(of: type), nil) : nil }
                    ?? resolve!(x)
                out += specifier
                if let doubt { warnings.append(ExtractionWarning(file: file, line: x.line, column: x.column, message: doubt)) }
            }
        }
        return out
    }

    func accepts(_ receiver: MessageRule.Receiver, _ tokens: [SourceToken], at i: Int) -> Bool { receiver.accepts(tokens, at: i) }

    /// C++ builders after a message: `.with_default("…")`, `.in_table("…")`, `.with_comment("…")`.
    func chained(_ tokens: [SourceToken], after end: Int, into args: inout CallArguments) {
        var i = end + 1
        let slots = ["with_default": 1, "in_table": 2, "with_comment": 3]
        while i + 2 < tokens.count, tokens[i].isPunctuation("."), let slot = slots[tokens[i + 1].text],
              let call = CallArguments(tokens, open: i + 2, labelSeparator: nil) {
            while args.positional.count <= slot { args.positional.append(.null) }
            args.positional[slot] = call.positional.first ?? .null
            i = call.end + 1
        }
    }
}

extension MessageRule.Receiver {
    /// Whether the identifier at `tokens[i]` is called this way.
    func accepts(_ tokens: [SourceToken], at i: Int) -> Bool {
        let before = i > 0 ? tokens[i - 1] : nil
        switch self {
        case .free:
            return !(before?.isPunctuation(".") ?? false) && before?.text != "def" && before?.text != "func"
        case .module(let name):
            if Self.free.accepts(tokens, at: i) { return true }
            return i >= 2 && before!.isPunctuation(".") && tokens[i - 2].text == name && tokens[i - 2].kind == .identifier
                && !(i >= 3 && tokens[i - 3].isPunctuation("."))
        case .method:
            guard let before, before.isPunctuation("."), i >= 2 else { return false }
            let owner = tokens[i - 2]
            return owner.kind == .identifier || owner.isPunctuation(")") || owner.isPunctuation("]")
        case .namespace(let ns):
            return i >= 3 && tokens[i - 1].isPunctuation(":") && tokens[i - 2].isPunctuation(":") && tokens[i - 3].text == ns
        case .callable:
            return Self.free.accepts(tokens, at: i) || Self.method.accepts(tokens, at: i)
        }
    }
}
