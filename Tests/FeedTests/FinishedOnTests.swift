import CareModel
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// The day a participant's study was over, for the data package: the day
/// after their last event could be answered, once nothing is left.
@Suite struct FinishedOnTests {
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")
    let fortnight = Schedule([ScheduleElement(end: .enrollment(plusDays: 14), interval: .days(1),
                                              time: .at(LocalTime(hour: 8, minute: 0)!))])

    func feed(today: String) -> ParticipantFeed {
        ParticipantFeed(participant: participant,
                        tasks: [PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight))],
                        outcomes: [], today: Fixtures.date(today))
    }

    @Test func theDayAfterTheLastEventOnceNothingIsLeft() {
        #expect(feed(today: "2026-03-14").finishedOn == nil, "the last check-in is today")
        #expect(feed(today: "2026-03-15").finishedOn == Fixtures.date("2026-03-15"))
        #expect(feed(today: "2026-06-01").finishedOn == Fixtures.date("2026-03-15"), "the day it was over, not today")
    }
}
