internal import CTable
import Synchronization

/// An open compiled bundle: immutable data plus the runtime whose preferences it follows.
///
/// `reload()` replaces the data with the file's new contents; every version loaded stays in memory
/// until the bundle goes away, so text lent out before a reload (the C ABI lends pointers into the
/// table) stays valid, and a lookup in flight finishes on the version it started with.
public final class Bundle: Sendable {
    public let runtime: Runtime
    public let isMain: Bool
    /// The file the bundle was opened from; nil for a table adopted from memory.
    public let path: String?
    /// Whether the table was opened from memory (`Runtime.open(memory:)`): embedded in the
    /// program, so there is no file to reload.
    public let isEmbedded: Bool
    private let loading: MappedFile.Loading
    private let detached = Atomic<Bool>(false)
    /// The current version, unretained: `versions` owns every version ever loaded.
    private let current: Atomic<UInt>
    private let versions: Locked<[BundleContents]>
    /// The lookup plans, and the C handle they are published in.
    let plans: PlanStore

    /// What a C start made for a bundle (lokale_start.h): its handle, with its first plan published,
    /// and the localization infos that plan reads; the bundle's plan store owns them.
    typealias Started = (handle: UnsafeMutablePointer<lk_handle>?, plan: UnsafeMutablePointer<lk_plan>?,
                         infos: UnsafeMutablePointer<lk_localization_info>?)

    init(table: CompiledTable, runtime: Runtime, isMain: Bool, path: String? = nil, loading: MappedFile.Loading = .automatic,
         isEmbedded: Bool = false, started: Started? = nil) {
        let contents = BundleContents(table: table)
        self.runtime = runtime
        self.isMain = isMain
        self.path = path
        self.isEmbedded = isEmbedded
        self.loading = loading
        current = Atomic(UInt(bitPattern: Unmanaged.passUnretained(contents).toOpaque()))
        versions = Locked([contents])
        if let started, let handle = started.handle {
            plans = PlanStore(adopting: handle, plan: started.plan, infos: started.infos)
        } else {
            plans = PlanStore(shared: runtime.shared)
        }
    }

    deinit {
        if isMain && !detached.load(ordering: .relaxed) { runtime.unregisterMain(ObjectIdentifier(self)) }
    }

    func detach() { detached.store(true, ordering: .relaxed) }

