import CareModel
import Foundation
import Testing
import TestSupport

@Suite struct ScheduleTests {
    let zone = Fixtures.newYork

    func starts(_ schedule: Schedule, enrolled: String, from: String, to: String) -> [String] {
        schedule.events(enrolledOn: Fixtures.date(enrolled), in: zone, from: Fixtures.date(from), to: Fixtures.date(to))
            .map { Timestamp.local($0.start, in: zone) }
    }

    @Test func dailyAtEightStaysAtEightAcrossSpringForward() {
        #expect(starts(Fixtures.dailyAtEight, enrolled: "2026-03-01", from: "2026-03-06", to: "2026-03-11") == [
            "2026-03-06T08:00:00-05:00", "2026-03-07T08:00:00-05:00", "2026-03-08T08:00:00-04:00",
            "2026-03-09T08:00:00-04:00", "2026-03-10T08:00:00-04:00",
        ])
    }

    @Test func dailyAtEightStaysAtEightAcrossFallBack() {
        let events = Fixtures.dailyAtEight.events(enrolledOn: Fixtures.date("2026-10-01"), in: zone,
                                                  from: Fixtures.date("2026-10-31"), to: Fixtures.date("2026-11-03"))
        #expect(events.map { Timestamp.utc($0.start) } == [
            "2026-10-31T12:00:00.000Z", "2026-11-01T13:00:00.000Z", "2026-11-02T13:00:00.000Z",
        ])
        #expect(events.map { Timestamp.local($0.end, in: zone) } == [
            "2026-10-31T09:00:00-04:00", "2026-11-01T09:00:00-05:00", "2026-11-02T09:00:00-05:00",
        ])
    }

    @Test func allDayEventsCoverTheLocalDayOnDaylightSavingDays() {
        let spring = Fixtures.dailyAllDay.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone,
                                                 from: Fixtures.date("2026-03-08"), to: Fixtures.date("2026-03-09"))
        #expect(spring.count == 1)
        #expect(Timestamp.local(spring[0].start, in: zone) == "2026-03-08T00:00:00-05:00")
        #expect(Timestamp.local(spring[0].end, in: zone) == "2026-03-09T00:00:00-04:00")
        #expect(spring[0].end.timeIntervalSince(spring[0].start) == 23 * 3600)
        #expect(spring[0].isAllDay)

        let autumn = Fixtures.dailyAllDay.events(enrolledOn: Fixtures.date("2026-10-01"), in: zone,
                                                 from: Fixtures.date("2026-11-01"), to: Fixtures.date("2026-11-02"))
        #expect(Timestamp.local(autumn[0].start, in: zone) == "2026-11-01T00:00:00-04:00")
        #expect(Timestamp.local(autumn[0].end, in: zone) == "2026-11-02T00:00:00-05:00")
        #expect(autumn[0].end.timeIntervalSince(autumn[0].start) == 25 * 3600)
    }

    @Test func aTimeInTheSpringForwardGapMovesForwardByTheGapOnThatDayOnly() {
        let halfPastTwo = Schedule([ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: 2, minute: 30)!))])
        #expect(starts(halfPastTwo, enrolled: "2026-03-01", from: "2026-03-07", to: "2026-03-10") == [
            "2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00",
        ])
    }

    @Test func aRepeatedHourIsItsFirstOccurrence() {
        let halfPastOne = Schedule([ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: 1, minute: 30)!))])
        #expect(starts(halfPastOne, enrolled: "2026-10-30", from: "2026-11-01", to: "2026-11-02") == [
            "2026-11-01T01:30:00-04:00",
        ])
    }

    @Test func everyTwoDaysAndEveryWeek() {
        let everyTwo = Schedule([ScheduleElement(interval: .days(2), time: .allDay)])
        #expect(everyTwo.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone, from: Fixtures.date("2026-03-01"),
                                to: Fixtures.date("2026-03-08")).map(\.day.description)
                == ["2026-03-01", "2026-03-03", "2026-03-05", "2026-03-07"])
        let weekly = Schedule([ScheduleElement(interval: .weeks(1), time: .at(LocalTime(hour: 9, minute: 15)!))])
        #expect(weekly.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone, from: Fixtures.date("2026-03-02"),
                              to: Fixtures.date("2026-03-30")).map(\.day.description)
                == ["2026-03-08", "2026-03-15", "2026-03-22", "2026-03-29"])
    }

    @Test func endIsExclusive() {
        let firstThree = Schedule([ScheduleElement(end: .enrollment(plusDays: 3), interval: .days(1), time: .allDay)])
        #expect(firstThree.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone, from: Fixtures.date("2026-02-20"),
                                  to: Fixtures.date("2026-04-01")).map(\.day.description)
                == ["2026-03-01", "2026-03-02", "2026-03-03"])
        let toDate = Schedule([ScheduleElement(start: .date(Fixtures.date("2026-03-05")), end: .date(Fixtures.date("2026-03-07")),
                                               interval: .days(1), time: .allDay)])
        #expect(toDate.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone, from: Fixtures.date("2026-03-01"),
                              to: Fixtures.date("2026-04-01")).map(\.day.description) == ["2026-03-05", "2026-03-06"])
    }

    @Test func firstWeekDailyThenWeeklyHasExactlyOneEventOnDaySeven() {
        let enrolled = Fixtures.date("2026-03-01")
        let events = Fixtures.firstWeekThenWeekly.events(enrolledOn: enrolled, in: zone, from: enrolled,
                                                         to: enrolled.adding(days: 60))
        let offsets = events.map { enrolled.days(to: $0.day) }
        #expect(offsets == [0, 1, 2, 3, 4, 5, 6, 7, 14, 21])
        #expect(events.filter { $0.day == enrolled.adding(days: 7) }.count == 1)
        #expect(events.filter { $0.day == enrolled.adding(days: 6) }.count == 1)
    }

    @Test func occurrenceNumbersRunAcrossElementsAndDoNotDependOnTheRange() {
        let enrolled = Fixtures.date("2026-03-01")
        let mixed = Schedule([
            ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: 20, minute: 0)!)),
            ScheduleElement(interval: .days(2), time: .at(LocalTime(hour: 8, minute: 0)!)),
        ])
        let all = mixed.events(enrolledOn: enrolled, in: zone, from: enrolled, to: enrolled.adding(days: 40))
        #expect(all.map(\.occurrence) == Array(0..<all.count))
        #expect(all.prefix(4).map { "\($0.day) \($0.element)" } == [
            "2026-03-01 1", "2026-03-01 0", "2026-03-02 0", "2026-03-03 1",
        ])
        for start in stride(from: 0, to: 28, by: 3) {
            let window = mixed.events(enrolledOn: enrolled, in: zone, from: enrolled.adding(days: start),
                                      to: enrolled.adding(days: start + 4))
            let expected = all.filter { $0.day >= enrolled.adding(days: start) && $0.day < enrolled.adding(days: start + 4) }
            #expect(window == expected)
        }
    }

    @Test func aScheduleWithoutIntervalHasOneEvent() {
        let once = Schedule([ScheduleElement(start: .enrollment(plusDays: 2), interval: nil, time: .allDay)])
        let events = once.events(enrolledOn: Fixtures.date("2026-03-01"), in: zone, from: Fixtures.date("2026-03-01"),
                                 to: Fixtures.date("2026-04-01"))
        #expect(events.map(\.day.description) == ["2026-03-03"])
        #expect(once.count(enrolledOn: Fixtures.date("2026-03-01"), before: Fixtures.date("2026-03-10")) == 1)
    }
}
