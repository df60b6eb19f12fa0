import CareModel
import Foundation
import Testing
import TestSupport

@Suite struct ScheduleTimelineTests {
    let zone = Fixtures.newYork
    let enrolled = Fixtures.date("2026-03-01")

    @Test func aNewVersionGovernsFromItsDayAndPastEventsKeepTheirVersion() {
        let timeline = ScheduleTimeline([
            .init(version: 1, effectiveFrom: nil, schedule: Fixtures.dailyAtEight),
            .init(version: 2, effectiveFrom: Fixtures.date("2026-03-05"),
                  schedule: Schedule([ScheduleElement(interval: .weeks(1), time: .allDay)])),
        ])
        let events = timeline.events(enrolledOn: enrolled, in: zone, from: enrolled, to: enrolled.adding(days: 21))
        #expect(events.map { "\($0.day) v\($0.version) #\($0.occurrence)" } == [
            "2026-03-01 v1 #0", "2026-03-02 v1 #1", "2026-03-03 v1 #2", "2026-03-04 v1 #3",
            "2026-03-08 v2 #4", "2026-03-15 v2 #5",
        ])
    }

    @Test func occurrencesAcrossVersionsDoNotDependOnTheRange() {
        let timeline = ScheduleTimeline([
            .init(version: 1, effectiveFrom: nil, schedule: Fixtures.dailyAllDay),
            .init(version: 2, effectiveFrom: Fixtures.date("2026-03-04"), schedule: Fixtures.dailyAtEight),
        ])
        let all = timeline.events(enrolledOn: enrolled, in: zone, from: enrolled, to: enrolled.adding(days: 10))
        #expect(all.map(\.occurrence) == Array(0..<10))
        let window = timeline.events(enrolledOn: enrolled, in: zone, from: Fixtures.date("2026-03-06"),
                                     to: Fixtures.date("2026-03-08"))
        #expect(window.map(\.occurrence) == [5, 6])
        #expect(window.allSatisfy { $0.version == 2 && !$0.isAllDay })
    }

    @Test func aLaterVersionForTheSameDayReplacesTheEarlierOne() {
        let timeline = ScheduleTimeline([
            .init(version: 1, effectiveFrom: nil, schedule: Fixtures.dailyAllDay),
            .init(version: 2, effectiveFrom: Fixtures.date("2026-03-04"), schedule: Fixtures.dailyAtEight),
            .init(version: 3, effectiveFrom: Fixtures.date("2026-03-04"),
                  schedule: Schedule([ScheduleElement(interval: .days(2), time: .allDay)])),
        ])
        #expect(timeline.spans.map(\.version) == [1, 3])
    }
}
