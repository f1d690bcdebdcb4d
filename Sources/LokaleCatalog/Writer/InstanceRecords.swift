import LokaleCore

/// The first half of compiling: one run of one (localization, table)'s messages, sorted by key,
/// checked and encoded as records. Everything here only reads the bundle, so runs compile on
/// several threads; what needs the writer's shared node list and string pool (a message's node,
/// a finding's line) is left as `pending` work, done afterwards in the original order so that the
/// table's bytes do not depend on the threads.
struct InstanceRecords: Sendable {
    /// The messages' records (docs/FORMAT.md); a record with a node has a placeholder word for it.
    var records: [UInt8] = []
    /// Per message, in key order: the key hash, and the record's offset in `records` / 4 + 1.
    var slots: [UInt64] = []
    var pending: [PendingNode] = []
    var findings: [Finding] = []
    var replaced = 0
    /// Bytes of keys and texts (`CompileLimits.stringBytes`).
    var strings = 0
    /// The first message past a limit (`CompileLimits.problem`): the run stops there.
    var problem: (key: String, words: String)? = nil

    /// A message whose record needs a node: the offset of the placeholder word in `records`, and
    /// what to build.
    struct PendingNode: Sendable {
        var offset: Int
        var message: CatalogMessage
        var reason: String?
        var literal: Bool
        var syntax: FormatSyntax
        /// Read from ICU MessageFormat (an ARB message): formatted as ICU formats it.
        var icu: Bool
    }

    /// A warning, and whether its line is still to be found (String Catalogs: `SourceLines`), and
    /// the UTF-8 offset in the message of what it is about (the column is found from the file's
    /// JSON when it is one: `SourceLines.column`).
    struct Finding: Sendable {
        var warning: CatalogWarning
        var needsLine: Bool
        var messageOffset: Int? = nil
    }

    /// What one run reads besides the messages: the (localization, table), the table's facts
    /// about keys, and where its messages were read (`CatalogTable.location(of:localization:)`
    /// for a key the localization has). Not the table itself: the writer frees its messages once
    /// they are sorted.
    struct Context: Sendable {
        let localization: String
        let table: String
        let isDevelopment: Bool
        let limits: CompileLimits
        let info: [String: MessageInfo]
        let locations: [String: MessageLocation]?
        let file: String?
        let firstSource: String?
        let name: String

        init(_ catalog: CatalogTable, table: String, localization: String, isDevelopment: Bool, limits: CompileLimits) {
            self.localization = localization
            self.table = table
            self.isDevelopment = isDevelopment
            self.limits = limits
            info = catalog.info
            locations = catalog.locations[localization]
            file = catalog.files[localization]
            firstSource = catalog.sources.first
            name = catalog.name
        }

        func location(of key: String) -> MessageLocation { locations?[key] ?? MessageLocation(file: file ?? firstSource ?? name) }
    }

