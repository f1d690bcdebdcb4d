internal import CTable

/// Every size Lokale bounds, in one place (docs/LIMITS.md; the values: `lokale_schema.h`, which the C
/// fast paths read too, and `lokale_mf2_limits.h` for MessageFormat 2 messages). An input past a limit is refused with
/// an error naming it (or, for formatted output, cut and reported): never trusted, never a crash.
public enum Limits {
    /// Bytes of a key or table name, in a catalog or given to a lookup.
    public static let keyBytes = Int(LK_LIMIT_KEY_BYTES)
    /// Bytes of one message text in a catalog (a value, a variant, a substitution variant).
    public static let messageTextBytes = Int(LK_LIMIT_MESSAGE_TEXT_BYTES)
    /// Bytes of a caller's text at run time: a default value, a string argument.
    public static let callerTextBytes = Int(LK_LIMIT_CALLER_TEXT_BYTES)
    /// Arguments of one format call, and the highest argument position (`%1000$@`).
    public static let arguments = Int(LK_LIMIT_ARGUMENTS)
    /// Field width and precision (`%4096d`).
    public static let widthOrPrecision = Int(LK_LIMIT_WIDTH_OR_PRECISION)
    /// Bytes of formatted output; longer output is cut at a character boundary and reported.
    public static let outputBytes = Int(LK_LIMIT_OUTPUT_BYTES)
    /// Preferred languages given at once, and bytes of one language tag or locale name.
    public static let languages = Int(LK_LIMIT_LANGUAGES)
    /// Bytes of a language tag; a longer one is not a language (skipped, with a diagnostic).
    public static let languageTagBytes = Int(LK_LIMIT_LANGUAGE_TAG_BYTES)
    /// Levels of variants in one message as compiled (device, plural, substitution, …): real
    /// catalogs use two or three. The runtime walks at most `renderDepth` nodes deep.
    public static let variantDepth = Int(LK_LIMIT_VARIANT_DEPTH)
    public static let renderDepth = Int(LK_LIMIT_RENDER_DEPTH)
    /// Substitutions in one message.
    public static let substitutions = Int(LK_LIMIT_SUBSTITUTIONS)
    /// Per bundle: localizations, tables, (localization, table) pairs, messages.
    public static let localizations = Int(LK_LIMIT_LOCALIZATIONS)
    public static let tables = Int(LK_LIMIT_TABLES)
    public static let instances = Int(LK_LIMIT_INSTANCES)
    public static let messages = Int(LK_LIMIT_MESSAGES)
    /// Bytes of all distinct strings of a bundle (keys, texts, names): with the fixed-size records
    /// of `messages` messages it keeps a compiled table under its 4 GiB offset range.
    public static let stringBytes = Int(LK_LIMIT_STRING_BYTES)
    /// Bytes of a compiled table file.
    public static let tableBytes = Int(LK_LIMIT_TABLE_BYTES)

    /// One MessageFormat 2 message (beside `MF2.maxMessageBytes`): `.input` and `.local`
    /// declarations, selectors of its `.match` (and keys of each variant), variants, options of
    /// one function or markup, attributes of one expression or markup, parts (text runs,
    /// expressions, markup) of one pattern. The parser refuses one more with a syntax error there.
    public static let mf2Declarations = Int(LK_LIMIT_MF2_DECLARATIONS)
    public static let mf2Selectors = Int(LK_LIMIT_MF2_SELECTORS)
    public static let mf2Variants = Int(LK_LIMIT_MF2_VARIANTS)
    public static let mf2Options = Int(LK_LIMIT_MF2_OPTIONS)
    public static let mf2Attributes = Int(LK_LIMIT_MF2_ATTRIBUTES)
    public static let mf2PatternParts = Int(LK_LIMIT_MF2_PATTERN_PARTS)
}
