import LokaleCore

/// Variant paths as Xcode names them in XLIFF ids and as `CatalogMessage.variantStates` keys
/// them: `plural.one`, `device.iphone.plural.few`, `substitutions.NAME.plural.other` ("" is the
/// message's own text).
extension Variation {
    /// Every text leaf with its path, in Xcode's order (the catalog's key order).
    func leaves(prefix: String = "") -> [(path: String, text: String)] {
        switch self {
        case .text(let s), .messageFormat(let s, _): return [(prefix.isEmpty ? "" : String(prefix.dropLast()), s)]
        case .plural(_, let ordinal, let cases):
            let kind = ordinal ? "ordinal" : "plural"
            return cases.keys.map(\.rawValue).sorted().flatMap { c in
                cases[PluralCategory(rawValue: c)!]!.leaves(prefix: prefix + kind + "." + c + ".")
            }
        case .device(let cases):
            return cases.keys.map(\.rawValue).sorted().flatMap { c in
                cases[DeviceClass(rawValue: c)!]!.leaves(prefix: prefix + "device." + c + ".")
            }
        case .forms: return categoryView.leaves(prefix: prefix)
        }
    }

    /// The text at `path`, or the nearest one: a missing case falls back to `other`, as the
    /// runtime does (Xcode exports the source's `other` for a category only the target has).
    func text(at path: [Substring]) -> String {
        guard path.count >= 2 else { return representativeText }
        let rest = Array(path.dropFirst(2))
        switch self {
        case .text(let s), .messageFormat(let s, _): return s
        case .plural(_, _, let cases):
            let c = PluralCategory(rawValue: String(path[1])).flatMap { cases[$0] } ?? cases[.other]
            return c?.text(at: rest) ?? representativeText
        case .device(let cases):
            let c = DeviceClass(rawValue: String(path[1])).flatMap { cases[$0] } ?? cases[.other]
            return c?.text(at: rest) ?? representativeText
        case .forms: return categoryView.text(at: path)
        }
    }

    /// This variation with `text` at `path`, creating the variation levels the path names.
    /// Nil when the path is not a valid one (an unknown kind or case).
    func setting(_ text: String, at path: [Substring]) -> Variation? {
        guard !path.isEmpty else { return .text(text) }
        guard path.count >= 2 else { return nil }
        let kind = path[0], name = String(path[1]), rest = Array(path.dropFirst(2))
        switch kind {
        case "plural", "ordinal":
            guard let c = PluralCategory(rawValue: name) else { return nil }
            var cases: [PluralCategory: Variation] = [:]
            var argument = 0
            if case .plural(let a, let o, let existing) = self, o == (kind == "ordinal") { cases = existing; argument = a }
            guard let inner = (cases[c] ?? .text(text)).setting(text, at: rest) else { return nil }
            cases[c] = inner
            return .plural(argument: argument, ordinal: kind == "ordinal", cases: cases)
        case "device":
            guard let c = DeviceClass(rawValue: name) else { return nil }
            var cases: [DeviceClass: Variation] = [:]
            if case .device(let existing) = self { cases = existing }
            guard let inner = (cases[c] ?? .text(text)).setting(text, at: rest) else { return nil }
            cases[c] = inner
            return .device(cases)
        default: return nil
        }
    }
}

extension CatalogMessage {
    /// Every unit of this message: its body's leaves, then each substitution's.
    var leafPaths: [(path: String, text: String)] {
        variation.leaves() + substitutions.sorted { $0.name < $1.name }.flatMap { s in
            s.variation.leaves(prefix: "substitutions.\(s.name).")
        }
    }

    /// The state of the leaf at `path`.
    func state(at path: String) -> String? { variantStates[path] ?? state }

    /// Sets every leaf's state from `states` (by path) the way the String Catalog reader would
    /// see it after a write: the message's state is its own text's, or its first variant's.
    mutating func setLeafStates(_ states: [String: String?]) {
        let own: String??
        if case .text = variation { own = states[""] } else {
            // The reader takes the first variant that has a state.
            own = variation.leaves().lazy.compactMap { states[$0.path] ?? nil }.first
        }
        state = own ?? nil
        var rest: [String: String] = [:]
        for (path, s) in states where !path.isEmpty {
            if let s, s != state { rest[path] = s }
        }
        variantStates = rest
    }
}
