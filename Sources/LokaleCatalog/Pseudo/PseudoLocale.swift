import LokaleCore

/// Pseudo-languages for testing an app's localizability without translators, named as Android and
/// Chrome name theirs: each turns the development text into something still readable that shows
/// a layout problem at a glance. Format specifiers, `%%`, substitutions and control characters
/// are never touched, so a pseudo text formats with exactly the source's arguments.
public enum PseudoLocale: String, CaseIterable, Sendable {
    /// `en-XA`: letters become accented look-alikes inside `[…]`, so text that is not localized
    /// (plain ASCII), cut off (no `]`) or glued together (`][`) stands out.
    case accented
    /// `ar-XB`: every word is forced right-to-left (RLM RLO word PDF RLM, as Android's ar-XB), so a
    /// layout that does not mirror, or text that bypasses localization, shows.
    case bidi
    /// `en-XL`: the text grows by about 40% with padding words (Android's "one two three"), as
    /// German or Finnish would, so truncation and fixed widths show.
    case long

    /// The localization name the pseudo-language gets in a compiled bundle (private-use regions).
    public var tag: String {
        switch self {
        case .accented: "en-XA"
        case .bidi: "ar-XB"
        case .long: "en-XL"
        }
    }

    /// `accented,bidi,long`, or tags (`en-XA`); nil names the unknown word.
    public static func list(_ text: String) -> (kinds: [PseudoLocale], unknown: String?) {
        var kinds: [PseudoLocale] = []
        for word in text.split(separator: ",") {
            let w = word.trimmingCharacters(in: " ")
            guard let k = PseudoLocale(rawValue: w.lowercased()) ?? allCases.first(where: { $0.tag.lowercased() == w.lowercased() }) else {
                return (kinds, w)
            }
            if !kinds.contains(k) { kinds.append(k) }
        }
        return (kinds, nil)
    }

    /// `text` in this pseudo-language. `outermost` is false for the variants of a substitution,
    /// which are shown inside another text (brackets and padding go with the whole message only).
    /// A text with malformed specifiers is returned unchanged: its bytes after a stray `%` must
    /// not change meaning.
    /// `syntax`: the key's specifiers (Java's `%n` and `%,d` stay as they are in a `.java` key).
    public func transform(_ text: String, outermost: Bool = true, syntax: FormatSyntax = .apple) -> String {
        let parsed = FormatParser.parse(text, syntax: syntax)
        guard parsed.problems.isEmpty, !text.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var copied = 0
        var visible = 0
        for seg in parsed.segments where seg.kind == .literal {
            var start = seg.start
            // A literal that begins with '%' is the second half of "%%": keep the pair together.
            if bytes[start] == UInt8(ascii: "%") { start += 1 }
            out += bytes[copied..<start]
            let literal = String(decoding: bytes[start..<(seg.start + seg.length)], as: UTF8.self)
            visible += literal.unicodeScalars.count { !$0.properties.isWhitespace }
            out += Array(transformLiteral(literal).utf8)
            copied = seg.start + seg.length
        }
        out += bytes[copied...]
        var result = String(decoding: out, as: UTF8.self)
        switch self {
        case .accented: if outermost { result = "[" + result + "]" }
        case .long: if outermost { result += Self.padding(forVisibleCharacters: visible) }
        case .bidi: break
        }
        return result
    }

    /// One run of text: letters accented, or words wrapped right-to-left; `long` pads whole messages only.
    func transformLiteral(_ s: String) -> String {
        switch self {
        case .accented:
            var out = String.UnicodeScalarView()
            for u in s.unicodeScalars { out.append(Self.accents[u] ?? u) }
            return String(out)
        case .bidi:
            // Wrap each run of non-space characters; spaces and line breaks stay between them.
            var out = "", word = ""
            func flush() {
                if !word.isEmpty { out += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"; word = "" }
            }
            for c in s {
                if c.isWhitespace { flush(); out.append(c) } else { word.append(c) }
            }
            flush()
            return out
        case .long:
            return s
        }
    }

    static let paddingWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Words that add at least 40% of `count` characters (at least one word when there is text).
    static func padding(forVisibleCharacters count: Int) -> String {
        guard count > 0 else { return "" }
        let target = (count * 4 + 9) / 10
        var pad = ""
        var i = 0
        while pad.count < target {
            pad += " " + paddingWords[i % paddingWords.count]
            i += 1
        }
        return pad
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()
}

extension Substring {
    func trimmingCharacters(in c: Character) -> String {
        var s = self
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return String(s)
    }
}
