import CareModel
import Testing
import TestSupport

/// Whether a task still has events from a day on: what tells the feed the
/// study is over.
@Suite struct ScheduleEndTests {
    let enrolled = Fixtures.date("2026-03-01")

    func hasEvents(_ timeline: ScheduleTimeline, onOrAfter day: String) -> Bool {
        timeline.hasEvents(enrolledOn: enrolled, onOrAfter: Fixtures.date(day))
    }

    @Test func aScheduleWithAnEndHasNoEventsFromItsEndOn() {
        let timeline = ScheduleTimeline(Fixtures.firstWeekThenWeekly)
        #expect(hasEvents(timeline, onOrAfter: "2026-03-01"))
        #expect(hasEvents(timeline, onOrAfter: "2026-03-22"), "the last weekly event, day 22")
        #expect(!hasEvents(timeline, onOrAfter: "2026-03-23"))
        #expect(!hasEvents(timeline, onOrAfter: "2027-03-01"))
    }

    @Test func anOpenEndedScheduleAlwaysHasEventsAhead() {
        #expect(hasEvents(ScheduleTimeline(Fixtures.dailyAtEight), onOrAfter: "2126-03-01"))
        let monthly = Schedule([ScheduleElement(interval: .months(12), time: .allDay)])
        #expect(hasEvents(ScheduleTimeline(monthly), onOrAfter: "2030-03-02"), "a yearly event is still ahead")
    }

    @Test func aSingleEventIsAheadUntilItsDayHasPassed() {
        let once = ScheduleTimeline(Schedule([ScheduleElement(start: .enrollment(plusDays: 10), interval: nil, time: .allDay)]))
        #expect(hasEvents(once, onOrAfter: "2026-03-11"))
        #expect(!hasEvents(once, onOrAfter: "2026-03-12"))
    }

    @Test func aNewerVersionWithAnEarlierEndEndsTheTask() {
        let ended = Schedule([ScheduleElement(end: .enrollment(plusDays: 14), interval: .days(1), time: .allDay)])
        let timeline = ScheduleTimeline([
            .init(version: 1, effectiveFrom: nil, schedule: Fixtures.dailyAtEight),
            .init(version: 2, effectiveFrom: Fixtures.date("2026-03-10"), schedule: ended),
        ])
        #expect(hasEvents(timeline, onOrAfter: "2026-03-14"))
        #expect(!hasEvents(timeline, onOrAfter: "2026-03-15"), "the open-ended first version no longer governs")
    }
}
