import Foundation
import Support

/// How a language's `yMMMdjmm` format joins a date and a time (`Mar 5, 2026
/// at 8:05 AM`, `5. März 2026 um 08:05`), so a moment can be written as its
/// day and its clock, each formatted once and kept, where ICU was asked
/// again for each of an audit trail's thousands of moments.
///
/// It is found by formatting probes and kept only if joining gives ICU's
/// own text for every one of them; a language for which it does not is
/// written by ICU every time.
struct DateTimeGlue: Sendable {
    var dateFirst: Bool
    var before: String
    var middle: String
    var after: String

    func join(date: String, time: String) -> String {
        // Copied once into a string of their length: the audit trail and charts join a date and time for every entry.
        dateFirst ? String.joined(before, date, middle, time, after) : String.joined(before, time, middle, date, after)
    }

    /// - Parameters:
    ///   - combined: the date and time together, for each probe.
    ///   - date, time: the same probes' date and time alone.
    init?(combined: (Date) -> String, date: (Date) -> String, time: (Date) -> String) {
        let probes = Self.probes
        guard let first = probes.first,
              let glue = Self.glue(in: combined(first), date: date(first), time: time(first)) else { return nil }
        // Byte for byte: String's == would take a text ICU writes with other, equivalent scalars.
        guard probes.allSatisfy({ glue.join(date: date($0), time: time($0)).utf8.elementsEqual(combined($0).utf8) }) else {
            return nil
        }
        self = glue
    }

    private init(dateFirst: Bool, before: String, middle: String, after: String) {
        self.dateFirst = dateFirst
        self.before = before
        self.middle = middle
        self.after = after
    }

    private static func glue(in text: String, date: String, time: String) -> DateTimeGlue? {
        guard !date.isEmpty, !time.isEmpty, let dateRange = text.range(of: date), let timeRange = text.range(of: time) else {
            return nil
        }
        if dateRange.upperBound <= timeRange.lowerBound {
            return DateTimeGlue(dateFirst: true, before: String(text[..<dateRange.lowerBound]),
                                middle: String(text[dateRange.upperBound..<timeRange.lowerBound]),
                                after: String(text[timeRange.upperBound...]))
        }
        if timeRange.upperBound <= dateRange.lowerBound {
            return DateTimeGlue(dateFirst: false, before: String(text[..<timeRange.lowerBound]),
                                middle: String(text[timeRange.upperBound..<dateRange.lowerBound]),
                                after: String(text[dateRange.upperBound...]))
        }
        return nil
    }

    /// A day in every month, long and short month names alike, each at a
    /// morning, an afternoon, midnight and noon, in UTC as `Formats` writes them.
    static let probes: [Date] = (1...12).flatMap { month -> [Date] in
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                        year: month % 2 == 0 ? 2026 : 1999, month: month, day: (month * 5) % 28 + 1)
        return [(8, 5), (21, 45), (0, 0), (12, 30)].compactMap { hour, minute in
            components.hour = hour
            components.minute = minute
            return components.date
        }
    }
}
