import CareModel
import Content
import Foundation

/// `carefeed schedule`: a task's events for a range of days.
enum ScheduleCommand {
    static let help = """
    Usage: carefeed schedule [--content DIR] [--task ID] --from DATE --to DATE
                             [--enrolled DATE] [--timezone IANA] [--format table|json]

    Lists the events of the study's tasks (or of one task) that start on the
    local days from --from to --to, both included, for a participant enrolled
    on --enrolled (default: --from) in --timezone (default: the study's).

      --content DIR        the study's content (default content)
      --task ID            only this task
      --format table|json  table (default), or a JSON array of events
                           {"task", "occurrence", "start", "end", "allDay", "date",
                           "lastDay"} with ISO-8601 times carrying the zone offset;
                           lastDay, the last day it can be answered on, is the
                           date but for an element with a window
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        let format = arguments["format"] ?? "table"
        guard format == "table" || format == "json" else {
            throw UsageError("--format needs table or json, not '\(format)'")
        }
        guard let from = try arguments.parse("from", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) }),
              let through = try arguments.parse("to", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) }) else {
            throw UsageError("--from and --to are required")
        }
        guard from <= through else {
            throw UsageError("--from \(from) is after --to \(through)")
        }
        let enrolled = try arguments.parse("enrolled", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) }) ?? from
        let zoneOverride = try arguments.parse("timezone", as: "an IANA time zone such as America/New_York",
                                               TimeZone.init(identifier:))
        let loaded = ContentLoader.load(directory: arguments["content"] ?? Defaults.content, publicDirectory: nil)
        guard let study = loaded.study else {
            loaded.diagnostics.forEach { console.error($0.withReference + "\n") }
            return .dataError
        }
        var tasks = study.tasks
        if let only = arguments["task"] {
            tasks = tasks.filter { $0.id == only }
            guard !tasks.isEmpty else {
                console.error("error: the study has no task '\(only)'; it has \(study.tasks.map(\.id).joined(separator: ", "))\n")
                return .dataError
            }
        }
        let zone = zoneOverride ?? study.timeZone
        let rows = tasks.flatMap { task in
            task.schedule.events(enrolledOn: enrolled, in: zone, from: from, to: through.adding(days: 1))
                .map { (task: task.id, event: $0) }
        }.sorted { ($0.event.start, $0.task, $0.event.occurrence) < ($1.event.start, $1.task, $1.event.occurrence) }
        console.out(format == "json" ? json(rows, zone: zone) : table(rows, zone: zone))
        return .success
    }

    static func json(_ rows: [(task: String, event: ScheduledEvent)], zone: TimeZone) -> String {
        guard !rows.isEmpty else { return "[]\n" }
        let objects = rows.map { row in
            "  {\"task\": \(quoted(row.task)), \"occurrence\": \(row.event.occurrence), "
                + "\"start\": \"\(Timestamp.local(row.event.start, in: zone))\", "
                + "\"end\": \"\(Timestamp.local(row.event.end, in: zone))\", "
                + "\"allDay\": \(row.event.isAllDay), \"date\": \"\(row.event.day)\", \"lastDay\": \"\(row.event.lastDay)\"}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    static func table(_ rows: [(task: String, event: ScheduledEvent)], zone: TimeZone) -> String {
        let windowed = rows.contains { $0.event.hasWindow }
        let header = ["TASK", "#", "DATE", "START", "END"] + (windowed ? ["OPEN UNTIL"] : []) + ["TEXT"]
        let lines = rows.map { row in
            [row.task, String(row.event.occurrence), row.event.day.description,
             row.event.isAllDay ? "all day" : Timestamp.local(row.event.start, in: zone),
             row.event.isAllDay ? "" : Timestamp.local(row.event.end, in: zone)]
                + (windowed ? [row.event.hasWindow ? row.event.lastDay.description : ""] : []) + [row.event.text ?? ""]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }.joined()
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
