/// The text of a `<string>` (or of an `<item>` of `<plurals>` or `<string-array>`) as aapt2 makes
/// it (ResourceParser's FlattenXmlSubtree and ResourceUtils' StringBuilder), which is what
/// `Resources.getString()` returns:
///
/// - XML elements without a namespace (`<b>`, `<a href>`, `<annotation>`, any) are spans: their
///   text is kept, the tags become markup. `<xliff:g>` is removed, its text kept (nested ones are
///   an error); elements of another namespace are removed, their text kept.
/// - Without spans, the leading whitespace of the first run of text and the trailing whitespace of
///   the last are removed (in the file, before escapes: `\n` at the end stays).
/// - Outside double quotes, each run of ASCII whitespace becomes one space; a `"` opens or closes
///   a quoted part (the quote itself is dropped), inside which whitespace and `'` are kept; an
///   apostrophe outside quotes is an error. A span's start and end close quotes and runs of space.
/// - Escapes, in and outside quotes: `\n` `\t`, `\'` `\"` `\\` `\@` `\?` `\#` (the character),
///   `\uXXXX` (up to four hex digits; another character among them is an error), any other `\c` is
///   `c`; a `\` that ends a run of text (before a tag, a comment, CDATA or an entity or character
///   reference, however libxml2 cut the text in between) is dropped.
struct AndroidStringBuilder {
    enum Piece: Equatable {
        case text(String)
        case open(name: String, attributes: [(String, String)])
        case close(name: String)

        static func == (a: Piece, b: Piece) -> Bool {
            switch (a, b) {
            case (.text(let x), .text(let y)): x == y
            case (.open(let n, let x), .open(let m, let y)): n == m && x.elementsEqual(y) { $0 == $1 }
            case (.close(let n), .close(let m)): n == m
            default: false
            }
        }
    }

    /// What a value reads as: its text, its pieces (text and span tags, in order), its raw text
    /// (the file's characters without tags, for references), and the elements aapt2 ignores.
    struct Result {
        var text = ""
        var pieces: [Piece] = []
        var raw = ""
        var hasSpans = false
        /// Elements of an unknown namespace, whose tags were dropped (aapt2 warns).
        var ignored: [(name: String, position: AndroidXMLDocument.Position)] = []
    }

    /// A problem with its place in the file.
    struct Failure: Error {
        var message: String
        var position: AndroidXMLDocument.Position
    }

    private indirect enum Node {
        case segment([AndroidXMLDocument.Text])
        case span(name: String, attributes: [(String, String)], children: [Node])
        case transparent([Node])
    }

    static func build(_ element: AndroidXMLDocument.Element) throws(Failure) -> Result {
        var result = Result()
        var sawSpan = false
        var insideG = false
        func tree(_ e: AndroidXMLDocument.Element) throws(Failure) -> [Node] {
            var nodes: [Node] = []
            var current: [AndroidXMLDocument.Text] = []
            func flush() {
                if !current.isEmpty { nodes.append(.segment(current)); current = [] }
            }
            for child in e.children {
                switch child {
                case .text(let t):
                    current.append(t)
                    result.raw += t.text
                case .comment: break
                case .element(let c):
                    flush()
                    if c.namespace.isEmpty {
                        sawSpan = true
                        let attributes = c.attributes.map { a in ((a.prefix.map { $0 + ":" } ?? "") + a.name, a.value) }
                        nodes.append(.span(name: c.name, attributes: attributes, children: try tree(c)))
                    } else if c.namespace == AndroidXMLDocument.xliffNamespace {
                        let isG = c.name == "g"
                        if isG, insideG { throw Failure(message: "<xliff:g> inside another <xliff:g> (aapt2 refuses it)", position: c.position) }
                        if isG { insideG = true }
                        nodes.append(.transparent(try tree(c)))
                        if isG { insideG = false }
                    } else {
                        result.ignored.append(((c.prefix.map { $0 + ":" } ?? "") + c.name, c.position))
                        nodes.append(.transparent(try tree(c)))
                    }
                }
            }
            flush()
            return nodes
        }
        var nodes = try tree(element)
        result.hasSpans = sawSpan
        if !sawSpan { trim(&nodes) }
        var state = State()
        try state.build(nodes)
        result.text = state.text
        result.pieces = state.pieces
        return result
    }

    /// aapt2 trims only when there are no spans: the first segment's leading whitespace, the last's trailing.
    private static func trim(_ nodes: inout [Node]) {
        func first(_ nodes: inout [Node]) -> Bool {
            for i in nodes.indices {
                switch nodes[i] {
                case .segment(var runs):
                    while let r = runs.first {
                        let kept = r.text.drop { isSpace($0) }
                        if kept.isEmpty { runs.removeFirst(); continue }
                        let dropped = r.text[..<kept.startIndex]
                        runs[0] = AndroidXMLDocument.Text(text: String(kept), start: AndroidXMLDocument.advance(r.start, over: dropped))
                        break
                    }
                    nodes[i] = .segment(runs)
                    return true
                case .transparent(var inner):
                    let found = first(&inner)
                    nodes[i] = .transparent(inner)
                    if found { return true }
                case .span: break
                }
            }
            return false
        }
        func last(_ nodes: inout [Node]) -> Bool {
            for i in nodes.indices.reversed() {
                switch nodes[i] {
                case .segment(var runs):
                    while let r = runs.last {
                        var t = Substring(r.text)
                        while let c = t.last, isSpace(c) { t.removeLast() }
                        if t.isEmpty { runs.removeLast(); continue }
                        runs[runs.count - 1].text = String(t)
                        break
                    }
                    nodes[i] = .segment(runs)
                    return true
                case .transparent(var inner):
                    let found = last(&inner)
                    nodes[i] = .transparent(inner)
                    if found { return true }
                case .span: break
                }
            }
            return false
        }
        _ = first(&nodes)
        _ = last(&nodes)
    }

