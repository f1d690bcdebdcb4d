extension ICUMessageFormat {
    /// `pattern` with its literal text rewritten and everything else kept as written: argument
    /// names, types, styles, plural and select keywords, `=N`, `offset:`, `#` and the braces. This
    /// reads the pattern (it never formats) to find where text is, so tools can change the words of
    /// an ICU message without turning it into another syntax (pseudo-localization).
    ///
    /// - `text` gets each run of literal text as written (apostrophes included, so `'{'` or `''`
    ///   reach it quoted) and returns what replaces it. What it returns is written as is: it must
    ///   keep the run's apostrophes next to what they quote and add no `{`, `}`, `'` (nor `#` in a
    ///   plural variant), or the pattern's structure changes.
    /// - `message` gets each message once its runs are rewritten — each variant's, innermost first,
    ///   then the pattern's (`isPattern`) — with the text its own runs show (not its variants'), and
    ///   returns what replaces it (brackets around the pattern, padding at a variant's end).
    public static func rewritingText(_ pattern: String, quoting: Quoting = .icu, text: (String) -> String,
                                     message: (_ rewritten: String, _ shown: String, _ isPattern: Bool) -> String) throws(SyntaxError) -> String {
        var parser = try parser(pattern, quoting: quoting)
        parser.trace = ICUMFParser.Trace()
        _ = try parser.message(depth: 0, parent: nil)
        let trace = parser.trace!, s = parser.s
        // What each message holds directly, in order: its runs and its variants' messages.
        enum Item { case run(Int), message(Int) }
        var items = [[Item]](repeating: [], count: trace.messages.count)
        for (k, r) in trace.runs.enumerated() { items[r.message].append(.run(k)) }
        for (k, m) in trace.messages.enumerated() where m.parent >= 0 { items[m.parent].append(.message(k)) }
        func start(_ item: Item) -> Int {
            switch item {
            case .run(let k): trace.runs[k].range.lowerBound
            case .message(let k): trace.messages[k].range.lowerBound
            }
        }
        func raw(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(s[r])) }
        func render(_ m: Int) -> String {
            var out = "", shown = ""
            var at = trace.messages[m].range.lowerBound
            for item in items[m].sorted(by: { start($0) < start($1) }) {
                switch item {
                case .run(let k):
                    let r = trace.runs[k]
                    out += raw(at..<r.range.lowerBound) + text(raw(r.range))
                    shown += r.text
                    at = r.range.upperBound
                case .message(let k):
                    let inner = trace.messages[k].range
                    out += raw(at..<inner.lowerBound) + render(k)
                    at = inner.upperBound
                }
            }
            out += raw(at..<trace.messages[m].range.upperBound)
            return message(out, shown, m == 0)
        }
        return render(0) + raw(trace.messages[0].range.upperBound..<s.count)
    }
}