    var contents: BundleContents {
        Unmanaged<BundleContents>.fromOpaque(UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring))!).takeUnretainedValue()
    }

    /// The current version of the compiled table.
    public var table: CompiledTable { contents.table }
    /// How many versions of the file this bundle has loaded (1 until a reload).
    public var versionCount: Int { versions.withLock { $0.count } }

    public var identifier: String { table.identifier }
    public var developmentLocalization: String { let t = table; return t.localizations[t.developmentLocalization] }
    /// All localizations the bundle has, Base included, as the bundle spells them.
    public var localizations: [String] { table.localizations }

    /// The ordered localization list, best first, with the reason for each entry. Cached per
    /// runtime generation.
    public var choices: [LocalizationChoice] { selection().choices }

    /// The localizations in `choices`, by name (Apple's `preferredLocalizations`, plus fallbacks).
    public var preferredLocalizations: [String] { preferredLocalizations(languages: nil) }

    /// `preferredLocalizations` for a per-call list of languages (nil: the runtime's).
    public func preferredLocalizations(languages: Languages?) -> [String] {
        let c = contents
        return c.selection(runtime: runtime, isMain: isMain, languages: languages).choices.map { c.table.localizations[$0.localization] }
    }

    /// Whether this bundle negotiates against the main bundle's choice rather than the user's
    /// languages (a framework, when the main bundle does not allow mixed localizations).
    public var followsMainBundle: Bool {
        guard !isMain else { return false }
        return runtime.state.withLock { s in s.main.map { !$0.table.allowsMixedLocalizations } ?? false }
    }

    /// The languages this bundle negotiated against: the user's, or the main bundle's choice.
    public var negotiatedAgainst: [String] { selection().preferences }

    func selection(languages: Languages? = nil) -> (choices: [LocalizationChoice], preferences: [String]) {
        contents.selection(runtime: runtime, isMain: isMain, languages: languages)
    }

    /// What the C ABI hands out as this bundle (`lk_handle`, CTable): the runtime publishes this
    /// bundle's plans in it, and C's fast paths read them there. Valid as long as the bundle.
    package var handle: OpaquePointer { OpaquePointer(plans.handle) }

    /// The plan of a plain lookup for the current generation and version (`lk_plan`, CTable),
    /// published in `handle`; nil when the bundle has made its limit of distinct plans.
    ///
    /// The generation is read before the version: a reload stores the new version before it moves
    /// the generation on, so a plan stamped with the new generation is always made from the new
    /// version (a replaced version's plan carrying it would be served until the next change).
    /// With `languages`, the plan that per-call list keeps for this bundle in its entries.
    func currentPlan(contents c: inout BundleContents, languages: Languages? = nil) -> UnsafeMutablePointer<lk_plan>? {
        let generation = runtime.generation
        c = contents
        // A reload between the two reads leaves the old version's plan published for a moment.
        if let p = plans.plan(for: generation, list: languages),
           UnsafeRawPointer(p.pointee.records) == UnsafeRawPointer(c.table.recordBase) { return p }
        return c.makePlan(generation: generation, runtime: runtime, isMain: isMain, languages: languages, store: plans)
    }

    /// `currentPlan(contents:)` for callers that need no version (tests, benchmarks).
    package var currentPlan: OpaquePointer? {
        var c = contents
        return currentPlan(contents: &c).map { OpaquePointer($0) }
    }

    // MARK: Reload

    /// Why an embedded bundle has no hot reload: its reload error, and its line in `explain`.
    public static let embeddedReload = "the table is embedded in the program (opened from memory), so it cannot be reloaded"

    /// Reads the bundle's file again if it changed since it was loaded (another inode, as after
    /// `lokale compile` renamed a new file over it, or another size or modification time), or
    /// always with `force`. Returns whether a new version was loaded; the runtime's generation
    /// moves on and its change callbacks run. On any error the bundle keeps the version it has.
    @discardableResult
    public func reload(force: Bool = false, verify: Bool = false) throws(LokaleError) -> Bool {
        guard let path else {
            throw LokaleError(.state, isEmbedded ? Bundle.embeddedReload : "the bundle was not opened from a file, so it cannot be reloaded")
        }
        if !force, try FileIdentity(path: path) == table.file.identity { return false }
        let table = try CompiledTable(path: path, verifyPayload: verify, loading: loading)
        let contents = BundleContents(table: table)
        versions.withLock { list in
            list.append(contents)
            current.store(UInt(bitPattern: Unmanaged.passUnretained(contents).toOpaque()), ordering: .releasing)
        }
        runtime.reloaded(ObjectIdentifier(self), table: table, isMain: isMain)
        return true
    }

    // MARK: Lookup

    /// A plain lookup: through the current plan under Apple's policy (one hash, one byte compare,
    /// nothing allocated), else through `resolve`. Nil value: the lookup failed (see `lookup`).
    /// A message that varies by device answers the runtime's device's variant, as `format` does
    /// (`CompiledTable.plainValue`).
    public func plainLookup(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?,
                            languages: Languages? = nil) throws(LokaleError) -> (value: UnsafeRawBufferPointer?, step: Resolution.Step?) {
        if runtime.fallbackPolicy == .apple {
            var c = contents
            if let plan = currentPlan(contents: &c, languages: languages) {
                guard let (e, step, _, _) = try PlanStore.find(plan, key: key, table: name, in: c.table) else { return (nil, nil) }
                return (try c.table.plainValue(of: e, device: runtime.deviceClass), Resolution.Step(code: step))
            }
        }
        let r = try resolve(in: contents, key: key, table: name, hasDefault: false, languages: languages)
        let device = runtime.deviceClass
        return (try r.entry.map { e throws(LokaleError) in try r.table.plainValue(of: e, device: device) }, r.entry == nil ? nil : r.step)
    }

    /// The whole contract on the caller's bytes: the translation, else the default value when it is
    /// non-empty, else the key (those two point into the caller's buffers).
    public func lookup(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, default defaultValue: UnsafeRawBufferPointer?,
                       languages: Languages? = nil) throws(LokaleError) -> (text: UnsafeRawBufferPointer, step: Resolution.Step) {
        let (value, step) = try plainLookup(key: key, table: name, languages: languages)
        if let value, let step { return (value, step) }
        return Resolution.unresolved(key: key, default: defaultValue)
    }

    /// Resolves (table, key) under the fallback contract. Allocation-free when the ordered list is
    /// cached: the answer points into the mapping.
    public func resolve(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, hasDefault: Bool,
                        languages: Languages? = nil) throws(LokaleError) -> Resolution {
        try resolve(in: contents, key: key, table: name, hasDefault: hasDefault, languages: languages)
    }

    /// `resolve` in one version of the table, so that every index of the answer belongs to it.
    func resolve(in c: BundleContents, key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, hasDefault: Bool,
                 languages: Languages? = nil) throws(LokaleError) -> Resolution {
        let table = c.table
        let choices = c.selection(runtime: runtime, isMain: isMain, languages: languages).choices
        let tableIndex = name.map { table.tableIndex($0) } ?? table.defaultTableIndex
        var r = Resolution(table: table, step: hasDefault ? .defaultValue : .key, choices: choices, tableIndex: tableIndex)
        guard let t = tableIndex else { return r }
        let chain = runtime.fallbackPolicy == .chain
        for (position, choice) in choices.enumerated() where table.hasTable(localization: choice.localization, table: t) {
            if r.tableLocalization == nil { r.tableLocalization = choice.localization }
            if let entry = try table.find(key, localization: choice.localization, table: t) {
                r.entry = entry
                r.served = choice.localization
                r.servedPosition = position
                r.step = Resolution.step(for: choice)
                return r
            }
            if !chain { break }
        }
        return r
    }

    public func resolve(key: String, table name: String? = nil, hasDefault: Bool, languages: Languages? = nil) throws(LokaleError) -> Resolution {
        try withBytes(key) { k throws(LokaleError) in
            try withBytes(name ?? Resolution.defaultTable) { t throws(LokaleError) in
                try resolve(key: k, table: t, hasDefault: hasDefault, languages: languages)
            }
        }
    }

    /// The text for `key`: the translation, else `defaultValue` when non-empty, else the key.
    public func string(_ key: String, default defaultValue: String? = nil, table name: String? = nil,
                       languages: Languages? = nil) throws(LokaleError) -> String {
        try withBytes(key) { k throws(LokaleError) in
            try withBytes(name ?? Resolution.defaultTable) { t throws(LokaleError) in
                try withBytes(defaultValue ?? "") { d throws(LokaleError) in
                    String(decoding: try lookup(key: k, table: t, default: d, languages: languages).text, as: UTF8.self)
                }
            }
        }
    }

    // MARK: Formatting

    /// Resolves and formats a message with typed arguments, choosing plural and device variants.
    /// - Parameter locale: how numbers are written (Apple's `locale:`): it never changes which
    ///   translation is looked up. Nil: the localization that served the message.
    /// - Parameter named: the arguments of a MessageFormat 2 message, by name.
    public func format(_ key: String, default defaultValue: String? = nil, table name: String? = nil,
                       arguments: [FormatArgument], named: [String: MF2.Argument] = [:], locale: String? = nil,
                       languages: Languages? = nil) throws(LokaleError) -> FormattedMessage {
        try withBytes(key) { k throws(LokaleError) in
            try withBytes(name ?? Resolution.defaultTable) { t throws(LokaleError) in
                try withBytes(defaultValue ?? "") { d throws(LokaleError) in
                    try format(key: k, table: t, defaultValue: d, arguments: arguments, named: named, locale: locale, languages: languages)
                }
            }
        }
    }

    /// `format` on the caller's bytes (the C ABI's path): no string is made of the key, table or
    /// default value.
    public func format(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, defaultValue: UnsafeRawBufferPointer?,
                       arguments: [FormatArgument], named: [String: MF2.Argument] = [:], locale: String? = nil,
                       languages: Languages? = nil) throws(LokaleError) -> FormattedMessage {
        let c = contents
        let unresolved = Resolution.unresolved(key: key, default: defaultValue)
        let r = try resolve(in: c, key: key, table: name, hasDefault: unresolved.step == .defaultValue, languages: languages)
        var out = FormatOutput()
        out.bytes.reserveCapacity(128)
        if let e = r.entry, let served = r.served {
            let numbering = r.servedPosition.map { r.choices[$0].numberingSystem } ?? nil
            try render(e, served: served, numbering: numbering, in: c, arguments: arguments, named: named, locale: locale, into: &out)
        } else {
            // A failed lookup is written the way the best localization would have written it.
            let writer = r.choices.first
            if !named.isEmpty {
                // Named arguments: the caller's message is MessageFormat 2, so are its key and
                // default value (as a gettext msgid is the message's own text).
                let f = MF2.format(source: String(decoding: unresolved.text, as: UTF8.self),
                                   locale: locale ?? writer.map { c.messageLocale($0.localization) } ?? "und", arguments: named)
                out.bytes.append(contentsOf: f.text.utf8)
                out.problems += f.errors.map(\.description)
                out.selection = f.selection
                out.parts = f.parts
            } else {
                let symbols = locale.map(NumberSymbols.forLocale)
                    ?? writer.map { c.numberSymbols(localization: $0.localization, numbering: $0.numberingSystem) } ?? .posix
                Formatter.render(formatBytes: unresolved.text, arguments: arguments, symbols: symbols, into: &out)
            }
        }
        return FormattedMessage(bytes: out.bytes, problems: out.problems, resolution: r, selection: out.selection, messageParts: out.parts)
    }

    /// A found message: its text as is, or its tree rendered with the served localization's
    /// plural rules and number symbols (or `locale`'s symbols).
    /// - Parameter choosingOnly: choose the variants but write the chosen text unformatted.
    private func render(_ e: CompiledTable.Entry, served: Int, numbering: String?, in c: BundleContents, arguments: [FormatArgument],
                        named: [String: MF2.Argument] = [:], locale: String?, choosingOnly: Bool = false,
                        into out: inout FormatOutput) throws(LokaleError) {
        let table = c.table
        guard e.node != TableLayout.none else { return out.bytes.append(contentsOf: try table.value(of: e)) }
        // Unformatted text writes no number: no symbols to look up.
        let symbols = choosingOnly ? .posix : locale.map(NumberSymbols.forLocale) ?? c.numberSymbols(localization: served, numbering: numbering)
        var renderer = MessageRenderer(table: table, arguments: arguments, locale: table.localizations[served],
                                       device: runtime.deviceClass, symbols: symbols, rules: (c, served))
        renderer.choosingOnly = choosingOnly
        renderer.named = named
        renderer.messageLocale = locale ?? c.messageLocale(served)
        try renderer.render(e.node, into: &out)
    }

    /// The formatted bytes and problems of a message, for callers that need no `Resolution` (the
    /// C ABI): under Apple's policy a message the plan finds is rendered without copying the
    /// ordered list; anything else goes through `format`.
    public func formatBytes(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, defaultValue: UnsafeRawBufferPointer?,
                            arguments: [FormatArgument], named: [String: MF2.Argument] = [:], locale: String? = nil,
                            languages: Languages? = nil) throws(LokaleError) -> (bytes: [UInt8], problems: [String]) {
        if runtime.fallbackPolicy == .apple {
            var c = contents
            if let plan = currentPlan(contents: &c, languages: languages), let (e, _, served, numbering) = try PlanStore.find(plan, key: key, table: name, in: c.table),
               served >= 0, !numbering {
                var out = FormatOutput()
                try render(e, served: served, numbering: nil, in: c, arguments: arguments, named: named, locale: locale, into: &out)
                return (out.bytes, out.problems)
            }
        }
        let m = try format(key: key, table: name, defaultValue: defaultValue, arguments: arguments, named: named, locale: locale, languages: languages)
        return (m.bytes, m.problems)
    }

    /// The text of the variant `format` would choose for `arguments` (plural and device variants,
    /// the development text for a replaced translation), unformatted; a failed lookup gives the
    /// default value when non-empty, else the key, unformatted too (gettext's `ngettext`).
    public func variantBytes(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, defaultValue: UnsafeRawBufferPointer?,
                             arguments: [FormatArgument], languages: Languages? = nil) throws(LokaleError) -> (bytes: [UInt8], step: Resolution.Step) {
        let c = contents
        let unresolved = Resolution.unresolved(key: key, default: defaultValue)
        let r = try resolve(in: c, key: key, table: name, hasDefault: unresolved.step == .defaultValue, languages: languages)
        guard let e = r.entry, let served = r.served else { return (Array(unresolved.text), r.step) }
        var out = FormatOutput()
        try render(e, served: served, numbering: nil, in: c, arguments: arguments, locale: nil, choosingOnly: true, into: &out)
        return (out.bytes, r.step)
    }

    // MARK: Explain

    /// - Parameter languages: a per-call list in place of the runtime's languages (the trace then
    ///   shows no in-app language).
    public func explain(_ key: String, default defaultValue: String? = nil, table name: String? = nil,
                        arguments: [FormatArgument] = [], named: [String: MF2.Argument] = [:], locale: String? = nil,
                        languages: Languages? = nil) throws(LokaleError) -> Trace {
        let m = try format(key, default: defaultValue, table: name, arguments: arguments, named: named, locale: locale, languages: languages)
        let table = m.resolution.table
        let sel = selection(languages: languages)
        return Trace(bundle: identifier, isMain: isMain, table: name ?? Resolution.defaultTable, key: key,
                     defaultValue: Resolution.unresolved(key: key, default: defaultValue).step == .defaultValue ? defaultValue : nil,
                     policy: runtime.fallbackPolicy,
                     preferences: sel.preferences, userLanguages: languages?.list ?? runtime.effectiveLanguages,
                     inAppLanguage: languages == nil ? runtime.language : nil,
                     followsMainBundle: followsMainBundle, embedded: isEmbedded,
                     localizations: m.resolution.choices.map { c in
                         (table.localizations[c.localization], c.reason,
                          m.resolution.tableIndex.map { table.hasTable(localization: c.localization, table: $0) } ?? false,
                          c.userPreference)
                     },
                     tableLocalization: m.resolution.tableLocalization.map { table.localizations[$0] },
                     served: m.resolution.served.map { table.localizations[$0] },
                     step: m.resolution.step, result: m.text, problems: m.problems, tables: table.tables, selection: m.selection)
    }
}

/// A formatted message and how it was obtained.
public struct FormattedMessage: Sendable {
    public var bytes: [UInt8]
    public var problems: [String]
    public var resolution: Resolution
    /// How a MessageFormat 2 message chose its variant.
    public var selection: MF2.Selection? = nil
    var messageParts: [MF2.Part]? = nil
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The result as parts for rich text: a MessageFormat 2 message's (markup, values with their
    /// source), else the whole text as one text part.
    public var parts: [MF2.Part] { messageParts ?? (bytes.isEmpty ? [] : [.text(text)]) }
}