    /// C's isspace in the C locale: the whitespace aapt2 collapses and trims.
    static func isSpace(_ c: Character) -> Bool {
        c.unicodeScalars.count == 1 && isSpace(c.unicodeScalars.first!)
    }

    static func isSpace(_ u: Unicode.Scalar) -> Bool {
        u == " " || u == "\t" || u == "\n" || u == "\r" || u == "\u{0B}" || u == "\u{0C}"
    }

    /// StringBuilder's state: inside quotes, after a space.
    private struct State {
        var text = ""
        var pieces: [Piece] = []
        var pending = ""
        var quoted = false
        var lastWasSpace = false
        /// A high surrogate from `\uD8xx`, waiting for its low half.
        var highSurrogate: (value: UInt32, at: AndroidXMLDocument.Position)?

        mutating func build(_ nodes: [Node]) throws(Failure) {
            for node in nodes {
                switch node {
                case .segment(let runs):
                    for r in runs { try append(r) }
                case .transparent(let inner): try build(inner)
                case .span(let name, let attributes, let children):
                    try endText()
                    pieces.append(.open(name: name, attributes: attributes))
                    try build(children)
                    try endText()
                    pieces.append(.close(name: name))
                }
            }
            try endText()
        }

        /// A span's edge ends quoting and a run of spaces (ResetTextState), and the text so far is a piece.
        mutating func endText() throws(Failure) {
            if let h = highSurrogate { throw lone(h) }
            quoted = false
            lastWasSpace = false
            if !pending.isEmpty { pieces.append(.text(pending)); pending = "" }
        }

        func lone(_ h: (value: UInt32, at: AndroidXMLDocument.Position)) -> Failure {
            Failure(message: "\\u\(String(h.value, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair without its other half", position: h.at)
        }

        mutating func emit(_ u: Unicode.Scalar) throws(Failure) {
            if let h = highSurrogate { throw lone(h) }
            text.unicodeScalars.append(u)
            pending.unicodeScalars.append(u)
        }

        mutating func append(_ run: AndroidXMLDocument.Text) throws(Failure) {
            let scalars = Array(run.text.unicodeScalars)
            var p = run.start
            var i = 0
            func step(_ u: Unicode.Scalar) {
                if u == "\n" { p.line += 1; p.column = 1 } else { p.column += 1 }
            }
            while i < scalars.count {
                let u = scalars[i]
                let at = p
                step(u)
                i += 1
                if !quoted, u.value < 0x80, isSpace(u) {
                    if !lastWasSpace {
                        try emit(" ")
                        lastWasSpace = true
                    }
                    continue
                }
                lastWasSpace = false
                if u == "\\" {
                    guard i < scalars.count else { break } // a trailing backslash is dropped
                    let e = scalars[i]
                    step(e)
                    i += 1
                    switch e {
                    case "t": try emit("\t")
                    case "n": try emit("\n")
                    case "u":
                        var code: UInt32 = 0
                        var digits = 0
                        while digits < 4, i < scalars.count {
                            let d = scalars[i]
                            guard let v = hex(d) else {
                                throw Failure(message: "bad \\u escape: '\(Character(d))' is not a hexadecimal digit (\\u takes four: \\u00E9)", position: at)
                            }
                            code = code << 4 | v
                            step(d)
                            i += 1
                            digits += 1
                        }
                        try unicode(code, at: at)
                    default: try emit(e)
                    }
                } else if u == "\"" {
                    quoted.toggle()
                } else if !quoted, u == "'" {
                    throw Failure(message: "unescaped apostrophe: write \\' or put the text in double quotes (aapt2 refuses it)", position: at)
                } else {
                    try emit(u)
                }
            }
        }

        func hex(_ u: Unicode.Scalar) -> UInt32? {
            switch u.value {
            case 0x30...0x39: u.value - 0x30
            case 0x41...0x46: u.value - 0x41 + 10
            case 0x61...0x66: u.value - 0x61 + 10
            default: nil
            }
        }

        /// `\uXXXX`: Java strings are UTF-16, so a pair of escaped surrogates is one character.
        mutating func unicode(_ code: UInt32, at p: AndroidXMLDocument.Position) throws(Failure) {
            if (0xD800...0xDBFF).contains(code) {
                if let h = highSurrogate { throw lone(h) }
                highSurrogate = (code, p)
                return
            }
            if (0xDC00...0xDFFF).contains(code) {
                guard let h = highSurrogate else { throw lone((code, p)) }
                highSurrogate = nil
                let scalar = 0x10000 + ((h.value - 0xD800) << 10) + (code - 0xDC00)
                try emit(Unicode.Scalar(scalar)!)
                return
            }
            try emit(Unicode.Scalar(code)!)
        }
    }
}
