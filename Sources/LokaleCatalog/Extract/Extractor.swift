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
    }

    /// Every message in `paths` (files, or folders searched recursively, hidden folders skipped).
    public static func scan(paths: [String]) throws(CatalogError) -> [ExtractedMessage] {
        try scanWithWarnings(paths: paths).messages
    }

    public static func scanWithWarnings(paths: [String]) throws(CatalogError) -> Result {
        var result = Result()
        for path in paths {
            for file in try sourceFiles(path) {
                guard let kind = SourceKind(path: file) else { continue }
                let found = extract(try readFile(file), kind: kind, file: file)
                result.messages += found.messages
                result.warnings += found.warnings
                result.messageFormats += found.messageFormats
                result.files.append(file)
            }
        }
        return result
    }

    /// The messages in one file's bytes.
    public static func extract(_ bytes: [UInt8], kind: SourceKind, file: String) -> Result {
        let found: (messages: [ExtractedMessage], warnings: [ExtractionWarning])
        let tokens: [SourceToken], labelSeparator: String?
        switch kind {
        case .c:
            (tokens, labelSeparator) = (CTokenizer.tokens(bytes), nil)
            found = MessageMatcher(MessageRule.c, labelSeparator: labelSeparator, file: file).matches(tokens)
        case .python:
            (tokens, labelSeparator) = (PythonTokenizer.tokens(bytes), "=")
            found = MessageMatcher(MessageRule.python, labelSeparator: labelSeparator, file: file).matches(tokens)
        case .swift:
            (tokens, labelSeparator) = (SwiftTokenizer.tokens(bytes), ":")
            let declarations = SwiftDeclarations(tokens)
            found = MessageMatcher(MessageRule.swift, labelSeparator: labelSeparator, file: file, resolve: declarations.resolve).matches(tokens)
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
