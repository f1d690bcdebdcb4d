import Synchronization

/// An open compiled bundle: immutable data plus the runtime whose preferences it follows.
public final class Bundle: Sendable {
    public let table: CompiledTable
    public let runtime: Runtime
    public let isMain: Bool
    private let detached = Atomic<Bool>(false)
    private let cache = Locked<(generation: UInt64, choices: [LocalizationChoice], preferences: [String])>((0, [], []))
    private let plans = PlanStore()
    private let symbolsCache = Locked<[NumberSymbols?]>([])

    init(table: CompiledTable, runtime: Runtime, isMain: Bool) {
        self.table = table
        self.runtime = runtime
        self.isMain = isMain
    }

    deinit {
        if isMain && !detached.load(ordering: .relaxed) { runtime.unregisterMain(ObjectIdentifier(self)) }
    }

    func detach() { detached.store(true, ordering: .relaxed) }

    public var identifier: String { table.identifier }
    public var developmentLocalization: String { table.localizations[table.developmentLocalization] }
    /// All localizations the bundle has, Base included, as the bundle spells them.
    public var localizations: [String] { table.localizations }

    /// The ordered localization list, best first, with the reason for each entry. Cached per
    /// runtime generation.
    public var choices: [LocalizationChoice] { selection().choices }

    /// The localizations in `choices`, by name (Apple's `preferredLocalizations`, plus fallbacks).
    public var preferredLocalizations: [String] { choices.map { table.localizations[$0.localization] } }

    /// Whether this bundle negotiates against the main bundle's choice rather than the user's
    /// languages (a framework, when the main bundle does not allow mixed localizations).
    public var followsMainBundle: Bool {
        guard !isMain else { return false }
        return runtime.state.withLock { s in s.main.map { !$0.table.allowsMixedLocalizations } ?? false }
    }

    /// The languages this bundle negotiated against: the user's, or the main bundle's choice.
    public var negotiatedAgainst: [String] { selection().preferences }

    func selection() -> (choices: [LocalizationChoice], preferences: [String]) {
        let current = runtime.generation.load(ordering: .acquiring)
        if let hit = cache.withLock({ $0.generation == current ? ($0.choices, $0.preferences) : nil }) { return hit }
        let s = runtime.snapshot
        let effective = s.effective
        var preferences = effective
        var user: (languages: [String], preferredChoices: [LocalizationChoice])? = nil
        if !isMain, let main = s.main, !main.table.allowsMixedLocalizations {
            // A framework shows the app's language: it negotiates against the main bundle's choice.
            let mainChoices = orderedLocalizations(main.table, preferred: effective, matcher: runtime.matcher)
                .filter { !main.table.isBaseLocalization[$0.localization] }
            preferences = mainChoices.map { main.table.localizations[$0.localization] }
            user = (effective, mainChoices)
        }
        let choices = orderedLocalizations(table, preferred: preferences, matcher: runtime.matcher, user: user)
        cache.withLock { $0 = (s.generation, choices, preferences) }
        return (choices, preferences)
    }

    // MARK: Lookup

    /// A plain lookup on the fast path: one atomic load for the current plan, one hash, one byte
    /// compare, nothing allocated or retained. Nil value: the lookup failed (the caller shows its
    /// default value or the key). Falls back to `resolve` under the `chain` policy.
    @inline(__always)
    public func plainLookup(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?) throws(LokaleError) -> (value: UnsafeRawBufferPointer?, step: Resolution.Step?) {
        guard runtime.fallbackPolicy == .apple else {
            let r = try resolve(key: key, table: name, hasDefault: false)
            return (try r.entry.map { e throws(LokaleError) in try table.value(of: e) }, r.entry == nil ? nil : r.step)
        }
        let generation = runtime.generation.load(ordering: .acquiring)
        let plan = plans.plan(for: generation) ?? makePlan()
        guard let t = name.map({ table.tableIndex($0) }) ?? table.defaultTableIndex,
              let (instance, step) = PlanStore.entry(plan, table: t), instance >= 0,
              let e = try table.find(key, instance: Int(instance)) else { return (nil, nil) }
        return (try table.value(of: e), Resolution.Step(code: step))
    }

    /// Computes and publishes the plan for the current generation.
    private func makePlan() -> UnsafeMutableRawPointer {
        let generation = runtime.generation.load(ordering: .acquiring)
        let choices = selection().choices
        var tables: [(instance: Int32, step: Int32)] = []
        for t in table.tables.indices {
            if let c = choices.first(where: { table.hasTable(localization: $0.localization, table: t) }) {
                tables.append((Int32(table.instanceIndex(localization: c.localization, table: t)), Resolution.step(for: c).code))
            } else {
                tables.append((PlanStore.none, 0))
            }
        }
        return plans.publish(generation: generation, tables: tables)
    }

