import CareModel
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// Visit windows: an event open on its day and the days after, shown until
/// answered, missed and locked only after, counted once.
@Suite struct WindowTests {
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    /// At enrollment and at week 2, each open for 7 days (March 1–7, March 15–21).
    let visits = PlannedTask(id: "knee", title: "Knee function", timeline: ScheduleTimeline(Schedule([
        ScheduleElement(start: .enrollment(plusDays: 0), interval: nil, time: .allDay, window: 7),
        ScheduleElement(start: .enrollment(plusDays: 14), interval: nil, time: .allDay, window: 7),
    ])))

    func feed(today: String, answeredAt: String? = nil) -> ParticipantFeed {
        let outcomes = answeredAt.map { time in
            [Outcome(id: 1, participantID: "p1", taskID: "knee", taskVersion: 1, occurrence: 0, eventDay: Fixtures.date("2026-03-01"),
                     eventStart: Fixtures.instant("2026-03-01T05:00:00Z"), eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"),
                     values: [], createdAt: Fixtures.instant(time))]
        } ?? []
        return ParticipantFeed(participant: participant, tasks: [visits], outcomes: outcomes, today: Fixtures.date(today))
    }

    func states(_ feed: ParticipantFeed, _ days: [String]) -> [String] {
        days.map { day in
            feed.day(Fixtures.date(day), firstWeekday: 1).cards.map(\.state.name).joined(separator: ",")
        }
    }

    /// Each event's status by the one rule, in occurrence order.
    func statuses(_ feed: ParticipantFeed) -> [EventStatus] {
        visits.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
                               to: Fixtures.date("2026-04-01")).map { feed.status(of: $0, task: visits) }
    }

    @Test func anEventIsDoneDoneLateOpenMissedOrNotYetDueByOneRule() {
        #expect(statuses(feed(today: "2026-03-03")) == [.open, .notYetDue])
        #expect(statuses(feed(today: "2026-03-16")) == [.missed, .open])
        #expect(statuses(feed(today: "2026-03-16", answeredAt: "2026-03-01T15:00:00Z")) == [.done, .open])
        #expect(statuses(feed(today: "2026-03-16", answeredAt: "2026-03-04T15:00:00Z")) == [.doneLate, .open],
                "answered on the fourth day of its window")
        let withdrawn = ParticipantFeed(participant: participant, tasks: [visits], outcomes: [], today: Fixtures.date("2026-03-16"),
                                        withdrawal: Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-04T15:00:00Z")))
        #expect(statuses(withdrawn) == [.missed, .afterWithdrawal], "a withdrawal ends a window the day before")
        #expect(EventStatus.allCases.filter(\.isDue) == [.done, .doneLate, .missed])
    }

    @Test func anUnansweredEventIsOpenEveryDayOfItsWindowAndMissedOnlyAfter() {
        let days = ["2026-03-01", "2026-03-03", "2026-03-07", "2026-03-08"]
        // On March 3: not on March 1's feed (it is still open today), open today, to come on the days left.
        #expect(states(feed(today: "2026-03-03"), days) == ["", "open", "upcoming", ""])
        #expect(states(feed(today: "2026-03-07"), days) == ["", "", "open", ""])
        // Once the window is over: missed, on its last day only.
        #expect(states(feed(today: "2026-03-08"), days) == ["", "", "missed", ""])
        let card = feed(today: "2026-03-08").day(Fixtures.date("2026-03-07"), firstWeekday: 1).cards[0]
        #expect(card.isLocked)
        #expect(!feed(today: "2026-03-07").day(Fixtures.date("2026-03-07"), firstWeekday: 1).cards[0].isLocked)
    }

    @Test func anAnsweredEventShowsOnTheDayItWasAnsweredOnly() {
        // Answered on March 4 at 10:00 in New York.
        let answered = feed(today: "2026-03-06", answeredAt: "2026-03-04T15:00:00Z")
        #expect(states(answered, ["2026-03-01", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-07"])
                == ["", "", "completed", "", ""])
    }

    @Test func theWeekStripAndAdherenceCountAnEventOnce() throws {
        let answered = feed(today: "2026-03-06", answeredAt: "2026-03-04T15:00:00Z")
        let week = answered.day(Fixtures.date("2026-03-06"), firstWeekday: 1).week.days
        #expect(week.compactMap(\.ring).map { "\($0.completed)/\($0.total)" } == ["1/1"])
        #expect(week.first { $0.ring != nil }?.day == Fixtures.date("2026-03-04"))
        let missed = feed(today: "2026-03-09")
        #expect(missed.adherence(from: Fixtures.date("2026-03-01"), to: Fixtures.date("2026-03-09")).map { "\($0.completed)/\($0.total)" } == "0/1")
        // Still open: it counts nowhere yet but on its last day, to come.
        let open = feed(today: "2026-03-03")
        #expect(open.adherence(from: Fixtures.date("2026-03-01"), to: Fixtures.date("2026-03-04")) == nil)
    }

    @Test func answersMayBeGivenOrChangedThroughTheWindowOnly() {
        let feed = feed(today: "2026-03-07")
        let day = Fixtures.date("2026-03-01")
        #expect(AnswerGate.refusal(changing: day, through: Fixtures.date("2026-03-07"), feed: feed, standing: .active) == nil)
        #expect(AnswerGate.refusal(changing: day, through: Fixtures.date("2026-03-06"), feed: feed, standing: .active) == .dayLocked)
        #expect(AnswerGate.refusal(changing: Fixtures.date("2026-03-15"), through: Fixtures.date("2026-03-21"), feed: feed,
                                   standing: .active) == .notOpenYet)
    }

    @Test func aWindowCutShortByAWithdrawalIsMissedTheDayBefore() {
        let withdrawal = Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-05T15:00:00Z"), reason: nil)
        let feed = ParticipantFeed(participant: participant, tasks: [visits], outcomes: [], today: Fixtures.date("2026-03-09"),
                                   withdrawal: withdrawal)
        #expect(states(feed, ["2026-03-04", "2026-03-05", "2026-03-07"]) == ["missed", "", ""])
        #expect(feed.adherence(from: Fixtures.date("2026-03-01"), to: Fixtures.date("2026-03-09")).map { "\($0.completed)/\($0.total)" } == "0/1")
    }
}
