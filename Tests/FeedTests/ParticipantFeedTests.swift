import CareModel
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

@Suite struct ParticipantFeedTests {
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")
    let today = Fixtures.date("2026-03-05")
    let tasks = [
        PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                 timeline: ScheduleTimeline(Fixtures.dailyAllDay)),
        PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(Fixtures.dailyAtEight)),
        PlannedTask(id: "rangeOfMotion", title: "Range of motion", timeline: ScheduleTimeline(Fixtures.firstWeekThenWeekly)),
    ]

    func outcome(_ task: String, on day: String, id: Int64, deleted: Bool = false) -> Outcome {
        let feedTask = tasks.first { $0.id == task }!
        let event = feedTask.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                             from: Fixtures.date(day), to: Fixtures.date(day).adding(days: 1))[0]
        return Outcome(id: id, participantID: participant.id, taskID: task, taskVersion: 1, occurrence: event.occurrence,
                       eventDay: event.day, eventStart: event.start, eventEnd: event.end,
                       values: [OutcomeValue(kind: "pain", value: .integer(3))],
                       createdAt: event.start, deletedAt: deleted ? event.end : nil)
    }

    var onboardedFeed: ParticipantFeed {
        ParticipantFeed(participant: participant, tasks: tasks, outcomes: [
            outcome("onboarding", on: "2026-03-02", id: 1),
            outcome("checkIn", on: "2026-03-03", id: 2),
            outcome("rangeOfMotion", on: "2026-03-03", id: 3),
            outcome("checkIn", on: "2026-03-05", id: 4),
            outcome("rangeOfMotion", on: "2026-03-04", id: 5, deleted: true),
        ], today: today)
    }

    func summary(_ day: FeedDay) -> [String] {
        day.cards.map { "\($0.taskID) \($0.state.name)\($0.isLocked ? " locked" : "")" }
    }

    @Test func beforeOnboardingTheFeedHoldsOnlyTheOnboardingCard() {
        let feed = ParticipantFeed(participant: participant, tasks: tasks, outcomes: [], today: today)
        let day = feed.day(today, firstWeekday: 1)
        #expect(!day.isOnboarded)
        #expect(summary(day) == ["onboarding open"])
        #expect(summary(feed.day(Fixtures.date("2026-03-04"), firstWeekday: 1)) == ["onboarding missed locked"])
        #expect(summary(feed.day(Fixtures.date("2026-03-06"), firstWeekday: 1)) == ["onboarding upcoming"])
        #expect(day.week.days.allSatisfy { $0.ring == nil })
    }

    @Test func daysBeforeTheOnboardingDayStayGatedAndTheOnboardingCardLeavesAfter() {
        let feed = onboardedFeed
        #expect(summary(feed.day(Fixtures.date("2026-03-01"), firstWeekday: 1)) == ["onboarding missed locked"])
        #expect(summary(feed.day(Fixtures.date("2026-03-02"), firstWeekday: 1)) == ["checkIn missed locked", "rangeOfMotion missed locked"])
    }

    @Test func aPastDayIsLockedWithItsAnswers() {
        let day = onboardedFeed.day(Fixtures.date("2026-03-03"), firstWeekday: 1)
        #expect(summary(day) == ["checkIn completed locked", "rangeOfMotion completed locked"])
        #expect(!day.isEditable)
        guard case .completed(let answered) = day.cards[0].state else {
            Issue.record("the check-in should be completed")
            return
        }
        #expect(answered.id == 2)
        #expect(answered.value("pain")?.value == .integer(3))
    }

    @Test func todayIsOpenOrCompletedAndEditable() {
        let day = onboardedFeed.day(today, firstWeekday: 1)
        #expect(summary(day) == ["checkIn completed", "rangeOfMotion open"])
        #expect(day.isEditable)
        #expect(day.cards.map(\.event.occurrence) == [4, 4])
    }

    @Test func aDeletedOutcomeLeavesItsEventMissed() {
        #expect(summary(onboardedFeed.day(Fixtures.date("2026-03-04"), firstWeekday: 1)) == ["checkIn missed locked", "rangeOfMotion missed locked"])
    }

    @Test func futureDaysAreUpcomingAndTasksWithoutEventsAreAbsent() {
        let feed = onboardedFeed
        #expect(summary(feed.day(Fixtures.date("2026-03-08"), firstWeekday: 1)) == ["checkIn upcoming", "rangeOfMotion upcoming"])
        #expect(summary(feed.day(Fixtures.date("2026-03-09"), firstWeekday: 1)) == ["checkIn upcoming"])
        #expect(!feed.day(Fixtures.date("2026-03-09"), firstWeekday: 1).isEditable)
    }

    @Test func theWeekStripRunsSundayToSaturdayWithRingsOnlyWhereAdherenceEventsAre() {
        let week = onboardedFeed.day(today, firstWeekday: 1).week.days
        #expect(week.map(\.day.description) == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05",
                                                "2026-03-06", "2026-03-07"])
        #expect(week.map { $0.ring.map { "\($0.completed)/\($0.total)" } ?? "none" } == [
            "none", "0/2", "2/2", "0/2", "1/2", "0/2", "0/2",
        ])
        #expect(week[4].ring?.fraction == 0.5)
    }

    @Test func adherenceOverARangeCountsOnlyAdherenceTasks() {
        let ring = onboardedFeed.adherence(from: Fixtures.date("2026-03-01"), to: today.adding(days: 1))
        #expect(ring == AdherenceRing(completed: 3, total: 8))
    }
}