    /// Resolves (table, key) under the fallback contract. Allocation-free when the ordered list is
    /// cached: the answer points into the mapping.
    public func resolve(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, hasDefault: Bool) throws(LokaleError) -> Resolution {
        let choices = selection().choices
        let tableIndex = name.map { table.tableIndex($0) } ?? table.defaultTableIndex
        var r = Resolution(step: hasDefault ? .defaultValue : .key, choices: choices, tableIndex: tableIndex)
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

    public func resolve(key: String, table name: String? = nil, hasDefault: Bool) throws(LokaleError) -> Resolution {
        try withBytes(key) { k throws(LokaleError) in
            try withBytes(name ?? Resolution.defaultTable) { t throws(LokaleError) in
                try resolve(key: k, table: t, hasDefault: hasDefault)
            }
        }
    }

    /// The text for `key`: the translation, else `defaultValue` when non-empty, else the key.
    public func string(_ key: String, default defaultValue: String? = nil, table name: String? = nil) throws(LokaleError) -> String {
        let hasDefault = !(defaultValue ?? "").isEmpty
        let r = try resolve(key: key, table: name, hasDefault: hasDefault)
        if let e = r.entry { return String(decoding: try table.value(of: e), as: UTF8.self) }
        return hasDefault ? defaultValue! : key
    }

    // MARK: Formatting

    /// Resolves and formats a message with typed arguments, choosing plural and device variants.
    /// - Parameter locale: how numbers are written (Apple's `locale:`): it never changes which
    ///   translation is looked up. Nil: the localization that served the message.
    public func format(_ key: String, default defaultValue: String? = nil, table name: String? = nil,
                       arguments: [FormatArgument], locale: String? = nil) throws(LokaleError) -> FormattedMessage {
        try withBytes(key) { k throws(LokaleError) in
            try withBytes(name ?? Resolution.defaultTable) { t throws(LokaleError) in
                try withBytes(defaultValue ?? "") { d throws(LokaleError) in
                    try format(key: k, table: t, defaultValue: d.isEmpty ? nil : d, arguments: arguments, locale: locale)
                }
            }
        }
    }

    /// `format` on the caller's bytes (the C ABI's path): no string is made of the key, table or
    /// default value.
    public func format(key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?, defaultValue: UnsafeRawBufferPointer?,
                       arguments: [FormatArgument], locale: String? = nil) throws(LokaleError) -> FormattedMessage {
        let r = try resolve(key: key, table: name, hasDefault: defaultValue != nil)
        var out = FormatOutput()
        out.bytes.reserveCapacity(128)
        // A failed lookup is written the way the best localization would have written it.
        let writer = r.served ?? r.choices.first?.localization
        let symbols = locale.map(NumberSymbols.forLocale) ?? writer.map(numberSymbols(localization:)) ?? .posix
        if let e = r.entry, let served = r.served {
            if e.node == TableLayout.none {
                out.bytes.append(contentsOf: try table.value(of: e))
            } else {
                var renderer = MessageRenderer(table: table, arguments: arguments, locale: table.localizations[served],
                                               device: runtime.deviceClass, symbols: symbols)
                try renderer.render(e.node, into: &out)
            }
        } else {
            Formatter.render(formatBytes: defaultValue ?? key, arguments: arguments, symbols: symbols, into: &out)
        }
        return FormattedMessage(bytes: out.bytes, problems: out.problems, resolution: r)
    }

    /// Number symbols per localization of this bundle, looked up once each.
    private func numberSymbols(localization: Int) -> NumberSymbols {
        if let hit = symbolsCache.withLock({ localization < $0.count ? $0[localization] : nil }) { return hit }
        let s = NumberSymbols.forLocale(table.localizations[localization])
        symbolsCache.withLock { cache in
            if cache.count < table.localizations.count { cache = Array(repeating: nil, count: table.localizations.count) }
            cache[localization] = s
        }
        return s
    }

    // MARK: Explain

    public func explain(_ key: String, default defaultValue: String? = nil, table name: String? = nil,
                        arguments: [FormatArgument] = [], locale: String? = nil) throws(LokaleError) -> Trace {
        let m = try format(key, default: defaultValue, table: name, arguments: arguments, locale: locale)
        let sel = selection()
        return Trace(bundle: identifier, isMain: isMain, table: name ?? Resolution.defaultTable, key: key,
                     defaultValue: defaultValue, policy: runtime.fallbackPolicy,
                     preferences: sel.preferences, userLanguages: runtime.effectiveLanguages, inAppLanguage: runtime.language,
                     followsMainBundle: followsMainBundle,
                     localizations: m.resolution.choices.map { c in
                         (table.localizations[c.localization], c.reason,
                          m.resolution.tableIndex.map { table.hasTable(localization: c.localization, table: $0) } ?? false,
                          c.userPreference)
                     },
                     tableLocalization: m.resolution.tableLocalization.map { table.localizations[$0] },
                     served: m.resolution.served.map { table.localizations[$0] },
                     step: m.resolution.step, result: m.text, problems: m.problems)
    }
}

/// A formatted message and how it was obtained.
public struct FormattedMessage: Sendable {
    public var bytes: [UInt8]
    public var problems: [String]
    public var resolution: Resolution
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
