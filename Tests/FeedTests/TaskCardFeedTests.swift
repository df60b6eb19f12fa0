import CareModel
import Content
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// The states of a simple task's card, a checklist's boxes and a log's
/// entries, and what each counts toward the adherence ring.
@Suite struct TaskCardFeedTests {
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")
    let today = Fixtures.date("2026-03-05")
    static let threeTimes = Schedule([ScheduleElement(interval: .days(1), time: .times(
        [LocalTime(hour: 8, minute: 0)!, LocalTime(hour: 14, minute: 0)!, LocalTime(hour: 20, minute: 0)!]), duration: .minutes(20))])
    let tasks = [
        PlannedTask(id: "walk", title: "Walk", timeline: ScheduleTimeline(Fixtures.dailyAtEight), kind: .simple),
        PlannedTask(id: "ice", title: "Ice your knee", timeline: ScheduleTimeline(threeTimes), kind: .checklist),
        PlannedTask(id: "tablet", title: "Pain medicine", impactsAdherence: false, timeline: ScheduleTimeline(Fixtures.dailyAllDay),
                 kind: .log),
    ]

    func event(_ task: String, _ day: String, _ index: Int = 0) -> ScheduledEvent {
        tasks.first { $0.id == task }!.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                       from: Fixtures.date(day), to: Fixtures.date(day).adding(days: 1))[index]
    }

    func done(_ task: String, _ day: String, _ index: Int = 0, id: Int64) -> Outcome {
        let event = event(task, day, index)
        return Outcome(id: id, participantID: participant.id, taskID: task, taskVersion: 1, occurrence: event.occurrence,
                       eventDay: event.day, eventStart: event.start, eventEnd: event.end,
                       values: [OutcomeValue(kind: "done", value: .boolean(true))], createdAt: event.start.addingTimeInterval(60))
    }

    func entry(_ day: String, _ number: Int, at time: String, id: Int64) -> Outcome {
        let instant = participant.timeZone.instant(of: Fixtures.date(day), at: LocalTime(time)!)
        let logged = LogEntries.event(offered: event("tablet", day), at: instant)
        return Outcome(id: id, participantID: participant.id, taskID: "tablet", taskVersion: 1,
                       occurrence: logged.occurrence, entry: number,
                       eventDay: logged.day, eventStart: logged.start, eventEnd: logged.end,
                       values: [OutcomeValue(kind: "logged", value: .boolean(true))], createdAt: instant)
    }

    func feed(_ outcomes: [Outcome]) -> ParticipantFeed {
        ParticipantFeed(participant: participant, tasks: tasks, outcomes: outcomes, today: today)
    }

    func card(_ task: String, _ day: String, in feed: ParticipantFeed) throws -> Card {
        try #require(feed.day(Fixtures.date(day), firstWeekday: 1).cards.first { $0.taskID == task })
    }

    @Test func aSimpleTasksCardIsOpenTodayDoneWithItsOutcomeMissedBeforeAndUpcomingAfter() throws {
        let outcome = done("walk", "2026-03-05", id: 1)
        let feed = feed([outcome])
        #expect(try card("walk", "2026-03-05", in: feed).kind == .simple)
        #expect(try card("walk", "2026-03-05", in: feed).state == .completed(outcome))
        #expect(try card("walk", "2026-03-04", in: feed).state == .missed)
        #expect(try card("walk", "2026-03-06", in: feed).state == .upcoming)
        #expect(try card("walk", "2026-03-05", in: self.feed([])).state == .open)
    }

    @Test func aChecklistIsOneCardWithABoxPerTimeEachItsOwnOccurrence() throws {
        let second = done("ice", "2026-03-05", 1, id: 1)
        let checklist = try card("ice", "2026-03-05", in: feed([second]))
        guard case .checklist(let boxes) = checklist.kind else {
            Issue.record("not a checklist: \(checklist.kind)")
            return
        }
        #expect(boxes.map { participant.timeZone.localTime(of: $0.event.start).description } == ["08:00", "14:00", "20:00"])
        #expect(boxes.map(\.event.occurrence) == [12, 13, 14], "day 4's three events, after days 0 to 3's twelve")
        #expect(boxes.map(\.outcome) == [nil, second, nil])
        #expect(checklist.state == .open)
        #expect(feed([second]).day(today, firstWeekday: 1).cards.filter { $0.taskID == "ice" }.count == 1)
        let all = [0, 1, 2].map { done("ice", "2026-03-04", $0, id: Int64(10 + $0)) }
        #expect(try card("ice", "2026-03-04", in: feed(all)).state == .completed(all[2]))
        #expect(try card("ice", "2026-03-04", in: feed(Array(all.prefix(2)))).state == .missed)
    }

    @Test func theRingCountsEachBoxAndTheSimpleTaskButNoLogEntry() throws {
        let outcomes = [done("walk", "2026-03-04", id: 1), done("ice", "2026-03-04", 1, id: 2),
                        entry("2026-03-04", 0, at: "09:00", id: 3), entry("2026-03-04", 1, at: "15:00", id: 4)]
        let ring = try #require(feed(outcomes).day(Fixtures.date("2026-03-04"), firstWeekday: 1).week.days.first { $0.day == Fixtures.date("2026-03-04") }?.ring)
        #expect(ring == AdherenceRing(completed: 2, total: 4), "walk and three boxes; the log's two entries count for nothing")
    }

    @Test func aLogIsOneCardADayListingItsEntriesInTheOrderLogged() throws {
        let first = entry("2026-03-05", 0, at: "09:10", id: 1)
        let second = entry("2026-03-05", 1, at: "09:11", id: 2)
        let feed = feed([second, first])
        let log = try card("tablet", "2026-03-05", in: feed)
        #expect(log.kind == .log([first, second]))
        #expect(log.state == .open)
        #expect(feed.day(today, firstWeekday: 1).cards.filter { $0.taskID == "tablet" }.count == 1)
        #expect(first.occurrence == event("tablet", "2026-03-05").occurrence && second.occurrence == first.occurrence,
                "the day's occurrence, entries 0 and 1")
        #expect(LogEntries.next(after: [first, second]) == 2)
        #expect(LogEntries.next(after: [second]) == 2, "a removed entry's number is not reused while a later one stands")
        #expect(LogEntries.next(after: []) == 0)
    }

    @Test func aLogIsNeverMissedNorDueAndADayWithoutEntriesHasNoRingFromIt() throws {
        let tabletOnly = [tasks[2]]
        let feed = ParticipantFeed(participant: participant, tasks: tabletOnly, outcomes: [], today: today)
        let past = try #require(feed.day(Fixtures.date("2026-03-03"), firstWeekday: 1).cards.first)
        #expect(past.kind == .log([]))
        #expect(feed.day(today, firstWeekday: 1).week.days.allSatisfy { $0.ring == nil })
        #expect(feed.adherence(from: participant.enrolledOn, to: today) == nil)
        let silent = StudyFlag(label: "Silent", rule: .silent(days: 2))
        #expect(ParticipantFlag.check([silent], feed: feed, outcomes: [], sharing: .everything).allSatisfy { !$0.isRaised },
                "days it was only offered asked for nothing")
    }
}
