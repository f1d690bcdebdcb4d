/// Whether a translation's format specifiers can safely receive the arguments meant for its source.
public enum FormatCompatibility {
    public enum Strictness: Sendable {
        /// gettext's `msgfmt --check-format` for C: the same arguments, each of the same C type
        /// (signedness and size included).
        case c
        /// What Lokale's formatter needs: the translation uses no argument the source does not
        /// have, each as the same kind of value (integer, floating point, text). It may leave
        /// arguments out (a plural's "one" variant often does), and sizes do not matter because
        /// arguments are typed.
        case lokale
    }

    /// The problems that make `translation` unusable with the source's arguments; empty when it is
    /// compatible.
    public static func problems(source: ParsedFormat, translation: ParsedFormat, strictness: Strictness = .lokale) -> [String] {
        var result = translation.problems
        if strictness == .c {
            result += source.problems.map { "source: \($0)" }
            if translation.mixesNumbering { result.append("numbered (%1$@) and unnumbered (%@) specifiers are mixed") }
        }
        let sourceTypes = types(source, strictness), translationTypes = types(translation, strictness)
        for (position, type) in translationTypes.sorted(by: { $0.key < $1.key }) {
            guard let expected = sourceTypes[position] else {
                result.append("uses argument \(position), which the source does not have")
                continue
            }
            if expected != type { result.append("argument \(position) is \(expected) in the source but \(type) here") }
        }
        if strictness == .c {
            for position in sourceTypes.keys.sorted() where translationTypes[position] == nil {
                result.append("does not use argument \(position)")
            }
        }
        return result
    }

    /// The arguments a call site passes, as far as the catalog states them: the development text's
    /// specifiers, and for every position it leaves out, the key's. Apple's contract is that the key
    /// of a format message is the format written in the code (`String(localized: "\(n) starred")` has
    /// the key `%lld starred`), so the key states the arguments even when the development text
    /// drops one ("Starred"); a translation may then use it (`%#@count@`). Where both use a
    /// position, the development text decides: it is what has always been checked against, and a
    /// key that merely contains `%` is no evidence of a different type. A key with a malformed
    /// specifier, or none, adds nothing (it is no format string). Sequential specifiers after
    /// positional ones are numbered as `FormatParser` numbers them: from 1, apart from the
    /// positional ones, as CFString's format core does (`argNum++` only for unnumbered specs).
    public static func callSite(source: ParsedFormat, key: ParsedFormat) -> ParsedFormat {
        guard key.problems.isEmpty, key.hasSpecifiers else { return source }
        var merged = source
        for seg in key.segments where seg.kind != .literal && source.signature[seg.argument] == nil {
            // Only the type of the position is taken (offsets refer to the key's bytes, unused here).
            var copy = seg
            copy.width = .none
            copy.precision = .none
            merged.segments.append(copy)
        }
        for (position, type) in key.signature where merged.signature[position] == nil { merged.signature[position] = type }
        return merged
    }

    /// Argument position → type name, at the given strictness. Conflicting uses inside one text are
    /// already reported by the parser; the one use that may follow text is Java's (`%1$s` then
    /// `%1$d`: `%s` prints any argument), and then the number decides.
    static func types(_ p: ParsedFormat, _ strictness: Strictness) -> [Int: String] {
        var out: [Int: String] = [:]
        var text = Set<Int>()
        for seg in p.segments {
            if case .argument(let n) = seg.width { out[n] = strictness == .c ? "int" : "integer" }
            if case .argument(let n) = seg.precision { out[n] = strictness == .c ? "int" : "integer" }
            guard seg.kind != .literal, seg.argument > 0 else { continue }
            let isText = seg.kind == .specifier && (seg.argumentType == .object || seg.argumentType == .cString)
            guard out[seg.argument] == nil || (text.contains(seg.argument) && !isText) else { continue }
            if isText { text.insert(seg.argument) } else { text.remove(seg.argument) }
            out[seg.argument] = strictness == .c ? cType(seg) : family(seg)
        }
        return out
    }

    static func family(_ seg: FormatSegment) -> String {
        switch seg.argumentType {
        case .integer, .unsigned, .character: "integer"
        case .floating: "floating point"
        case .object, .cString: "text"
        case .none: "none"
        }
    }

    /// The C type a conversion reads: base type and size (hh, h, int, l, ll = L = q, j, z, t).
    static func cType(_ seg: FormatSegment) -> String {
        if seg.kind == .substitution { return "substitution" }
        let size: String
        switch seg.lengthModifier {
        case .hh: size = "char-sized "
        case .h: size = "short "
        case .none: size = ""
        case .l: size = "long "
        case .ll, .q, .L: size = "long long "
        case .j: size = "intmax "
        case .z: size = "size "
        case .t: size = "ptrdiff "
        }
        switch seg.argumentType {
        case .integer: return size + "int"
        case .unsigned: return size + "unsigned int"
        case .floating: return seg.lengthModifier == .L ? "long double" : "double"
        case .character: return "char"
        case .cString: return "string"
        case .object: return "object"
        case .none: return "none"
        }
    }
}
