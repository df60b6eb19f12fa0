import CareModel
import Foundation

/// The text of an iCalendar file (RFC 5545): content lines as properties
/// with parameters and values, escaped, folded at 75 octets and ended with
/// CRLF.
struct ICalendar {
    private(set) var text = ""

    /// `NAME;PARAM=VALUE:value`, with `value` written as is: for dates,
    /// times, offsets and durations.
    mutating func line(_ name: String, _ parameters: [(String, String)] = [], raw value: String) {
        let head = ([name] + parameters.map { "\($0.0)=\($0.1)" }).joined(separator: ";")
        text += Self.fold(head + ":" + value)
    }

    /// A property whose value is text, escaped.
    mutating func line(_ name: String, _ parameters: [(String, String)] = [], text value: String) {
        line(name, parameters, raw: Self.escape(value))
    }

    mutating func begin(_ component: String) { line("BEGIN", raw: component) }
    mutating func end(_ component: String) { line("END", raw: component) }

    /// Text as RFC 5545 §3.3.11 writes it: backslash, semicolon and comma
    /// escaped, line breaks as `\n`.
    static func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// One content line, folded (§3.1) so that no line is longer than 75
    /// octets, never inside a UTF-8 sequence; each continuation starts with a space.
    static func fold(_ line: String) -> String {
        var result: [UInt8] = []
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if width + bytes.count > 75 {
                result += Array("\r\n ".utf8)
                width = 1
            }
            result += bytes
            width += bytes.count
        }
        return String(decoding: result + Array("\r\n".utf8), as: UTF8.self)
    }

    /// `20261130` (a DATE value).
    static func date(_ day: LocalDate) -> String {
        let (year, month, day) = day.components
        return pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `20261130T080000`: the wall-clock time in `zone` at `instant`, for a
    /// DATE-TIME with its TZID.
    static func localDateTime(_ instant: Date, in zone: TimeZone) -> String {
        let wall = Int((instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))).rounded(.down))
        let seconds = ((wall % 86_400) + 86_400) % 86_400
        let day = LocalDate(ordinal: (wall - seconds) / 86_400)
        return date(day) + "T" + pad(seconds / 3600, 2) + pad(seconds % 3600 / 60, 2)
            + pad(seconds % 60, 2)
    }

    /// `20261130T130000Z`.
    static func utcDateTime(_ instant: Date) -> String {
        localDateTime(instant, in: TimeZone(identifier: "UTC")!) + "Z"
    }

    /// `-0500`, `+0530`, `+054500`: a UTC offset.
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let text = (seconds < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + pad(magnitude % 3600 / 60, 2)
        return magnitude % 60 == 0 ? text : text + pad(magnitude % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
