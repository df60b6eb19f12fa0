import CareModel
import Content
import Foundation
import Testing
import TestSupport

/// `days`, `at` lists and `every: N months` in a task's schedule.
@Suite struct ScheduleReaderTests {
    func load(_ schedule: String) -> (schedule: Schedule?, diagnostics: [String]) {
        let text = "---\nid: walk\ntitle: Walk\nschedule:\n" + schedule + """

            survey:
              - type: form
                items:
                  - { id: steps, text: Steps?, answer: numeric }
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/walk.md": text]) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study?.task("walk")?.schedule,
                result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") })
    }

    @Test func weekdaysTimesAndMonthsLoadIntoTheElement() {
        let loaded = load("""
              - start: enrollment
                every: 2 weeks
                days: [friday, monday, wednesday]
                at: ["20:00", "08:00"]
              - start: 2026-01-31
                every: 1 month
                at: ["09:30"]
            """)
        #expect(loaded.diagnostics == [])
        #expect(loaded.schedule == Schedule([
            ScheduleElement(interval: .weeks(2), weekdays: [.monday, .wednesday, .friday],
                            time: .times([LocalTime("08:00")!, LocalTime("20:00")!])),
            ScheduleElement(start: .date(LocalDate(iso: "2026-01-31")!), interval: .months(1), time: .at(LocalTime("09:30")!)),
        ]))
    }

    @Test func anUnknownOrRepeatedWeekdayIsAnErrorAtItsPlace() {
        #expect(load("  - { start: enrollment, every: 1 week, days: [monday, wendesday], allDay: true }").diagnostics == [
            "tasks/walk.md:5:56: error: unknown weekday 'wendesday'; did you mean 'wednesday'?; expected sunday, "
                + "monday, tuesday, wednesday, thursday, friday, saturday",
        ])
        #expect(load("  - { start: enrollment, every: 1 week, days: [monday, monday], allDay: true }").diagnostics == [
            "tasks/walk.md:5:56: error: 'monday' is listed twice in days",
        ])
        #expect(load("  - { start: enrollment, every: 1 week, days: [], allDay: true }").diagnostics == [
            "tasks/walk.md:5:47: error: days needs at least one weekday, such as [monday, wednesday, friday]",
        ])
    }

    @Test func daysNeedAnIntervalOfWeeks() {
        #expect(load("  - { start: enrollment, every: 3 days, days: [monday], allDay: true }").diagnostics == [
            "tasks/walk.md:5:47: error: days names weekdays, so every must count weeks, such as '1 week' or '2 weeks', "
                + "not '3 days'",
        ])
        #expect(load("  - { start: enrollment, every: 1 month, days: [monday], allDay: true }").diagnostics.count == 1)
        #expect(load("  - { start: enrollment, days: [monday], allDay: true }").diagnostics == [
            "tasks/walk.md:5:32: error: days needs 'every: N weeks', such as 'every: 1 week', to say which weeks its "
                + "weekdays are in",
        ])
    }

    @Test func anEmptyOrRepeatingListOfTimesIsAnError() {
        #expect(load("  - { start: enrollment, every: 1 day, at: [] }").diagnostics == [
            "tasks/walk.md:5:44: error: at needs at least one time, such as [\"08:00\", \"20:00\"]",
        ])
        #expect(load("  - { start: enrollment, every: 1 day, at: [\"08:00\", \"20:00\", \"08:00\"] }").diagnostics == [
            "tasks/walk.md:5:63: error: the time 08:00 is listed twice in at; each time is one event",
        ])
        #expect(load("  - { start: enrollment, every: 1 day, at: [\"08:00\", \"8pm\"] }").diagnostics == [
            "tasks/walk.md:5:54: error: at \"8pm\" is not a wall-clock time \"HH:MM\"; write it as \"20:00\"",
        ])
        #expect(load("  - { start: enrollment, every: 1 day, at: [\"08:00\"], allDay: true }").diagnostics == [
            "tasks/walk.md:5:44: error: give either 'at' or 'allDay: true', not both",
        ])
    }

    @Test func monthsAreCountedOnlyInWholeMonths() {
        #expect(load("  - { start: enrollment, every: 0 months, allDay: true }").diagnostics == [
            "tasks/walk.md:5:33: error: every must be 'N days', 'N weeks' or 'N months' with N at least 1, such as "
                + "'1 day', '2 weeks' or '1 month', not '0 months'",
        ])
        #expect(load("  - { start: enrollment, every: 2 month, allDay: true }").schedule
                == Schedule([ScheduleElement(interval: .months(2), time: .allDay)]))
    }

    @Test func aWindowKeepsEachEventOpenForItsDays() {
        let loaded = load("""
              - { start: enrollment, allDay: true, window: 7 days }
              - { start: enrollment + 2 weeks, every: 2 weeks, days: [monday, friday], allDay: true, window: 3 days }
              - { start: enrollment + 6 weeks, allDay: true, window: 1 week }
            """)
        #expect(loaded.diagnostics == [])
        #expect(loaded.schedule?.elements.map(\.window) == [7, 3, 7])
    }

    @Test func aWindowThatOverlapsTheNextEventOrIsNotADurationIsAnError() {
        #expect(load("  - { start: enrollment, every: 1 week, allDay: true, window: 10 days }").diagnostics == [
            "tasks/walk.md:5:63: error: a window of 10 days overlaps the next event of this element, 7 days later; "
                + "make it at most 7 days, or the events further apart",
        ])
        #expect(load("  - { start: enrollment, every: 1 week, days: [monday, wednesday], allDay: true, window: 3 days }").diagnostics == [
            "tasks/walk.md:5:90: error: a window of 3 days overlaps the next event of this element, 2 days later; "
                + "make it at most 2 days, or the events further apart",
        ])
        #expect(load("  - { start: enrollment, allDay: true, window: a week }").diagnostics == [
            "tasks/walk.md:5:48: error: window must be 'N days' or 'N weeks', such as '7 days': the event's own day and "
                + "the days after it on which it can still be answered; not 'a week'",
        ])
    }
}
