import CareModel
import Foundation
import Markup
import StudyModel
import Words

/// `protocol.html` (SPEC §14): the study as its ethics board approved it,
/// from the content and the store. The schedule of activities, each task's
/// events for a participant whose own dates all fall on the day they enrol,
/// by study day (or by days from the date a task counts from), with their
/// times, windows and visits; every instrument's questions with their
/// answers, conditions and scores; each consent version with its SHA-256
/// and the day it was first published in each language; each task's
/// versions and the day each took effect. Printable.
public enum ProtocolPage {
    /// The enrolment day of the participant the schedule of activities is worked out for: any day would do, as
    /// the page shows only days counted from it.
    public static let referenceDay = LocalDate(iso: "2026-01-05")!
    /// How far from it events are listed: a schedule without an end is said to go on.
    public static let reach = 400

    /// One row of the schedule of activities: the days of a task's events that share a time, a window and a visit.
    public struct Row: Equatable, Sendable {
        public var task: String
        /// Days counted as the task counts them: study days from 1, or days from its date (0 is the date itself).
        public var days: [Int]
        public var time: String?
        public var window: Int
        public var visit: String?
    }

    /// What each task's days count from: nil for enrolment (day 1), else the participant's date's id.
    public static func countsFrom(_ task: PlannedTask) -> String? {
        for element in task.timeline.spans.last?.schedule.elements ?? [] {
            if case .participantDate(let id, _) = element.start { return id }
        }
        return nil
    }

    /// The schedule of activities, task by task in the study's order.
    public static func rows(_ plan: CarePlan, format: Format) -> [Row] {
        let study = plan.study
        let dates = ScheduleDates(enrollment: referenceDay,
                                  named: Dictionary(uniqueKeysWithValues: study.dates.map { ($0.id, referenceDay) }))
        var rows: [Row] = []
        for task in plan.tasks where !task.isOnboarding && task.kind != .log {
            let base = countsFrom(task)
            // The schedule in force now, whatever versions came before it: what a participant joining today follows.
            guard let span = task.timeline.spans.last else { continue }
            let events = span.schedule.events(dates, in: study.timeZone, from: referenceDay.adding(days: -reach),
                                              to: referenceDay.adding(days: reach), version: span.version)
            // A task's events that share a time and a window are one row, in the order each first comes; a visit is its own.
            var taskRows: [Row] = []
            for event in events {
                let day = referenceDay.days(to: event.day) + (base == nil ? 1 : 0)
                let time = event.isAllDay ? nil : format.time(event.start, in: study.timeZone) + "–" + format.time(event.end, in: study.timeZone)
                let window = event.day.days(to: event.lastDay) + 1
                if event.visit == nil, let index = taskRows.firstIndex(where: { $0.time == time && $0.window == window && $0.visit == nil }) {
                    taskRows[index].days.append(day)
                } else {
                    taskRows.append(Row(task: task.id, days: [day], time: time, window: window, visit: event.visit))
                }
            }
            rows += taskRows
        }
        return rows
    }

    /// `1–7, 14, 21, 28`: days, runs of consecutive ones as ranges; `+14` for a day from a date.
    public static func days(_ days: [Int], fromDate: Bool, format: Format) -> String {
        var parts: [String] = []
        var index = 0
        func day(_ value: Int) -> String {
            fromDate && value > 0 ? "+" + format.integer(value) : value < 0 ? "−" + format.integer(-value) : format.integer(value)
        }
        while index < days.count {
            var end = index
            while end + 1 < days.count, days[end + 1] == days[end] + 1 { end += 1 }
            parts.append(end == index ? day(days[index]) : day(days[index]) + "–" + day(days[end]))
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    public static func render(plan: CarePlan, consentVersions: [ConsentVersion], reader: Reader) -> HTML {
        let study = plan.study
        let words = reader.words
        var main: HTML = "<h1>\(words(.protocolTitle))</h1>\n"
        if let approval = study.protocolApproval {
            main += "<p class=\"lead\">\(words(.protocolApproved, ["number": approval.number, "board": approval.board]))</p>\n"
        }
        main += schedule(plan, reader: reader)
        main += instruments(study, reader: reader)
        main += consents(study, versions: consentVersions, reader: reader)
        main += taskVersions(plan, reader: reader)
        return Layout.page(title: words(.protocolTitle), study: study, reader: reader, nav: .study(current: nil), main: main,
                           bodyClass: "printable wide")
    }

    static func schedule(_ plan: CarePlan, reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        var html: HTML = "<section class=\"protocol-section\" aria-labelledby=\"schedule-heading\">\n"
            + "<h2 id=\"schedule-heading\">\(words(.scheduleOfActivities))</h2>\n<p>\(words(.scheduleOfActivitiesLead))</p>\n"
            + "<table class=\"overview-table protocol-schedule stack-table\">\n<caption class=\"visually-hidden\">\(words(.scheduleOfActivities))</caption>\n"
            + "<thead><tr><th scope=\"col\">\(words(.columnTask))</th><th scope=\"col\">\(words(.columnDays))</th>"
            + "<th scope=\"col\">\(words(.columnTime))</th><th scope=\"col\">\(words(.columnOpenFor))</th>"
            + "<th scope=\"col\">\(words(.columnVisit))</th></tr></thead>\n<tbody>\n"
        let tasks = Dictionary(plan.tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows(plan, format: format) {
            let base = tasks[row.task].flatMap(countsFrom)
            let label = base.flatMap { id in plan.study.dates.first { $0.id == id }?.label } ?? base
            let counted = label.map { words(.daysFromDate, ["date": $0]) } ?? words(.studyDays)
            html += "<tr data-task=\"\(row.task)\"><th scope=\"row\">\(plan.study.task(row.task)?.title ?? row.task)</th>"
                + "<td data-label=\"\(words(.columnDays))\">\(words.html(.labelledAnswer, ["label": "\(counted)", "answer": "<span data-days>\(days(row.days, fromDate: base != nil, format: format))</span>"]))</td>"
                + "<td data-label=\"\(words(.columnTime))\">\(row.time ?? words(.allDayLong))</td>"
                + "<td data-label=\"\(words(.columnOpenFor))\">\(words(.daysCount, count: row.window))</td>"
                + "<td data-label=\"\(words(.columnVisit))\">\(row.visit ?? "")</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
