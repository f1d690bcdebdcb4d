internal import CTable

/// The LOCD section: each localization's locale data (`LocaleData`), recorded when the table was
/// compiled. Checked at open (bounds, strings, rule nodes: `lk_table_read`), decoded when asked, never cached here:
/// the bundle keeps what it derives from it per table version.
extension CompiledTable {
    private typealias R = TableLayout.LocaleRecord

    /// Whether the table records locale data (tables written before the section existed do not).
    public var hasLocaleData: Bool { localeDataSection != nil }

    /// Everything recorded for localization `i`; nil without the section.
    public func localeData(_ i: Int) -> LocaleData? {
        guard let symbols = localeSymbols(i) else { return nil }
        return LocaleData(selection: localeSelection(i), symbols: symbols,
                          cardinal: localeRules(i, ordinal: false) ?? nil, ordinal: localeRules(i, ordinal: true) ?? nil)
    }

    /// How Apple's selection sees localization `i`: nil without the section or when its name is no locale.
    public func localeSelection(_ i: Int) -> LocaleData.Selection? {
        guard let r = record(i) else { return nil }
        let flags = u32(r + R.flags)
        guard flags & R.isLocale != 0 else { return nil }
        return LocaleData.Selection(icuID: text(r + R.icuID), normal: text(r + R.normal), maximized: text(r + R.maximized),
                                    chain: text(r + R.chain).split(separator: " ").map(String.init),
                                    isCanonicalTag: flags & R.canonical != 0)
    }

    /// ICU's id of localization `i`'s name (the selection's `icuID` alone); nil as for `localeSelection`.
    func localeICUID(_ i: Int) -> String? {
        guard let r = record(i), u32(r + R.flags) & R.isLocale != 0 else { return nil }
        return text(r + R.icuID)
    }

    /// The number symbols of localization `i`; nil without the section.
    public func localeSymbols(_ i: Int) -> NumberSymbols? {
        guard let r = record(i) else { return nil }
        guard u32(r + R.flags) & R.localized != 0 else { return .posix }
        var zero: Unicode.Scalar = "0"
        if let z = Unicode.Scalar(u32(r + R.zero)), z.properties.numericType == .decimal, z.properties.numericValue == 0 { zero = z }
        var s = NumberSymbols(decimal: text(r + R.decimal), grouping: text(r + R.grouping), zero: zero)
        var primary: UInt32 = 0, secondary: UInt32 = 0, minimum: UInt32 = 0
        lk_recorded_groups(u32(r + R.groupSizes), &primary, &secondary, &minimum)
        (s.primaryGroup, s.secondaryGroup, s.minimumGrouping) = (Int(primary), Int(secondary), Int(minimum))
        s.localized = true
        s.caseLocale = text(r + R.caseLocale)
        return s
    }

    /// The plural rules of localization `i`: nil without the section, .some(nil) when ICU had none.
    public func localeRules(_ i: Int, ordinal: Bool) -> LocaleData.Rules?? {
        guard let r = record(i) else { return nil }
        let at = u32(r + (ordinal ? R.ordinal : R.cardinal))
        guard at != TableLayout.none else { return .some(nil) }
        var tree = self.tree
        var n = lk_node()
        guard lk_node_read(&tree, at, &n) == Int32(LK_NODE_OK), n.kind == LK_NODE_RULE else { return .some(nil) } // checked at open
        // The results follow the code, a byte each in the words' little-endian order (checked at open).
        let results = UnsafeRawBufferPointer(start: UnsafeRawPointer(tree.nodes) + Int(n.next) * 4, count: Int(n.length))
        let small = Array(results.prefix(PluralRules.smallLimit))
        let code = (0 ..< UInt64(n.count)).map { lk_tree_word(&tree, UInt64(n.children) + $0) }
        return LocaleData.Rules(small: small, code: code)
    }

    /// Publishes into `infos` (one per localization) what C formats with, from the LOCD records
    /// (`lk_localization_infos_publish_recorded`); nothing without the section.
    func publishRecordedInfos(_ infos: UnsafeMutablePointer<lk_localization_info>) {
        guard let section = localeDataSection else { return }
        var tree = self.tree
        lk_localization_infos_publish_recorded(infos, UInt64(section.count), (file.base + section.offset).assumingMemoryBound(to: UInt8.self), &tree)
    }

    /// The names of the localizations recorded as their own canonical language tags (`de`, `pt-BR`).
    public var canonicalLocalizationNames: [String] {
        guard hasLocaleData else { return [] }
        return localizations.indices.compactMap { i in
            guard let r = record(i), u32(r + R.flags) & (R.isLocale | R.canonical) == R.isLocale | R.canonical else { return nil }
            return localizations[i]
        }
    }

    /// The localization whose name is `name`, when the table records its locale data.
    public func localeSelection(named name: String) -> LocaleData.Selection? {
        guard hasLocaleData, let i = localizations.firstIndex(of: name) else { return nil }
        return localeSelection(i)
    }

    private func record(_ i: Int) -> Int? {
        guard let section = localeDataSection, i >= 0, i < section.count else { return nil }
        return section.offset + i * TableLayout.Section.localeData.recordSize
    }

    /// A string field checked at open.
    private func text(_ field: Int) -> String {
        guard let b = try? bytes(u32(field), u32(field + 4)) else { return "" }
        return String(decoding: b, as: UTF8.self)
    }
}
