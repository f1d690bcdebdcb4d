public import LokaleCore

/// Why a message showed the text it did: the languages negotiated, the ordered localizations,
/// which one answered, which row of the fallback contract applied, and any formatting problem.
/// `LokaleBundle.string` never reports problems; this is where they are.
public struct Explanation: Sendable, CustomStringConvertible {
    /// The row of the fallback contract that produced the text (`notLookedUp`: a verbatim message,
    /// or a bundle whose file could not be opened).
    public typealias Step = Resolution.Step

    /// The text `LokaleBundle.string` returns for the message.
    public let result: String
    public let step: Step
    /// The localization whose text answered; nil when none did.
    public let servedLocalization: String?
    /// The bundle's ordered localizations, best first.
    public let orderedLocalizations: [String]
    /// Problems met: a translation whose specifiers do not match the values, a missing file.
    public let problems: [String]
    /// How a MessageFormat 2 message's `.match` chose its variant (nil for other messages).
    public let selection: MF2.Selection?
    /// The whole trace, one fact a line (as `lokale explain` prints it).
    public let text: String
    /// The trace as JSON (as `lokale explain --json` prints it).
    public let json: String

    public var description: String { text }

    init(_ trace: Trace) {
        result = trace.result
        step = trace.step
        servedLocalization = trace.served
        orderedLocalizations = trace.localizations.map(\.name)
        problems = trace.problems
        selection = trace.selection
        text = trace.text
        json = trace.json
    }

    init(notLookedUp result: String, problems: [String]) {
        self.result = result
        step = .notLookedUp
        servedLocalization = nil
        orderedLocalizations = []
        self.problems = problems
        selection = nil
        var t = problems.map { "problem: \($0)\n" }.joined()
        t += "step: not-looked-up\nresult: \(result)\n"
        text = t
        var j = JSONText()
        j.open()
        j.string("step", Step.notLookedUp.rawValue)
        j.string("result", result)
        j.open("problems", array: true)
        for p in problems { j.string(nil, p) }
        j.close(array: true)
        j.close()
        json = j.text
    }
}
