import CareModel
import Foundation

/// The events of a schedule as `carefeed schedule` prints them and the
/// reference shows them: one line an event, the day and the wall-clock
/// times with the zone's offset then, so a change of clocks can be seen.
///
/// ```text
/// TASK     #  DAY             START         END           TEXT
/// checkIn  0  Mon 2 Mar 2026  08:00 +00:00  09:00 +00:00  Every morning
/// ```
public enum ScheduleTable {
    public static func text(_ rows: [(task: String, event: ScheduledEvent)], zone: TimeZone) -> String {
        let windowed = rows.contains { $0.event.hasWindow }
        let visits = rows.contains { $0.event.visit != nil }
        let header = ["TASK", "#", "DAY", "START", "END"] + (windowed ? ["OPEN UNTIL"] : []) + (visits ? ["VISIT"] : []) + ["TEXT"]
        let lines = rows.map { row in
            let event = row.event
            return [row.task, String(event.occurrence), day(event.day),
                    event.isAllDay ? "all day" : time(event.start, zone),
                    event.isAllDay ? "" : end(event, zone)]
                + (windowed ? [event.hasWindow ? day(event.lastDay) : ""] : []) + (visits ? [event.visit ?? ""] : [])
                + [event.text ?? ""]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            var line = cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line + "\n"
        }.joined()
    }

    /// `Mon 2 Mar 2026`, in English as the reference is, whatever the machine's locale.
    public static func day(_ day: LocalDate) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let utc = TimeZone(identifier: "UTC")!
        formatter.timeZone = utc
        formatter.dateFormat = "EEE d MMM yyyy"
        return formatter.string(from: utc.instant(of: day, at: LocalTime(hour: 12, minute: 0)!))
    }

    /// `08:00 +01:00`.
    static func time(_ instant: Date, _ zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: instant)
        let minutes = abs(seconds) / 60
        return "\(zone.localTime(of: instant)) " + (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The end's time, with its day when that is a later one.
    static func end(_ event: ScheduledEvent, _ zone: TimeZone) -> String {
        let endDay = zone.localDate(of: event.end)
        return (endDay == event.day ? "" : day(endDay) + " ") + time(event.end, zone)
    }
}
