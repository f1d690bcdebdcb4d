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

    /// Argument position → type name, at the given strictness. Conflicting uses inside one text are
    /// already reported by the parser.
    static func types(_ p: ParsedFormat, _ strictness: Strictness) -> [Int: String] {
        var out: [Int: String] = [:]
        for seg in p.segments {
            if case .argument(let n) = seg.width { out[n] = strictness == .c ? "int" : "integer" }
            if case .argument(let n) = seg.precision { out[n] = strictness == .c ? "int" : "integer" }
            guard seg.kind != .literal, seg.argument > 0, out[seg.argument] == nil else { continue }
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
