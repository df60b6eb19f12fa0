import CareModel
import Content
import Export
import Foundation

/// `carefeed schedule`: a task's events for a range of days.
enum ScheduleCommand {
    static let help = """
    Usage: carefeed schedule [--content DIR] [--task ID] --from DATE --to DATE
                             [--enrolled DATE] [--date NAME=YYYY-MM-DD ...] [--timezone IANA]
                             [--format table|json]

    Lists the events of the study's tasks (or of one task) that start on the
    local days from --from to --to, both included, for a participant enrolled
    on --enrolled (default: --from) in --timezone (default: the study's),
    with the dates of their own that --date gives (such as surgery=2026-12-10).
    A task that counts from a date not given has no events.

      --content DIR        the study's content (default content)
      --task ID            only this task
      --date NAME=DATE     a participant's date that study.yaml declares, such
                           as surgery=2026-12-10; once for each date
      --format table|json  table (default): each event's day, and its start and
                           end on the wall clock with the zone's offset from UTC
                           then, as the reference shows them; or a JSON array of events
                           {"task", "occurrence", "start", "end", "allDay", "date",
                           "lastDay", "visit"} with ISO-8601 times carrying the
                           zone offset, "visit" only for an event that is one;
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
            console.report(loaded.diagnostics)
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
        let dates = ScheduleDates(enrollment: enrolled, named: try DateArguments.parse(arguments, study: study))
        let rows = tasks.flatMap { task in
            task.schedule.events(dates, in: zone, from: from, to: through.adding(days: 1))
                .map { (task: task.id, event: $0) }
        }.sorted { ($0.event.start, $0.task, $0.event.occurrence) < ($1.event.start, $1.task, $1.event.occurrence) }
        console.out(format == "json" ? json(rows, zone: zone) : ScheduleTable.text(rows, zone: zone))
        return .success
    }

    static func json(_ rows: [(task: String, event: ScheduledEvent)], zone: TimeZone) -> String {
        guard !rows.isEmpty else { return "[]\n" }
        let objects = rows.map { row in
            "  {\"task\": \(quoted(row.task)), \"occurrence\": \(row.event.occurrence), "
                + "\"start\": \"\(Timestamp.local(row.event.start, in: zone))\", "
                + "\"end\": \"\(Timestamp.local(row.event.end, in: zone))\", "
                + "\"allDay\": \(row.event.isAllDay), \"date\": \"\(row.event.day)\", \"lastDay\": \"\(row.event.lastDay)\""
                + (row.event.visit.map { ", \"visit\": \(quoted($0))" } ?? "") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
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
