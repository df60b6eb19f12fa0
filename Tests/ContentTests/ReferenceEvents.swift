import CareModel
import Export
import Foundation
import Testing

/// A `text events` block of the reference: a `carefeed schedule` command
/// and what it prints for the example above it, as an editor would see it
/// on their own study:
///
///     $ carefeed schedule --task example --enrolled 2026-03-02 --from 2026-03-02 --to 2026-03-05 --timezone Europe/London
///     TASK     #  DAY             START         END           TEXT
///     example  0  Mon 2 Mar 2026  08:00 +00:00  09:00 +00:00  Every morning
///
/// The lines are compared with `ScheduleTable`, which the command prints.
struct ReferenceEvents: Sendable, CustomTestStringConvertible {
    var block: ReferenceBlock
    /// The example whose schedule makes the events.
    var example: ReferenceExample?

    var testDescription: String { block.testDescription }

    struct Command: Equatable {
        var task: String
        var enrolled: LocalDate
        var from: LocalDate
        var to: LocalDate
        var zone: TimeZone?
        /// `--date surgery=2026-03-12`: a participant's date.
        var dates: [String: LocalDate] = [:]
    }

    /// `$ carefeed schedule --task example --enrolled … --from … --to … [--timezone …]`.
    static func command(_ line: Substring) -> Command? {
        let words = line.split(separator: " ").map(String.init)
        guard words.starts(with: ["$", "carefeed", "schedule"]), words.count % 2 == 1 else { return nil }
        var options: [String: String] = [:]
        for index in stride(from: 3, to: words.count, by: 2) {
            guard words[index].hasPrefix("--") else { return nil }
            options[String(words[index].dropFirst(2))] = words[index + 1]
        }
        guard Set(options.keys).isSubset(of: ["task", "enrolled", "from", "to", "timezone", "date"]),
              let task = options["task"], let enrolled = options["enrolled"].flatMap(LocalDate.init(iso:)),
              let from = options["from"].flatMap(LocalDate.init(iso:)), let to = options["to"].flatMap(LocalDate.init(iso:))
        else { return nil }
        let zone = options["timezone"].flatMap(TimeZone.init(identifier:))
        if options["timezone"] != nil && zone == nil { return nil }
        var dates: [String: LocalDate] = [:]
        if let given = options["date"] {
            let parts = given.split(separator: "=").map(String.init)
            guard parts.count == 2, let day = LocalDate(iso: parts[1]) else { return nil }
            dates[parts[0]] = day
        }
        return Command(task: task, enrolled: enrolled, from: from, to: to, zone: zone, dates: dates)
    }

    /// The block's lines after its command, and what the command prints for
    /// `schedule`, the example's task in a study whose zone is `studyZone`.
    func compare(_ schedule: Schedule, taskID: String, studyZone: TimeZone) -> Result<(stated: String, made: String), ReadError> {
        let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, let command = Self.command(first) else {
            return .failure(ReadError("the first line must be a command such as '$ carefeed schedule --task example "
                                      + "--enrolled 2026-03-02 --from 2026-03-02 --to 2026-03-05'"))
        }
        guard command.task == taskID else {
            return .failure(ReadError("the command names task '\(command.task)'; the example above is '\(taskID)'"))
        }
        let zone = command.zone ?? studyZone
        let rows = schedule.events(ScheduleDates(enrollment: command.enrolled, named: command.dates), in: zone,
                                   from: command.from, to: command.to.adding(days: 1))
            .map { (task: taskID, event: $0) }
        return .success((lines.dropFirst().joined(separator: "\n") + "\n", ScheduleTable.text(rows, zone: zone)))
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
