import CareModel
import Feed
import Foundation
import StudyModel
import Support

/// The schedule behind the answers: every event each participant's tasks
/// had up to today, answered or not, and the versions of each task.
extension DataPackage {
    /// A row per event from enrolment to today, of every task but the
    /// onboarding task and logs (taken as needed, they have no events to miss).
    func events() -> Table {
        var table = Table(name: "events", title: "Scheduled events",
                          description: "Every event of each participant's schedule from enrolment to their own today "
                              + "\(asOf), answered or not: what adherence is worked out from. A task's answers are in its own table, by "
                              + "study_id and occurrence.", primaryKey: ["study_id", "task", "occurrence"])
        table.fields = [
            Self.studyID,
            Field(name: "task", type: "string", title: "Task", description: "The task's ID; its answers are in <task>.csv.",
                  constraints: ["required": true]),
            Self.occurrence("The event's number in the participant's schedule of the task, from 0."),
            Self.visit,
            Self.taskVersion("The version of the task that governs the event's day, as in task_versions.csv."),
            Self.eventDay,
        ] + Self.studyDayFields + [
            Field(name: "all_day", type: "boolean", title: "All day", description: "Whether the event lasts the whole day."),
            Field(name: "scheduled_start", type: "datetime", title: "Scheduled start",
                  description: "When a timed event starts, in UTC; empty for an all-day event."),
            Field(name: "scheduled_end", type: "datetime", title: "Scheduled end",
                  description: "When a timed event ends, in UTC; empty for an all-day event."),
            Field(name: "last_day", type: "date", title: "Last day",
                  description: "The last day the event can be answered on: its own day, or the end of its window."),
            Field(name: "status", type: "string", title: "Status",
                  description: "done (answered on its day); done late (answered on a later day of its window); missed (its "
                      + "last day has passed unanswered); open (it can still be answered today); before joining (the "
                      + "participant had not yet joined, so it was not offered); after withdrawal (the participant had "
                      + "left): as the participant's day feed and the study's overview count it. Only done, done late and "
                      + "missed count toward adherence, and only for tasks that count in it.",
                  constraints: ["required": true, "enum": EventStatus.allCases.map(\.rawValue)]),
            Field(name: "counts_in_adherence", type: "boolean", title: "Counts in adherence",
                  description: "Whether the task counts toward adherence."),
        ]
        let live = Dictionary(grouping: export.outcomes.filter { !$0.isDeleted }, by: \.participantID)
        let withdrawals = Dictionary(export.withdrawals.map { ($0.participantID, $0) }, uniquingKeysWith: { first, _ in first })
        for participant in export.participants.sorted(by: { $0.id < $1.id }) {
            let outcomes = live[participant.id] ?? []
            let today = today(of: participant)
            // A crafted enrolment day is bounded: ten years of events at most.
            let from = max(participant.enrolledOn, FeedBounds.enrolment(today: today).lowerBound)
            let feed = plan.feed(for: participant, outcomes: outcomes, today: today, withdrawal: withdrawals[participant.id])
            for task in plan.tasks where !task.isOnboarding && task.kind != .log {
                let events = feed.events(of: task, from: from, to: today.adding(days: 1))
                for event in events {
                    let status = feed.status(of: event, task: task).rawValue
                    table.rows.append([
                        .text(participant.id), .text(task.id), .plain(String(event.occurrence)), .text(event.visit ?? ""),
                        .plain(String(event.version)),
                        .plain(event.day.description),
                    ] + Self.studyDayCells(event.day, participant: participant) + [
                        .plain(event.isAllDay ? "true" : "false"),
                        .plain(event.isAllDay ? "" : Self.datetime(event.start)), .plain(event.isAllDay ? "" : Self.datetime(event.end)),
                        .plain(event.lastDay.description), .plain(status), .plain(task.impactsAdherence ? "true" : "false"),
                    ])
                }
            }
        }
        return table
    }

    /// Each version of each task the store has recorded: which definition governs which days.
    func taskVersions() -> Table {
        var table = Table(name: "task-versions", path: "task_versions.csv", title: "Task versions",
                          description: "Each version of a task the store recorded. A changed task is a new version, "
                              + "in force from the next day; earlier events keep the version they had, and answers are "
                              + "always read with the version they were given under.",
                          primaryKey: ["task", "version"], foreignKey: false)
        table.fields = [
            Field(name: "task", type: "string", title: "Task", description: "The task's ID.", constraints: ["required": true]),
            Field(name: "version", type: "integer", title: "Version", description: "The version's number, from 1.",
                  constraints: ["required": true, "minimum": 1]),
            Field(name: "effective_from", type: "date", title: "In force from",
                  description: "The first day the version governs; empty for a task's first version, in force from the start."),
            Field(name: "recorded_at", type: "datetime", title: "Recorded at", description: "When the store recorded it, in UTC."),
            Field(name: "definition_sha256", type: "string", title: "Definition SHA-256",
                  description: "The SHA-256 of the version's definition as the store keeps it, to tell versions apart.",
                  constraints: ["pattern": "[0-9a-f]{64}"]),
        ]
        for version in plan.versions.sorted(by: { ($0.taskID, $0.version) < ($1.taskID, $1.version) }) {
            table.rows.append([.text(version.taskID), .plain(String(version.version)),
                               .plain(version.effectiveFrom?.description ?? ""), .plain(Self.datetime(version.recordedAt)),
                               .plain(SHA256.hex(version.definition))])
        }
        return table
    }
}
