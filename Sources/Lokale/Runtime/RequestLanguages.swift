internal import LokaleCore

/// Languages for one request: a server answers each request in the languages its client asked
/// for (an `Accept-Language` header), from one runtime and one open bundle each, while the
/// process's own preferences and in-app language stay as they are.
extension LokaleRuntime {
    /// The languages of the current task, when `withLanguages` set them.
    @TaskLocal static var requestLanguages: Languages?

    /// Runs `operation` with `languages` (most preferred first) in place of the runtime's
    /// preferences and in-app language for every `LokaleBundle.string(_:)` and `explain(_:)`
    /// inside it — on this task and the child tasks it creates, not on other tasks or threads.
    /// Each answer is what a runtime with these preferred languages would give: every bundle's
    /// own choice among its localizations, libraries following the main bundle.
    ///
    /// ```swift
    /// let languages = LokaleRuntime.parseAcceptLanguage(request.header("Accept-Language"))
    /// return LokaleRuntime.withLanguages(languages) { render(page) }
    /// ```
    ///
    /// Equal lists share their work: each bundle computes its choice for a list once and keeps it
    /// (bounded), so a lookup costs about what it costs without a list.
    public static func withLanguages<R>(_ languages: [String], operation: () throws -> R) rethrows -> R {
        try $requestLanguages.withValue(Languages.named(languages), operation: operation)
    }

    /// `withLanguages` for asynchronous work: the languages follow the task across suspensions.
    public static func withLanguages<R>(_ languages: [String], isolation: isolated (any Actor)? = #isolation,
                                        operation: () async throws -> R) async rethrows -> R {
        try await $requestLanguages.withValue(Languages.named(languages), operation: operation)
    }

    /// The languages `withLanguages` set for the current task; nil outside it.
    public static var currentRequestLanguages: [String]? { requestLanguages?.list }
}

extension LokaleBundle {
    /// `string(_:)` in `languages` (most preferred first) instead of the runtime's or the
    /// task's: what a runtime with these preferred languages would show.
    public func string(_ message: Message, languages: [String]) -> String {
        string(message, in: Languages.named(languages))
    }

    /// `explain(_:)` in `languages`.
    public func explain(_ message: Message, languages: [String]) -> Explanation {
        explain(message, in: Languages.named(languages))
    }
}
