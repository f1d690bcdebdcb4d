internal import CTable

/// The outcome of one lookup: which step of the fallback contract answered, and from where.
public struct Resolution: Sendable {
    /// The rows of the seeds' decision table.
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
    }

    public static let defaultTable = "Localizable"

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

    static func step(for choice: LocalizationChoice) -> Step {
        switch choice.userPreference {
        case 0?: .translation
        case _?: .laterPreference
        case nil: .development
        }
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
        case .key: LK_STEP_KEY
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
