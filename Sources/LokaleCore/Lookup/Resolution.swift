internal import CTable

/// The outcome of one lookup: which step of the fallback contract answered, and from where.
public struct Resolution: Sendable {
    /// The rows of the seeds' decision table, as every surface names them (explain's JSON, Swift's
    /// `Explanation.Step`, the C ABI's `lokale_step` through `code`).
    public enum Step: String, Sendable {
        /// The user's first preferred language (or its fallback) has the translation.
        case translation
        /// A later preferred language matched and has the translation.
        case laterPreference = "later-preference"
        /// No preference matched: the development localization's text.
        case development
        /// The lookup failed: the message's explicit default value.
        case defaultValue = "default"
        /// The lookup failed and no default was given: the key itself.
        case key
        /// Nothing was looked up: a verbatim message, or a bundle whose file could not be opened
        /// (Swift's `Explanation` only; no lookup answers it).
        case notLookedUp = "not-looked-up"
    }

    /// Apple's last two rows, for a lookup that found nothing: the default value when it is
    /// non-empty, else the key. The rule is C's `lk_unresolved`, which the fast path applies too.
    public static func unresolved(key: UnsafeRawBufferPointer, default value: UnsafeRawBufferPointer?)
        -> (text: UnsafeRawBufferPointer, step: Step) {
        let a = lk_unresolved(key.baseAddress?.assumingMemoryBound(to: CChar.self), key.count,
                              value?.baseAddress?.assumingMemoryBound(to: CChar.self), value?.count ?? 0)
        return (UnsafeRawBufferPointer(start: a.text, count: a.length), Step(code: a.step))
    }

    /// `unresolved` of strings: the key or the default value itself.
    public static func unresolved(key: String, default value: String?) -> (text: String, step: Step) {
        var k = key, d = value ?? ""
        let step = k.withUTF8 { kb in d.withUTF8 { db in unresolved(key: UnsafeRawBufferPointer(kb), default: UnsafeRawBufferPointer(db)).step } }
        return (step == .defaultValue ? d : key, step)
    }

    public static let defaultTable = LK_DEFAULT_TABLE

    /// The version of the bundle's table the indices below refer to (a reload makes a new one).
    public var table: CompiledTable
    public var step: Step
    public var choices: [LocalizationChoice]
    public var tableIndex: Int?
    /// The localization whose table was searched (the first in the list that has the table).
    public var tableLocalization: Int? = nil
    /// The localization whose text answered.
    public var served: Int? = nil
    public var servedPosition: Int? = nil
    public var entry: CompiledTable.Entry? = nil

    /// CTable's `lk_step_for`, the C start's rule too.
    static func step(for choice: LocalizationChoice) -> Step {
        Step(code: lk_step_for(choice.userPreference.map { Int32(clamping: $0) } ?? -1))
    }
}

extension Resolution.Step {
    /// The row's code: what plans store for the C fast path, and the C ABI's lokale_step.
    package var code: Int32 {
        switch self {
        case .translation: LK_STEP_TRANSLATION
        case .laterPreference: LK_STEP_LATER_PREFERENCE
        case .development: LK_STEP_DEVELOPMENT
        case .defaultValue: LK_STEP_DEFAULT
        case .key, .notLookedUp: LK_STEP_KEY // a C call always looks up
        }
    }

    package init(code: Int32) {
        switch code {
        case LK_STEP_TRANSLATION: self = .translation
        case LK_STEP_LATER_PREFERENCE: self = .laterPreference
        case LK_STEP_DEVELOPMENT: self = .development
        case LK_STEP_DEFAULT: self = .defaultValue
        default: self = .key
        }
    }
}
