import FoundationEssentials

/// Finds the messages in source code (C, C++, Python, Swift) with a small tokenizer per language,
/// so that literals in comments or inside other literals are never taken for messages.
public enum Extractor {
    public enum SourceKind: Sendable {
        case c, python, swift

        /// The kind of a file by its extension; nil for files extraction does not read.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            switch path[path.index(after: dot)...].lowercased() {
            case "c", "h", "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "m", "mm", "inl", "ipp": self = .c
            case "py", "pyi": self = .python
            case "swift": self = .swift
            default: return nil
            }
        }
    }

    public struct Result: Sendable {
        public var messages: [ExtractedMessage] = []
        public var warnings: [ExtractionWarning] = []
        /// MessageFormat 2 messages given as source in calls, checked (not catalog messages).
        public var messageFormats: [MessageFormatSite] = []
        /// Their errors, in file order.
        public var messageFormatProblems: [MessageFormatProblem] { messageFormats.flatMap(\.problems) }
        /// The source files read, in order.
        public var files: [String] = []
        /// Why the compiler could not type-check some Swift files (they were read from their tokens).
        public var compilerProblems: [String] = []
        /// What the compiler type-checked, and how long it took.
        public var compilerNotes: [String] = []
    }

    /// Every message in `paths` (files, or folders searched recursively, hidden folders skipped).
    public static func scan(paths: [String]) throws(CatalogError) -> [ExtractedMessage] {
        try scanWithWarnings(paths: paths).messages
    }

    /// - Parameter declarations: more Swift files or folders whose functions and initializers with
    ///   `Message` parameters are read (a library the scanned code calls), not extracted.
    /// - Parameter compiler: type-check the Swift files with the real compiler (see
    ///   `SwiftTypeCheck`), so that every literal the compiler types as a Lokale `Message` is
    ///   found with its interpolations' exact types; nil reads the tokens alone. Files the compiler
    ///   cannot type-check are read without it, with a warning saying why.
    /// - Parameter commentTags: Python comments that start with one of these (`TRANSLATORS:`) are
    ///   the comment of the message on the line below them, as `pybabel extract -c TAG` reads them.
    public static func scanWithWarnings(paths: [String], declarations: [String] = [], compiler: SwiftTypeCheck? = nil,
                                        commentTags: [String] = []) throws(CatalogError) -> Result {
        var result = Result()
        var files: [(path: String, kind: SourceKind, bytes: [UInt8])] = []
        for path in paths {
            for file in try sourceFiles(path) {
                guard let kind = SourceKind(path: file) else { continue }
                files.append((file, kind, try readFile(file)))
            }
        }
        // Swift first as a whole: a function declared in one file is called in another.
        var swiftTokens: [String: [SourceToken]] = [:]
        for f in files where f.kind == .swift { swiftTokens[f.path] = SwiftTokenizer.tokens(f.bytes) }
        var libraries: [[SourceToken]] = []
        for path in declarations {
            for file in try sourceFiles(path) where SourceKind(path: file) == .swift && swiftTokens[file] == nil {
                libraries.append(SwiftTokenizer.tokens(try readFile(file)))
            }
        }
        let sites = SwiftMessageSites(files.compactMap { swiftTokens[$0.path] } + libraries)
        var typed: [String: TypedLiterals] = [:]
        if let compiler {
            let checked = compiler.typeCheck(files.filter { $0.kind == .swift }.map { ($0.path, $0.bytes) })
            typed = checked.files
            result.compilerProblems = checked.problems
            result.compilerNotes = checked.notes
        }
        for f in files {
            let found = extract(f.bytes, kind: f.kind, file: f.path, tokens: swiftTokens[f.path],
                                swift: SwiftContext(rules: sites.rules, typed: typed[f.path]), commentTags: commentTags)
            result.messages += found.messages
            result.warnings += found.warnings
            result.messageFormats += found.messageFormats
            result.files.append(f.path)
        }
        return result
    }

    /// What extraction of one Swift file knows from the others, and from the compiler.
    struct SwiftContext {
        /// Rules for the functions and initializers the scanned code declares with `Message` parameters.
        var rules: [MessageRule] = []
        /// The compiler's types for this file; nil when it was not type-checked.
        var typed: TypedLiterals? = nil
    }

    /// The messages in one file's bytes.
    public static func extract(_ bytes: [UInt8], kind: SourceKind, file: String) -> Result {
        let tokens = kind == .swift ? SwiftTokenizer.tokens(bytes) : nil
        let sites = tokens.map { SwiftMessageSites([$0]).rules } ?? []
        return extract(bytes, kind: kind, file: file, tokens: tokens, swift: SwiftContext(rules: sites))
    }

    static func extract(_ bytes: [UInt8], kind: SourceKind, file: String, tokens swiftTokens: [SourceToken]?, swift: SwiftContext,
                        commentTags: [String] = []) -> Result {
        let found: (messages: [ExtractedMessage], warnings: [ExtractionWarning])
        let tokens: [SourceToken], labelSeparator: String?
        switch kind {
        case .c:
            (tokens, labelSeparator) = (CTokenizer.tokens(bytes), nil)
            found = MessageMatcher(MessageRule.c, labelSeparator: labelSeparator, file: file).matches(tokens)
        case .python:
            // The comments are kept only when translator comments are asked for.
            var comments: [(line: Int, text: String)] = []
            tokens = commentTags.isEmpty ? PythonTokenizer.tokens(bytes) : PythonTokenizer.tokens(bytes, comments: &comments)
            labelSeparator = "="
            var python = MessageMatcher(MessageRule.python, labelSeparator: labelSeparator, file: file).matches(tokens)
            // A translator comment goes to the message called on the line below it, unless the
            // call names its own comment (`comment=`).
            let notes = PythonTokenizer.translatorComments(comments, tags: commentTags)
            for i in python.messages.indices where python.messages[i].comment == nil {
                python.messages[i].comment = notes[python.messages[i].line]
            }
            found = python
        case .swift:
            (tokens, labelSeparator) = (swiftTokens ?? SwiftTokenizer.tokens(bytes), ":")
            let declarations = SwiftDeclarations(tokens)
            var typed = swift.typed ?? TypedLiterals()
            typed.messages.formUnion(SwiftMessageSites.declaredLiterals(tokens))
            found = MessageMatcher(MessageRule.swift + swift.rules, labelSeparator: labelSeparator, file: file,
                                   resolve: declarations.resolve, typed: typed).matches(tokens)
        }
        let formats = MessageFormatSite.find(tokens, kind: kind, bytes: bytes, file: file, labelSeparator: labelSeparator)
        return Result(messages: found.messages, warnings: found.warnings, messageFormats: formats, files: [file])
    }

    /// A file itself (when its type is known), or the known source files under a folder, sorted.
    static func sourceFiles(_ path: String) throws(CatalogError) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { throw CatalogError(file: path, "no such file or folder") }
        guard isDirectory(path) else {
            guard SourceKind(path: path) != nil else {
                throw CatalogError(file: path, "not a source file extraction reads (C/C++, Python, Swift)")
            }
            return [path]
        }
        let all: [String]
        do { all = try FileManager.default.subpathsOfDirectory(atPath: path) }
        catch { throw CatalogError(file: path, "cannot list the folder: " + FileProblem.listing(path)) }
        var files: [String] = []
        for relative in all {
            // Hidden folders (.git, .build) and their contents are not sources.
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if SourceKind(path: relative) != nil { files.append(path + "/" + relative) }
        }
        return files.sorted()
    }
}
