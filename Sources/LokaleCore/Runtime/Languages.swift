import Synchronization

/// An ordered list of preferred languages for some calls only — a server's request — in place of
/// the runtime's preferences and in-app language, which it leaves untouched. A call carrying it
/// answers what a runtime with these preferred languages (and no in-app language) would.
///
/// Bundles remember, per list, their ordered localizations and lookup plan (bounded); they key
/// them by `id`, so equal lists made through `Runtime.languages(_:)` share that work.
public final class Languages: Sendable, CustomStringConvertible {
    /// The languages, most preferred first, as given.
    public let list: [String]
    /// Unique in the process and never reused (0 is no list: C's "the runtime's languages").
    public let id: UInt64

    private static let nextID = Atomic<UInt64>(1)

    init(_ list: [String]) {
        self.list = list
        id = Languages.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    public var description: String { list.joined(separator: ",") }
}

extension Languages {
    /// The list for `languages`: the one made for an equal list among the last `remembered`
    /// distinct lists of the process, else a new one.
    public static func named(_ languages: [String]) -> Languages {
        recent.value(languages, Languages.init)
    }

    /// How many distinct lists `named(_:)` remembers (C's LOKALE_LANGUAGES_REMEMBERED).
    public static let remembered = 1024

    private static let recent = SharedCache<[String], Languages>(limit: remembered)
}

extension Runtime {
    /// The per-call list for `languages` (`Languages.named`). Lists are not tied to a runtime:
    /// any bundle answers in them under its own runtime's bundles and policy.
    public func languages(_ languages: [String]) -> Languages { Languages.named(languages) }
}
