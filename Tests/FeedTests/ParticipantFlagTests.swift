import CareModel
import Content
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// Recover's flags (pain above 6, no answers for two days, range of motion
/// not measured for 8 days) for a participant enrolled on Sunday March 1, 2026.
@Suite struct ParticipantFlagTests {
    let plan: CarePlan
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")

    init() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    func answer(_ task: String, on day: String, _ values: [OutcomeValue] = [], id: Int64) -> Outcome {
        let start = Fixtures.instant("\(day)T13:00:00Z")
        return Outcome(id: id, participantID: participant.id, taskID: task, taskVersion: 1,
                       occurrence: Fixtures.date("2026-03-01").days(to: Fixtures.date(day)), eventDay: Fixtures.date(day),
                       eventStart: start, eventEnd: start.addingTimeInterval(3600), values: values,
                       createdAt: start.addingTimeInterval(60))
    }

    func checkIn(_ day: String, pain: Int, id: Int64) -> Outcome {
        answer("checkIn", on: day, [OutcomeValue(kind: "pain", value: .integer(pain)),
                                   OutcomeValue(kind: "sleep", value: .decimal(7), unit: "hours")], id: id)
    }

    func range(_ day: String, _ degrees: Int, id: Int64) -> Outcome {
        answer("rangeOfMotion", on: day, [OutcomeValue(kind: "range", value: .integer(degrees), unit: "degrees")], id: id)
    }

    /// Joined on March 1, then `outcomes`.
    func flags(_ outcomes: [Outcome], today: String, sharing: Sharing = .everything,
               withdrawal: Withdrawal? = nil) -> [ParticipantFlag] {
        let all = [answer("onboarding", on: "2026-03-01", id: 100)] + outcomes
        let feed = plan.feed(for: participant, outcomes: all, today: Fixtures.date(today), withdrawal: withdrawal)
        return ParticipantFlag.check(plan.study.flags, feed: feed, outcomes: all, sharing: sharing)
    }

    @Test func theLatestPainAboveSixRaisesTheFlagWithTheValueAndItsDay() {
        let raised = flags([checkIn("2026-03-01", pain: 3, id: 1), checkIn("2026-03-02", pain: 8, id: 2)], today: "2026-03-03")
        #expect(raised == [ParticipantFlag(label: "High pain", state: .value(8, unit: nil, day: Fixtures.date("2026-03-02")))])
    }

    @Test func anEarlierHighPainFollowedByALowerOneRaisesNothing() {
        #expect(flags([checkIn("2026-03-01", pain: 9, id: 1), checkIn("2026-03-02", pain: 6, id: 2)], today: "2026-03-03") == [])
    }

    @Test func twoWholeDaysWithoutAnyAnswerRaiseTheQuietFlagWithTheLastDay() {
        let answered = [checkIn("2026-03-01", pain: 3, id: 1), checkIn("2026-03-02", pain: 3, id: 2)]
        #expect(flags(answered, today: "2026-03-04") == [], "only March 3 passed without an answer; today is still open")
        #expect(flags(answered, today: "2026-03-05") == [
            ParticipantFlag(label: "No answers for two days", state: .quiet(days: 3, last: Fixtures.date("2026-03-02"))),
        ], "two whole days without answers; the last was three calendar days before today, as the last answer column counts")
    }

    @Test func rangeOfMotionMissedAtItsWeeklyMeasurementRaisesTheFlag() {
        // Measured daily in the first week, then not on March 15, when it was due; March 22 is its last event.
        let daily = (1...8).map { range(String(format: "2026-03-%02d", $0), 60 + $0, id: Int64($0)) }
        let checkIns = (1...21).map { checkIn(String(format: "2026-03-%02d", $0), pain: 2, id: Int64(100 + $0)) }
        #expect(flags(daily + checkIns, today: "2026-03-22") == [
            ParticipantFlag(label: "Range of motion not measured", state: .quiet(days: 14, last: Fixtures.date("2026-03-08"))),
        ])
    }

    @Test func aTaskFlagIsNotRaisedOnceTheTasksScheduleHasEnded() {
        // The same missed measurements, seen after the last scheduled one: nothing can clear the flag any more.
        let daily = (1...8).map { range(String(format: "2026-03-%02d", $0), 60 + $0, id: Int64($0)) }
        let checkIns = (1...24).map { checkIn(String(format: "2026-03-%02d", $0), pain: 2, id: Int64(100 + $0)) }
        #expect(flags(daily + checkIns, today: "2026-03-25") == [])
    }

    @Test func noFlagIsRaisedForDaysWhenNothingWasDue() {
        // The last measurement is the last one scheduled (day 22); check-ins end after six weeks.
        let measured = [1, 2, 3, 4, 5, 6, 7, 8, 15, 22].map { range(String(format: "2026-03-%02d", $0), 100, id: Int64($0)) }
        let checkIns = (0..<42).map { checkIn(Fixtures.date("2026-03-01").adding(days: $0).description, pain: 2, id: Int64(100 + $0)) }
        #expect(flags(measured + checkIns, today: "2026-04-20") == [])
    }

    @Test func aFlagOnAValueNotSharedIsNotCheckedAndSaysSo() {
        let raised = flags([checkIn("2026-03-02", pain: 9, id: 1)], today: "2026-03-03", sharing: Sharing(withheld: ["pain"]))
        #expect(raised == [ParticipantFlag(label: "High pain", state: .notShared)])
        #expect(!raised[0].isRaised)
    }

    @Test func aFlagOnAValueWhoseSharingIsNotChosenYetIsNotCheckedAndIsNotCalledADecline() {
        let raised = flags([checkIn("2026-03-02", pain: 9, id: 1)], today: "2026-03-03",
                           sharing: Sharing(withheld: ["pain"], notChosen: ["pain"]))
        #expect(raised == [ParticipantFlag(label: "High pain", state: .notChosen)])
        #expect(!raised[0].isRaised)
    }

    @Test func aWithdrawnParticipantRaisesNoFlag() {
        let withdrawal = Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-03T15:00:00Z"))
        #expect(flags([checkIn("2026-03-02", pain: 9, id: 1)], today: "2026-03-10", withdrawal: withdrawal) == [])
    }
}