    /// `run`: positions of the instance's messages in key order; `sources`: the development
    /// localization's messages of the table (none for that localization).
    init(_ all: SortedMessages, _ run: Range<Int>, sources: SortedMessages?, _ c: Context) {
        // Two words, a key and a value of a few dozen bytes: pages reserved and never touched cost nothing.
        records.reserveCapacity(run.count * 64)
        slots.reserveCapacity(run.count)
        // Both sorted: each message's source is found by walking the sources along (no hashing).
        var s = run.isEmpty ? 0 : sources?.lowerBound(all[run.lowerBound].key) ?? 0
        for j in run {
            let (k, message) = all[j]
            var m = message
            if let p = c.limits.problem(key: k, m, strings: &strings) { problem = (k, p); return }
            var reason: String? = nil
            var sourceMessage: CatalogMessage? = nil
            if let sources {
                while s < sources.count, sources.key(at: s) < k { s += 1 }
                if s < sources.count, sources.key(at: s) == k { sourceMessage = sources[s].value }
            }
            let syntax = c.info[k]?.formatSyntax ?? .apple
            // A message whose development text takes no arguments is plain text everywhere.
            let developmentMessage = c.isDevelopment ? m : sourceMessage
            // An Android string marked formatted="false" is no format string: its `%` is a percent sign.
            let literal = c.info[k].map { $0.formatSyntax == .java && !$0.checksFormat } == true
            let plain = (literal || developmentMessage.map { FormatCheck.isPlain(source: $0, key: k, syntax: syntax) } == true)
                && FormatCheck.needsNoArguments(m)
            let checked = !plain && (c.info[k]?.checksFormat ?? true) && !m.variation.isMessageFormat
            if m.variation.isMessageFormat, let s = sourceMessage,
               let problem = MessageFormatCheck.problem(source: s.variation, translation: m.variation, info: c.info[k]) {
                // A translation that reads arguments its call site never passes would show `{$x}`.
                let place = c.location(of: k)
                findings.append(Finding(warning: CatalogWarning(file: place.file, line: place.line, table: c.table, localization: c.localization,
                                                                key: k, message: problem.message + " (the development localization's text is used instead)"),
                                        needsLine: place.line == nil, messageOffset: problem.offset))
                reason = problem.message
                m = s
                replaced += 1
            }
            if checked {
                // The message's own file and line (a bundle folder has one file per localization).
                var at: MessageLocation? = nil
                func warn(_ p: String) {
                    let place = at ?? c.location(of: k)
                    at = place
                    findings.append(Finding(warning: CatalogWarning(file: place.file, line: place.line, table: c.table,
                                                                    localization: c.localization, key: k, message: p),
                                            needsLine: place.line == nil))
                }
                if c.isDevelopment || sourceMessage == nil {
                    let parsed = FormatCheck.parsed(m, syntax: syntax)
                    for p in parsed.problems + parsed.gaps.map({ "argument \($0) is never used although a later one is" }) { warn(p) }
                }
                if let s = sourceMessage {
                    let problems = FormatCheck.problems(source: s, translation: m, key: k, syntax: syntax)
                    if !problems.isEmpty {
                        reason = problems.joined(separator: "; ")
                        for p in problems { warn(p + " (the development localization's text is used instead)") }
                        m = s
                        replaced += 1
                    }
                }
            }
            let h = k.withBytes { keyHash($0) }
            slots.append(UInt64(h) | UInt64(records.count / 4 + 1) << 32)
            let node = reason != nil || Self.needsNode(m, literal: plain)
            let at = append(key: k, value: m.representativeText, hasNode: node)
            if node { pending.append(PendingNode(offset: at, message: m, reason: reason, literal: plain, syntax: syntax,
                                                  icu: m.variation.isMessageFormat && (c.info[k]?.messageSyntax ?? .mf2) != .mf2)) }
        }
    }

    /// Whether `TableWriter.node(m, literal:)` makes a node (a replaced message always has one).
    static func needsNode(_ m: CatalogMessage, literal: Bool) -> Bool {
        guard m.substitutions.isEmpty else { return true }
        switch m.variation {
        case .text(let s): return !literal && s.hasPercent
        // A MessageFormat message of text alone, written as it reads (most of an ARB or .mf2.json
        // file): the record's value is both what a lookup answers and what formatting gives.
        case .messageFormat(let source, .pattern(let p)) where p.declarations.isEmpty:
            var text = ""
            for part in p.pattern {
                guard case .text(let t) = part else { return true }
                text += t
            }
            return text != source
        default: return true
        }
    }

    /// A message record (docs/FORMAT.md): key length (with the has-node bit), value length, the
    /// node when there is one, then key, NUL, value, NUL, padded to four bytes. Returns the offset
    /// of the node's word.
    private mutating func append(key: String, value: String, hasNode: Bool) -> Int {
        var first = UInt32(truncatingIfNeeded: key.utf8.count)
        if hasNode { first |= TableLayout.Record.hasNode }
        append32(first)
        append32(UInt32(truncatingIfNeeded: value.utf8.count))
        let at = records.count
        if hasNode { append32(TableLayout.none) }
        records.append(contentsOf: key.utf8)
        records.append(0)
        records.append(contentsOf: value.utf8)
        records.append(0)
        while records.count % 4 != 0 { records.append(0) }
        return at
    }

    private mutating func append32(_ w: UInt32) {
        withUnsafeBytes(of: w.littleEndian) { records.append(contentsOf: $0) }
    }
}
