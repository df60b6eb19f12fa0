import CareModel
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// Schedules that count from a participant's own date (their surgery):
/// nothing before it is known, events across a change of the clocks on
/// their wall-clock day, and a date that moves takes only the events not
/// yet answered with it.
@Suite struct ParticipantDateTests {
    /// Recover's visits: a week before surgery, 2 and 6 weeks after, each open a week.
    let visits = Schedule([
        ScheduleElement(start: .participantDate("surgery", plusDays: -7), interval: nil, time: .allDay, window: 7,
                        visit: "Before surgery"),
        ScheduleElement(start: .participantDate("surgery", plusDays: 14), interval: nil, time: .allDay, window: 7,
                        visit: "Week 2"),
        ScheduleElement(start: .participantDate("surgery", plusDays: 42), interval: nil, time: .allDay, window: 7,
                        visit: "Week 6"),
    ])
    /// A check at 09:00 each day from the day of surgery to 2 weeks after it.
    let daily = Schedule([ScheduleElement(start: .participantDate("surgery", plusDays: 0),
                                          end: .participantDate("surgery", plusDays: 14), interval: .days(1),
                                          time: .at(LocalTime(hour: 9, minute: 0)!))])

    func participant(surgery: String?) -> Participant {
        var participant = Fixtures.participant(enrolledOn: "2026-03-01")
        participant.dates = surgery.map { ["surgery": Fixtures.date($0)] } ?? [:]
        return participant
    }

    /// With surgery on March 5, the visit before it answered on its first day, February 26.
    func answeredBeforeSurgery() -> Outcome {
        let before = participant(surgery: "2026-03-05")
        let baseline = ScheduleTimeline(visits).events(before.scheduleDates, in: before.timeZone,
                                                       from: Fixtures.date("2026-02-26"), to: Fixtures.date("2026-02-27"))[0]
        return Outcome(id: 1, participantID: "p1", taskID: "kneeFunction", taskVersion: 1, occurrence: baseline.occurrence,
                       eventDay: baseline.day, eventStart: baseline.start, eventEnd: baseline.end, values: [],
                       createdAt: baseline.start.addingTimeInterval(3600))
    }

