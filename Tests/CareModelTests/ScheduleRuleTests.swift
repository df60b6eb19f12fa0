import CareModel
import Foundation
import Testing
import TestSupport

/// Weekday sets, several times a day and monthly elements.
@Suite struct ScheduleRuleTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let sydney = TimeZone(identifier: "Australia/Sydney")!

    func clock(_ text: String) -> LocalTime {
        LocalTime(text)!
    }

    func events(_ elements: [ScheduleElement], enrolled: String = "2026-03-01", in zone: TimeZone,
                from: String, to: String) -> [ScheduledEvent] {
        Schedule(elements).events(enrolledOn: Fixtures.date(enrolled), in: zone, from: Fixtures.date(from),
                                  to: Fixtures.date(to))
    }

    func starts(_ events: [ScheduledEvent], in zone: TimeZone) -> [String] {
        events.map { Timestamp.local($0.start, in: zone) }
    }

    @Test func weekdaysOfEveryOtherWeekAreCountedFromTheSundayOfTheStartWeek() {
        // Wednesday March 4; its week began on Sunday March 1, so Monday March 2
        // is before the start and the week of March 8 is skipped.
        let element = ScheduleElement(start: .date(Fixtures.date("2026-03-04")), interval: .weeks(2),
                                      weekdays: [.monday, .wednesday, .friday], time: .allDay)
        let found = events([element], in: berlin, from: "2026-03-01", to: "2026-04-05")
        #expect(found.map(\.day.description) == [
            "2026-03-04", "2026-03-06", "2026-03-16", "2026-03-18", "2026-03-20", "2026-03-30", "2026-04-01", "2026-04-03",
        ])
        #expect(found.map(\.occurrence) == Array(0..<8))
        let later = events([element], in: berlin, from: "2026-03-18", to: "2026-03-31")
        #expect(later.map { "\($0.day) #\($0.occurrence)" } == [
            "2026-03-18 #3", "2026-03-20 #4", "2026-03-30 #5",
        ])
    }

    @Test func weekdaysKeepTheirWallClockTimeAcrossTheEuropeanSpringChange() {
        // Clocks in Berlin went from 02:00 to 03:00 on Sunday March 29, 2026.
        let element = ScheduleElement(interval: .weeks(1), weekdays: [.saturday, .sunday], time: .at(clock("09:00")))
        #expect(starts(events([element], in: berlin, from: "2026-03-21", to: "2026-04-06"), in: berlin) == [
            "2026-03-21T09:00:00+01:00", "2026-03-22T09:00:00+01:00", "2026-03-28T09:00:00+01:00",
            "2026-03-29T09:00:00+02:00", "2026-04-04T09:00:00+02:00", "2026-04-05T09:00:00+02:00",
        ])
    }

    @Test func twiceADayIsTwoOccurrencesADayInTimeOrderAcrossTheEuropeanSpringChange() {
        let element = ScheduleElement(interval: .days(1), time: .times([clock("08:00"), clock("20:00")]),
                                      duration: .minutes(30))
        let found = events([element], in: berlin, from: "2026-03-28", to: "2026-03-30")
        #expect(starts(found, in: berlin) == [
            "2026-03-28T08:00:00+01:00", "2026-03-28T20:00:00+01:00",
            "2026-03-29T08:00:00+02:00", "2026-03-29T20:00:00+02:00",
        ])
        // Four weeks from March 1 at two a day come before March 28.
        #expect(found.map(\.occurrence) == [54, 55, 56, 57])
        #expect(found.map { Timestamp.local($0.end, in: berlin) }.last == "2026-03-29T20:30:00+02:00")
        #expect(Schedule([element]).count(enrolledOn: Fixtures.date("2026-03-01"), before: Fixtures.date("2026-03-28")) == 54)
    }

    @Test func twiceADayAcrossTheEuropeanAutumnChangeTakesTheFirstOfTheRepeatedHour() {
        // Clocks in Berlin went from 03:00 back to 02:00 on Sunday October 25, 2026.
        let element = ScheduleElement(interval: .days(1), time: .times([clock("02:30"), clock("14:00")]))
        #expect(starts(events([element], in: berlin, from: "2026-10-24", to: "2026-10-26"), in: berlin) == [
            "2026-10-24T02:30:00+02:00", "2026-10-24T14:00:00+02:00",
            "2026-10-25T02:30:00+02:00", "2026-10-25T14:00:00+01:00",
        ])
    }

    @Test func twoTimesThatTheSpringGapMakesOneKeepTheirListedOrder() {
        // 02:30 does not exist on March 29 in Berlin and moves to 03:30.
        let element = ScheduleElement(interval: .days(1), time: .times([clock("02:30"), clock("03:30")]))
        let found = events([element], in: berlin, from: "2026-03-29", to: "2026-03-30")
        #expect(starts(found, in: berlin) == ["2026-03-29T03:30:00+02:00", "2026-03-29T03:30:00+02:00"])
        #expect(found.map(\.occurrence) == [56, 57])
    }

    @Test func monthlyOnTheThirtyFirstFallsOnEachShorterMonthsLastDay() {
        let element = ScheduleElement(start: .date(Fixtures.date("2024-01-31")), interval: .months(1),
                                      time: .at(clock("10:00")))
        let found = events([element], in: berlin, from: "2024-01-01", to: "2025-04-01")
        #expect(found.map(\.day.description) == [
            "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30", "2024-07-31",
            "2024-08-31", "2024-09-30", "2024-10-31", "2024-11-30", "2024-12-31", "2025-01-31", "2025-02-28",
            "2025-03-31",
        ])
        #expect(found.map(\.occurrence) == Array(0..<15))
    }

    @Test func everyTwoMonthsFromTheLastDayOfDecemberSkipsTheMonthsBetween() {
        let element = ScheduleElement(start: .date(Fixtures.date("2025-12-31")), end: .date(Fixtures.date("2026-08-31")),
                                      interval: .months(2), time: .allDay)
        let found = events([element], in: sydney, from: "2025-12-01", to: "2027-01-01")
        #expect(found.map { "\($0.day) #\($0.occurrence)" } == [
            "2025-12-31 #0", "2026-02-28 #1", "2026-04-30 #2", "2026-06-30 #3",
        ])
    }

    @Test func monthlyInSydneyKeepsItsWallClockTimeAcrossBothClockChanges() {
        // Sydney's clocks went back on Sunday April 5, 2026 and forward on Sunday October 4.
        let element = ScheduleElement(start: .date(Fixtures.date("2026-01-05")), interval: .months(1),
                                      time: .at(clock("02:30")))
        #expect(starts(events([element], in: sydney, from: "2026-03-01", to: "2026-06-01"), in: sydney) == [
            "2026-03-05T02:30:00+11:00", "2026-04-05T02:30:00+11:00", "2026-05-05T02:30:00+10:00",
        ])
        let october = ScheduleElement(start: .date(Fixtures.date("2026-01-04")), interval: .months(3),
                                      time: .at(clock("02:30")))
        #expect(starts(events([october], in: sydney, from: "2026-07-01", to: "2026-11-01"), in: sydney) == [
            "2026-07-04T02:30:00+10:00", "2026-10-04T03:30:00+11:00",
        ])
    }

    @Test func eventsAtTheSameMomentAreNumberedByTheElementThatStartedEarlier() {
        let eight = TimeOfDay.at(clock("08:00"))
        // Listed second, but started a week earlier: its event comes first.
        let found = events([
            ScheduleElement(start: .enrollment(plusDays: 7), interval: .weeks(1), time: eight),
            ScheduleElement(start: .enrollment(plusDays: 0), interval: .days(1), time: eight),
        ], in: berlin, from: "2026-03-08", to: "2026-03-09")
        #expect(found.map { "\($0.element) #\($0.occurrence)" } == ["1 #7", "0 #8"])
        // Started the same day: the one listed first comes first.
        let same = events([
            ScheduleElement(interval: .days(1), time: eight, text: "first"),
            ScheduleElement(interval: .days(1), time: eight, text: "second"),
        ], in: berlin, from: "2026-03-02", to: "2026-03-03")
        #expect(same.map { "\($0.text ?? "") #\($0.occurrence)" } == ["first #2", "second #3"])
    }

    @Test func occurrencesOfEveryNewRuleDoNotDependOnTheDaysAskedFor() {
        let enrolled = Fixtures.date("2026-03-01")
        let schedule = Schedule([
            ScheduleElement(start: .enrollment(plusDays: 3), end: .enrollment(plusDays: 90), interval: .weeks(3),
                            weekdays: [.sunday, .tuesday, .saturday], time: .times([clock("07:00"), clock("19:00")])),
            ScheduleElement(start: .enrollment(plusDays: 30), interval: .months(1), time: .allDay),
            ScheduleElement(interval: .days(1), time: .at(clock("12:00"))),
        ])
        let all = schedule.events(enrolledOn: enrolled, in: sydney, from: enrolled, to: enrolled.adding(days: 120))
        #expect(all.map(\.occurrence) == Array(0..<all.count))
        for start in stride(from: 0, to: 110, by: 5) {
            let from = enrolled.adding(days: start), to = enrolled.adding(days: start + 9)
            #expect(schedule.events(enrolledOn: enrolled, in: sydney, from: from, to: to)
                    == all.filter { $0.day >= from && $0.day < to })
        }
    }

    @Test func anElementWithoutTheNewKeysEncodesAsItDidBeforeThem() throws {
        let element = ScheduleElement(end: .enrollment(plusDays: 42), interval: .days(1), time: .at(clock("08:00")),
                                      text: "Every morning")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(element), as: UTF8.self)
                == #"{"duration":{"hours":{"_0":1}},"end":{"enrollment":{"plusDays":42}},"interval":{"days":{"_0":1}},"#
                + #""start":{"enrollment":{"plusDays":0}},"text":"Every morning","time":{"at":{"_0":"08:00"}}}"#)
    }
}
