import CareModel
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// The day as the participant lives it: timed tasks first, rings that tell a
/// missed day from one to come, and an end to the study.
@Suite struct DayOrderTests {
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")
    let fortnight = Schedule([ScheduleElement(end: .enrollment(plusDays: 14), interval: .days(1),
                                              time: .at(LocalTime(hour: 8, minute: 0)!))])
    let evening = Schedule([ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: 19, minute: 30)!))])

    func feed(_ tasks: [PlannedTask], today: String, answered: [(String, String)] = [], withdrawal: Withdrawal? = nil) -> ParticipantFeed {
        let outcomes = answered.enumerated().map { index, answer in
            let task = tasks.first { $0.id == answer.0 }!
            let event = task.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                             from: Fixtures.date(answer.1), to: Fixtures.date(answer.1).adding(days: 1))[0]
            return Outcome(id: Int64(index + 1), participantID: participant.id, taskID: task.id, taskVersion: 1,
                           occurrence: event.occurrence, eventDay: event.day, eventStart: event.start,
                           eventEnd: event.end, values: [], createdAt: event.start)
        }
        return ParticipantFeed(participant: participant, tasks: tasks, outcomes: outcomes, today: Fixtures.date(today), withdrawal: withdrawal)
    }

    @Test func timedTasksComeBeforeAllDayOnesAndInTimeOrder() {
        let tasks = [
            PlannedTask(id: "aRange", title: "Range of motion", timeline: ScheduleTimeline(Fixtures.dailyAllDay)),
            PlannedTask(id: "evening", title: "Evening", timeline: ScheduleTimeline(evening)),
            PlannedTask(id: "zCheckIn", title: "Check in", timeline: ScheduleTimeline(Fixtures.dailyAtEight)),
        ]
        let day = feed(tasks, today: "2026-03-05").day(Fixtures.date("2026-03-05"), firstWeekday: 1)
        #expect(day.cards.map(\.taskID) == ["zCheckIn", "evening", "aRange"],
                "an all-day event starts at midnight, yet the morning check-in comes first")
    }

    @Test func ringsTellAMissedDayFromADayToCome() {
        let tasks = [PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(Fixtures.dailyAtEight))]
        let week = feed(tasks, today: "2026-03-04", answered: [("checkIn", "2026-03-02")])
            .day(Fixtures.date("2026-03-04"), firstWeekday: 1).week.days
        let states = week.map { day in day.ring?.state(on: day.day, today: Fixtures.date("2026-03-04")) }
        #expect(states == [.missed, .done, .missed, .today, .upcoming, .upcoming, .upcoming])
        #expect(AdherenceRing(completed: 1, total: 2).state(on: Fixtures.date("2026-03-01"), today: Fixtures.date("2026-03-02"))
                == .missed, "a day with one of two done had something missed")
    }

    @Test func theStudyIsFinishedOnceNoTaskHasAnEventLeft() {
        let tasks = [
            PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                     timeline: ScheduleTimeline(Fixtures.dailyAllDay)),
            PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight)),
            PlannedTask(id: "rangeOfMotion", title: "Range of motion", timeline: ScheduleTimeline(Fixtures.firstWeekThenWeekly)),
        ]
        let joined = feed(tasks, today: "2026-04-01", answered: [("onboarding", "2026-03-01")])
        #expect(!joined.day(Fixtures.date("2026-03-22"), firstWeekday: 1).isStudyFinished, "the last weekly measurement is that day")
        #expect(!joined.day(Fixtures.date("2026-03-16"), firstWeekday: 1).isStudyFinished, "a day between two events is not the end")
        #expect(joined.day(Fixtures.date("2026-03-23"), firstWeekday: 1).isStudyFinished)
        #expect(joined.day(Fixtures.date("2026-03-23"), firstWeekday: 1).cards.isEmpty)
        let notJoined = feed(tasks, today: "2026-04-01")
        #expect(!notJoined.day(Fixtures.date("2026-04-01"), firstWeekday: 1).isStudyFinished, "one who never joined has not finished")
    }

    /// A range of days finds where each task's events end once, by halving; each day asked on its own counts
    /// the schedules again. The two agree on every day, before, across and after the end: with a schedule
    /// changed partway, with an open-ended one, and with one whose only later event is past a thousand years
    /// (a start mistyped as 3026), which makes the answer turn back within the range.
    @Test func theDaysOfARangeAreFinishedExactlyWhenEachDayAskedAloneIs() {
        let onboarding = PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                                     timeline: ScheduleTimeline(Fixtures.dailyAllDay))
        let changed = ScheduleTimeline([.init(version: 1, effectiveFrom: nil, schedule: fortnight),
                                        .init(version: 2, effectiveFrom: Fixtures.date("2026-03-10"), schedule: Fixtures.firstWeekThenWeekly)])
        let farOff = Schedule([ScheduleElement(start: .date(Fixtures.date("3026-04-10")), end: .date(Fixtures.date("3026-04-11")),
                                               interval: .days(1), time: .allDay)])
        let plans: [(String, [PlannedTask])] = [
            ("one schedule each", [PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight)),
                                   PlannedTask(id: "rangeOfMotion", title: "Range of motion", timeline: ScheduleTimeline(Fixtures.firstWeekThenWeekly))]),
            ("changed partway", [PlannedTask(id: "checkIn", title: "Check in", timeline: changed)]),
            ("open-ended", [PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight)),
                            PlannedTask(id: "ice", title: "Ice", timeline: ScheduleTimeline(Fixtures.dailyAllDay))]),
            ("a thousand years on", [PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight)),
                                     PlannedTask(id: "later", title: "Later", timeline: ScheduleTimeline(farOff))]),
        ]
        let first = Fixtures.date("2026-02-20")
        for (name, tasks) in plans {
            let joined = feed([onboarding] + tasks, today: "2026-04-01", answered: [("onboarding", "2026-03-01")])
            for length in [0, 1, 2, 6, 30, 59] {
                for start in 0..<(60 - length) {
                    let range = first.adding(days: start)...first.adding(days: start + length)
                    let finished = joined.days(range, firstWeekday: 1).map(\.isStudyFinished)
                    #expect(finished == (start...(start + length)).map { joined.isStudyFinished(on: first.adding(days: $0)) }, "\(name): \(range)")
                }
            }
        }
        let plain = feed([onboarding] + plans[0].1, today: "2026-04-01", answered: [("onboarding", "2026-03-01")])
        let all = plain.days(first...first.adding(days: 59), firstWeekday: 1).map(\.isStudyFinished)
        #expect(all.firstIndex(of: true) == first.days(to: Fixtures.date("2026-03-23")), "finished from Mar 23 on")
        #expect(all.drop { !$0 }.allSatisfy { $0 })
        let later = feed([onboarding] + plans[3].1, today: "2026-04-01", answered: [("onboarding", "2026-03-01")])
        let turning = later.days(first...first.adding(days: 59), firstWeekday: 1).map(\.isStudyFinished)
        // Within reach from the first day whose thousand years (365,250 days) run past it.
        let reach = first.days(to: LocalDate(ordinal: Fixtures.date("3026-04-10").ordinal - 365_250 + 1))
        #expect(turning[reach - 1] && !turning[reach...].contains(true),
                "finished, then not, as the event a thousand years on comes within reach")
    }

    /// The overview asks the adherence of every study week at once, from one pass over the events: each
    /// week, overlapping ranges, a single day and a range that ends before it starts come to what each
    /// asked alone does.
    @Test func theAdherenceOfManyRangesAtOnceIsEachRangeAskedAlone() {
        let onboarding = PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                                     timeline: ScheduleTimeline(Fixtures.dailyAllDay))
        let tasks = [onboarding, PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(fortnight)),
                     PlannedTask(id: "rangeOfMotion", title: "Range of motion", timeline: ScheduleTimeline(Fixtures.firstWeekThenWeekly))]
        let answered = [("onboarding", "2026-03-01"), ("checkIn", "2026-03-01"), ("checkIn", "2026-03-02"), ("checkIn", "2026-03-09"),
                        ("rangeOfMotion", "2026-03-03"), ("rangeOfMotion", "2026-03-15")]
        let joined = feed(tasks, today: "2026-03-20", answered: answered)
        let start = Fixtures.date("2026-02-26")
        var ranges = (0..<5).map { (start.adding(days: 7 * $0), start.adding(days: 7 * $0 + 6)) }
        ranges += [(start, Fixtures.date("2026-03-20")), (Fixtures.date("2026-03-14"), Fixtures.date("2026-03-20")),
                   (Fixtures.date("2026-03-09"), Fixtures.date("2026-03-09")), (Fixtures.date("2026-03-10"), Fixtures.date("2026-03-09"))]
        // Each range counted alone, event by event, by the rule the feed's statuses give.
        func counted(_ feed: ParticipantFeed, _ from: LocalDate, _ through: LocalDate) -> AdherenceRing? {
            guard from <= through else { return nil }
            let statuses = feed.tasks.filter { $0.impactsAdherence && !$0.isOnboarding && $0.kind != .log }.flatMap { task in
                feed.events(of: task, from: from, to: through.adding(days: 1)).map { feed.status(of: $0, task: task) }
            }.filter(\.isDue)
            return statuses.isEmpty ? nil : AdherenceRing(completed: statuses.filter { $0 != .missed }.count, total: statuses.count)
        }
        let alone = ranges.map { counted(joined, $0.0, $0.1) }
        #expect(joined.adherence(ofRanges: ranges) == alone)
        #expect(ranges.map { joined.adherence(ofEventsFrom: $0.0, through: $0.1) } == alone)
        // Withdrawn on Mar 12: the days after count nothing, the window cut short is missed the day before.
        let withdrawn = feed(tasks, today: "2026-03-20", answered: answered,
                             withdrawal: Withdrawal(participantID: participant.id, withdrawnAt: Fixtures.instant("2026-03-12T15:00:00Z")))
        #expect(withdrawn.adherence(ofRanges: ranges) == ranges.map { counted(withdrawn, $0.0, $0.1) })
        #expect(withdrawn.adherence(ofRanges: ranges) != alone, "the withdrawal changes what is due")
        #expect(alone.map { $0.map { "\($0.completed)/\($0.total)" } } == [
            "3/8", "1/11", "1/4", nil, nil, "5/23", "1/2", "1/1", nil,
        ], "joined Mar 1: both tasks daily that week; then the check-in daily to Mar 14 and the measurement weekly, Mar 22's not yet due")
        #expect(joined.adherence(ofRanges: []).isEmpty)
        #expect(joined.adherence(ofRanges: [ranges[8]]) == [nil])
    }
}
