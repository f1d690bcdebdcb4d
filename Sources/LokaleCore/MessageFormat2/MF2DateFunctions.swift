/// The draft `:date`, `:time` and `:datetime` (LDML part 9, functions/datetime): a date argument or
/// an ISO 8601 literal (`2006-01-02`, `2006-01-02T15:04:06`, with `Z` or `±hh:mm`; without one it
/// is read and shown in UTC), formatted in the locale's ICU date and time styles the options choose.
///
/// Two private options (namespace `lokale:`, which other implementations ignore) say what ICU
/// MessageFormat's date arguments and Flutter's date formats say and MF2's options cannot:
/// `lokale:skeleton` (a date-time skeleton, `yMMMd`, `jmv`, `QQQQ y`: the locale's best pattern for
/// it, from ICU's DateTimePatternGenerator) and `lokale:pattern` (a pattern, `yyyy-MM-dd 'at' HH`,
/// as written). Either replaces the styles.
enum MF2DateFunctions {
    enum Kind: Sendable { case date, time, datetime }

    /// Lengths as ICU's date format styles.
    static let dateStyles: [String: Int32] = ["full": 0, "long": 1, "medium": 2, "short": 3]
    /// Precisions as ICU's time format styles (medium shows seconds, short does not); an hour
    /// alone has no style, so it takes a skeleton.
    static let timePrecisions: [String: Int32] = ["hour": -1, "minute": 3, "second": 2]
    /// The older `style` spellings of time options.
    static let timeStyles = dateStyles

    /// The options each function reads, by name: date length (`length`, `dateLength`, `style`,
    /// `dateStyle`) and time precision (`precision`, `timePrecision`, `timeStyle`).
    static func role(_ kind: Kind, _ name: String) -> String? {
        switch (kind, name) {
        case (.date, "length"), (.date, "style"), (.datetime, "dateLength"), (.datetime, "dateStyle"): "date"
        case (.time, "precision"), (.datetime, "timePrecision"): "time"
        case (.time, "style"), (.datetime, "timeStyle"): "timeStyle"
        case (_, "timeZone"): "timeZone"
        case (_, "lokale:skeleton"): "skeleton"
        case (_, "lokale:pattern"): "pattern"
        default: nil
        }
    }

    @Sendable static func call(_ c: inout MF2.FunctionCall, _ kind: Kind) throws(MF2.FormatError) -> any MF2.ResolvedValue {
        guard let operand = c.operand else { throw MF2.FormatError(.badOperand, ":\(c.name) needs an operand") }
        var seconds: Double, zone: String?
        var options: [String: String] = [:]
        switch operand.input {
        case .date(let s, let z): (seconds, zone) = (s, z)
        case .string(let text):
            guard let (s, z) = parseISO(text) else { throw MF2.FormatError(.badOperand, "|\(text)| is not an ISO 8601 date") }
            (seconds, zone) = (s, z)
        case .number, .bool: throw MF2.FormatError(.badOperand, ":\(c.name) takes a date")
        }
        if let from = operand as? MF2DateValue, from.kind == kind { options = from.options }
        for (name, option) in c.options.sorted(by: { $0.key < $1.key }) {
            guard let role = role(kind, name) else { continue }
            guard let value = option.string else {
                c.report(.badOption, "`\(name)` is not a string")
                continue
            }
            let valid = switch role {
            case "date": dateStyles[value] != nil
            case "time": timePrecisions[value] != nil
            case "timeStyle": timeStyles[value] != nil
            case "skeleton": isSkeleton(value)
            default: !value.isEmpty
            }
            if valid { options[role] = value } else { c.report(.badOption, "`\(name)=\(value)` is not a valid value") }
        }
        if let z = options["timeZone"] { zone = z }
        return MF2DateValue(kind: kind, seconds: seconds, timeZone: zone, options: options, locale: c.locale)
    }

    /// Pattern letters (and the spaces ICU allows between them) only: what a skeleton is made of.
    static func isSkeleton(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.utf8.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 == 0x20 }
    }

    /// Seconds since 1970 and the offset's zone ("GMT+01:00"; nil for none or Z) of an ISO 8601
    /// date or date-time; nil when `text` is not one.
    static func parseISO(_ text: String) -> (Double, String?)? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var n = 0
            for k in i..<i + count {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                n = n * 10 + Int(b[k] - 0x30)
            }
            i += count
            return n
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let y = number(4), expect("-"), let m = number(2), expect("-"), let d = number(2),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var seconds = Double(daysFromCivil(y, m, d)) * 86_400
        var zone: String?
        if i < b.count {
            guard expect("T") || expect(" "), let h = number(2), expect(":"), let mi = number(2), h < 24, mi < 60 else { return nil }
            var s = 0.0
            if expect(":") {
                guard let whole = number(2), whole < 61 else { return nil }
                s = Double(whole)
                if expect(".") {
                    var scale = 0.1
                    while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { s += Double(b[i] - 0x30) * scale; scale /= 10; i += 1 }
                }
            }
            seconds += Double(h * 3600 + mi * 60) + s
            if expect("Z") {
                zone = nil
            } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = number(2), expect(":"), let om = number(2) else { return nil }
                seconds -= Double(sign * (oh * 3600 + om * 60))
                zone = "GMT" + (sign < 0 ? "-" : "+") + String(decoding: b[(i - 5)..<i], as: UTF8.self)
            }
        }
        guard i == b.count else { return nil }
        return (seconds, zone)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

struct MF2DateValue: MF2.ResolvedValue {
    var kind: MF2DateFunctions.Kind
    var seconds: Double
    var timeZone: String?
    var options: [String: String]
    var locale: String

    var type: String { "datetime" }
    var input: MF2.Input { .date(seconds, timeZone: timeZone) }
    var direction: MF2.Direction { MF2ICU.isRightToLeft(locale) ? .rtl : .ltr }

    func format() throws(MF2.FormatError) -> String {
        if let given = options["pattern"] ?? options["skeleton"] {
            guard let text = MF2ICU.formatDate(locale: locale, dateStyle: -1, timeStyle: -1, skeleton: given,
                                               isPattern: options["pattern"] != nil, seconds: seconds, timeZone: timeZone) else {
                throw MF2.FormatError(.messageFunction, "ICU cannot format the date with `\(given)`")
            }
            return text
        }
        let dateStyle = kind == .time ? -1 : MF2DateFunctions.dateStyles[options["date"] ?? "medium"] ?? 2
        let timeStyle = kind == .date ? -1 : options["timeStyle"].flatMap { MF2DateFunctions.timeStyles[$0] }
            ?? MF2DateFunctions.timePrecisions[options["time"] ?? "minute"] ?? 3
        var skeleton: String?
        if timeStyle < 0, kind != .date {
            // Hour precision: the hour alone, in the locale's cycle (`j`).
            skeleton = (kind == .time ? "" : ["yMMMMEEEEd", "yMMMMd", "yMMMd", "yMd"][Int(dateStyle)]) + "j"
        }
        guard let text = MF2ICU.formatDate(locale: locale, dateStyle: dateStyle, timeStyle: timeStyle, skeleton: skeleton,
                                           seconds: seconds, timeZone: timeZone) else {
            throw MF2.FormatError(.messageFunction, "ICU cannot format the date")
        }
        return text
    }
}

extension MF2.Argument {
    /// A date from ISO 8601 text (`2006-01-02T15:04:06`, with `Z` or an offset; without one, UTC);
    /// nil when the text is not one.
    public static func date(iso8601 text: String) -> MF2.Argument? {
        MF2DateFunctions.parseISO(text).map { .date($0.0, timeZone: $0.1) }
    }
}