    @Test func withoutTheDateATaskHasNoEventsAndTheStudyIsNotOver() {
        let participant = participant(surgery: nil)
        let events = ScheduleTimeline(visits).events(participant.scheduleDates, in: participant.timeZone,
                                                     from: Fixtures.date("2026-01-01"), to: Fixtures.date("2027-01-01"))
        #expect(events.isEmpty)
        let task = PlannedTask(id: "kneeFunction", title: "Knee function", timeline: ScheduleTimeline(visits))
        let feed = ParticipantFeed(participant: participant, tasks: [task], outcomes: [], today: Fixtures.date("2026-03-20"))
        #expect(!feed.isStudyFinished(on: Fixtures.date("2026-03-20")), "the visits are still to come, once the date is known")
        #expect(feed.cards(from: Fixtures.date("2026-03-01"), to: Fixtures.date("2026-03-21")).isEmpty,
                "nothing is missed: nothing was scheduled")
    }

    @Test func eventsFallOnTheirWallClockDayAcrossAChangeOfTheClocks() {
        // New York's clocks go forward on Sunday March 8, 2026.
        let participant = participant(surgery: "2026-03-05")
        let zone = participant.timeZone
        let events = ScheduleTimeline(daily).events(participant.scheduleDates, in: zone, from: Fixtures.date("2026-03-01"),
                                                    to: Fixtures.date("2026-04-01"))
        #expect(events.count == 14)
        #expect(events.first?.day == Fixtures.date("2026-03-05"))
        #expect(events.last?.day == Fixtures.date("2026-03-18"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        #expect(events.allSatisfy { calendar.component(.hour, from: $0.start) == 9 })
        #expect(events[2].start.timeIntervalSince(events[3].start) == -23 * 3600, "the night the clocks go forward is an hour shorter")
        let named = ScheduleTimeline(visits).events(participant.scheduleDates, in: zone, from: Fixtures.date("2026-01-01"),
                                                    to: Fixtures.date("2027-01-01"))
        #expect(named.map(\.day) == ["2026-02-26", "2026-03-19", "2026-04-16"].map(Fixtures.date))
        #expect(named.map(\.visit) == ["Before surgery", "Week 2", "Week 6"])
        #expect(named.map(\.lastDay) == ["2026-03-04", "2026-03-25", "2026-04-22"].map(Fixtures.date))
    }

    @Test func aMovedDateMovesTheEventsNotYetAnsweredAndKeepsTheAnsweredWhereTheyWere() {
        let task = PlannedTask(id: "kneeFunction", title: "Knee function", timeline: ScheduleTimeline(visits))
        let answer = answeredBeforeSurgery()
        // Surgery postponed by two weeks.
        let after = participant(surgery: "2026-03-19")
        let feed = ParticipantFeed(participant: after, tasks: [task], outcomes: [answer], today: Fixtures.date("2026-03-10"))
        let cards = feed.cards(from: Fixtures.date("2026-02-20"), to: Fixtures.date("2026-05-10"))
        let shown = cards.flatMap { day, cards in cards.map { (day, $0) } }.sorted { $0.0 < $1.0 }
        let answered = shown.filter { $0.1.isCompleted }
        #expect(answered.map(\.0) == [Fixtures.date("2026-02-26")], "the answered visit stays on the day it was answered")
        #expect(answered.first?.1.event.visit == "Before surgery")
        let moved = Set(shown.filter { !$0.1.isCompleted }.map(\.1.event.day))
        #expect(moved == Set(["2026-04-02", "2026-04-30"].map(Fixtures.date)), "week 2 and week 6 move with the surgery")
        #expect(!shown.contains { $0.1.event.day == Fixtures.date("2026-03-12") && !$0.1.isCompleted },
                "the visit before the new surgery day is the one already answered, not a second one")
    }

    @Test func theLatestVisitOverAndNotAnsweredIsFlaggedUntilALaterOneIsOver() {
        let task = PlannedTask(id: "kneeFunction", title: "Knee function", timeline: ScheduleTimeline(visits))
        let participant = participant(surgery: "2026-03-05")
        func flags(today: String) -> [ParticipantFlag] {
            ParticipantFlag.missedVisits(ParticipantFeed(participant: participant, tasks: [task], outcomes: [],
                                                         today: Fixtures.date(today)))
        }
        #expect(flags(today: "2026-03-04").isEmpty, "the visit before surgery is open through March 4")
        #expect(flags(today: "2026-03-05") == [ParticipantFlag(label: "Knee function · Before surgery",
                                                               state: .visitNotAnswered(lastDay: Fixtures.date("2026-03-04")))])
        #expect(flags(today: "2026-03-26") == [ParticipantFlag(label: "Knee function · Week 2",
                                                               state: .visitNotAnswered(lastDay: Fixtures.date("2026-03-25")))])
    }

    @Test func anAnsweredVisitStaysDoneOnItsDayWhereverTheDateMoves() {
        let task = PlannedTask(id: "kneeFunction", title: "Knee function", timeline: ScheduleTimeline(visits))
        let answer = answeredBeforeSurgery()
        // Postponed five weeks (its new day is past the feed's days), or brought forward four days.
        for surgery in ["2026-04-09", "2026-03-01"] {
            let feed = ParticipantFeed(participant: participant(surgery: surgery), tasks: [task], outcomes: [answer],
                                       today: Fixtures.date("2026-03-10"))
            let day = feed.day(Fixtures.date("2026-02-26"), firstWeekday: 1)
            #expect(day.cards.map(\.isCompleted) == [true], "\(surgery): answered on February 26, shown there")
            let placed = feed.events(of: task, from: Fixtures.date("2026-01-01"), to: Fixtures.date("2026-12-31"))
            #expect(placed.filter { $0.occurrence == 0 }.map(\.day) == [Fixtures.date("2026-02-26")], "\(surgery)")
            #expect(placed.first.map { feed.status(of: $0, task: task) } == .done, "\(surgery): done on its day, not late")
        }
    }
}
