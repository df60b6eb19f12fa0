import CareModel
import Foundation
import Testing

/// A `text events` block of the reference: a participant's enrollment day
/// and zone, then one line per event, as an editor reads them:
///
///     Enrolled Monday 2 March 2026, Europe/London:
///     #0  Mon 2 Mar 2026  08:00–09:00  Every morning
///     #1  Sun 25 Oct 2026  01:30 +01:00 – 01:30 +00:00
///     #2  Tue 3 Mar 2026  all day
///
/// An offset after a time is the zone's offset from UTC at that moment; the
/// text at the end, when given, is the element's `text`. The lines are every
/// event from the first line's day to the last line's day.
struct ReferenceEvents: Sendable, CustomTestStringConvertible {
    var block: ReferenceBlock
    /// The example whose schedule makes the events.
    var example: ReferenceExample?

    var testDescription: String { block.testDescription }

    struct Header: Equatable {
        var enrolled: LocalDate
        var zone: TimeZone
    }

    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    /// `Enrolled Monday 2 March 2026, Europe/London:`.
    static func header(_ line: Substring) -> Header? {
        guard line.hasPrefix("Enrolled "), line.hasSuffix(":") else { return nil }
        let parts = line.dropFirst("Enrolled ".count).dropLast().split(separator: ", ")
        guard parts.count == 2, let zone = TimeZone(identifier: String(parts[1])) else { return nil }
        let words = parts[0].split(separator: " ").map(String.init)
        guard words.count == 4, let day = Int(words[1]), let month = months.firstIndex(of: words[2]),
              let year = Int(words[3]), let date = LocalDate(year: year, month: month + 1, day: day),
              weekdays[date.weekday - 1] == words[0] else { return nil }
        return Header(enrolled: date, zone: zone)
    }

    /// How one event is written in the reference.
    static func line(_ event: ScheduledEvent, in zone: TimeZone, withOffsets: Bool, withText: Bool) -> String {
        let (year, month, day) = event.day.components
        let date = "\(weekdays[event.day.weekday - 1].prefix(3)) \(day) \(months[month - 1].prefix(3)) \(year)"
        var times = "all day"
        if !event.isAllDay {
            let start = zone.localTime(of: event.start), end = zone.localTime(of: event.end)
            times = withOffsets ? "\(start) \(offset(event.start, zone)) – \(end) \(offset(event.end, zone))"
                                : "\(start)–\(end)"
        }
        let text = withText ? event.text.map { "  " + $0 } ?? "" : ""
        return "#\(event.occurrence)  \(date)  \(times)\(text)"
    }

    /// `+01:00`.
    static func offset(_ instant: Date, _ zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: instant)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The local day of a line: `Mon 2 Mar 2026` after its number.
    static func day(_ line: Substring) -> LocalDate? {
        let columns = line.components(separatedBy: "  ").filter { !$0.isEmpty }
        guard columns.count >= 3 else { return nil }
        let words = columns[1].split(separator: " ").map(String.init)
        guard words.count == 4, let day = Int(words[1]),
              let month = months.firstIndex(where: { $0.hasPrefix(words[2]) && words[2].count == 3 }),
              let year = Int(words[3]) else { return nil }
        return LocalDate(year: year, month: month + 1, day: day)
    }

    /// The events the stated days hold, written as the block writes them
    /// (with offsets and texts where its lines have them), beside the block's
    /// own lines; nil with the reason when the block cannot be read.
    func compare(_ schedule: Schedule) -> Result<(stated: [String], made: [String]), ReadError> {
        let lines = block.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.map { Substring($0) }
        guard let first = lines.first, let header = Self.header(first) else {
            return .failure(ReadError("the first line must read 'Enrolled Monday 2 March 2026, Europe/London:'"))
        }
        let events = Array(lines.dropFirst())
        let days = events.map(Self.day)
        guard !events.isEmpty, days.allSatisfy({ $0 != nil }), let from = days.first!, let last = days.last! else {
            return .failure(ReadError("each event line must read '#0  Mon 2 Mar 2026  08:00–09:00'"))
        }
        let withOffsets = events.contains { $0.contains(" – ") }
        let withText = events.contains { $0.components(separatedBy: "  ").filter { !$0.isEmpty }.count > 3 }
        let made = schedule.events(enrolledOn: header.enrolled, in: header.zone, from: from, to: last.adding(days: 1))
            .map { Self.line($0, in: header.zone, withOffsets: withOffsets, withText: withText) }
        return .success((events.map(String.init), made))
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
