/// Every size Lokale bounds, in one place (docs/LIMITS.md). An input past a limit is refused with
/// an error naming it (or, for formatted output, cut and reported): never trusted, never a crash.
public enum Limits {
    /// Bytes of a key or table name, in a catalog or given to a lookup.
    public static let keyBytes = 1 << 20
    /// Bytes of one message text in a catalog (a value, a variant, a substitution variant).
    public static let messageTextBytes = 1 << 20
    /// Bytes of a caller's text at run time: a default value, a string argument.
    public static let callerTextBytes = 1 << 26
    /// Arguments of one format call, and the highest argument position (`%1000$@`).
    public static let arguments = 1000
    /// Field width and precision (`%4096d`).
    public static let widthOrPrecision = 4096
    /// Bytes of formatted output; longer output is cut at a character boundary and reported.
    public static let outputBytes = 1 << 20
    /// Preferred languages given at once, and bytes of one language tag or locale name.
    public static let languages = 1024
    /// Bytes of a language tag; a longer one is not a language (skipped, with a diagnostic).
    public static let languageTagBytes = 96
    /// Levels of variants in one message as compiled (device, plural, substitution, …): real
    /// catalogs use two or three. The runtime walks at most `renderDepth` nodes deep.
    public static let variantDepth = 8
    public static let renderDepth = 16
    /// Substitutions in one message.
    public static let substitutions = 64
    /// Per bundle: localizations, tables, (localization, table) pairs, messages.
    public static let localizations = 4096
    public static let tables = 65536
    public static let instances = 1 << 20
    public static let messages = 1 << 24
    /// Bytes of all distinct strings of a bundle (keys, texts, names): with the fixed-size records
    /// of `messages` messages it keeps a compiled table under its 4 GiB offset range.
    public static let stringBytes = 1 << 31
    /// Bytes of a compiled table file.
    public static let tableBytes = Int(UInt32.max)
}
