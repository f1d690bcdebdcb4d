import Synchronization
internal import CTable
internal import LokaleABIHeader

/// An ordered list of preferred languages for some calls only — a server's request — in place of
/// the runtime's preferences and in-app language, which it leaves untouched. A call carrying it
/// answers what a runtime with these preferred languages (and no in-app language) would.
///
/// Bundles remember, per list `id`, their ordered localizations (bounded), and the list keeps, in
/// its own plan entries, the lookup plans of the last bundles it was used with; equal lists made
/// through `Languages.named` share both.
public final class Languages: @unchecked Sendable, CustomStringConvertible {
    /// The languages, most preferred first, as given.
    public let list: [String]
    /// Unique in the process and never reused.
    public let id: UInt64
    /// The plans of the bundles this list was used with (`lk_list_slot`, CTable): what C's fast
    /// paths read for a message carrying the list. Written and read only through CTable's atomics.
    let entries: UnsafeMutablePointer<lk_list_slot>

    private static let nextID = Atomic<UInt64>(1)

    init(_ list: [String]) {
        self.list = list
        id = Languages.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        guard let e = lk_list_slots_new() else { fatalError("lokale: out of memory for a language list") }
        entries = e
    }

    deinit { lk_list_slots_free(entries) }

    /// What the C ABI hands out for this list is a handle whose `lists` are these entries.
    package var entriesAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(entries) }

    public var description: String { list.joined(separator: ",") }
}

extension Languages {
    /// The list for `languages`: the one made for an equal list among the last `remembered`
    /// distinct lists of the process, else a new one.
    public static func named(_ languages: [String]) -> Languages {
        recent.value(languages, Languages.init)
    }

    /// How many distinct lists `named(_:)` remembers, as lokale.h states it.
    public static let remembered = Int(LOKALE_LANGUAGES_REMEMBERED)

    /// The list of an HTTP `Accept-Language` header (`AcceptLanguage.parse`), remembered by the
    /// header's text too: a server sees the same few headers again and again, and skips parsing
    /// and splitting them.
    public static func forHeader(_ header: String) -> Languages {
        recentHeaders.value(header) { named(AcceptLanguage.parse($0)) }
    }

    private static let recent = SharedCache<[String], Languages>(limit: remembered)
    private static let recentHeaders = SharedCache<String, Languages>(limit: remembered)
}

extension Runtime {
    /// The per-call list for `languages` (`Languages.named`). Lists are not tied to a runtime:
    /// any bundle answers in them under its own runtime's bundles and policy.
    public func languages(_ languages: [String]) -> Languages { Languages.named(languages) }
}
