import CareModel
import Content
import Demo
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

@Suite struct DemoStudyTests {
    let plan: CarePlan
    let today = Fixtures.date("2026-11-30")

    init() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    @Test func theSameSeedGivesTheSameStudy() {
        let first = DemoStudy(plan: plan, participants: 6, days: 30, seed: 42, today: today)
        let second = DemoStudy(plan: plan, participants: 6, days: 30, seed: 42, today: today)
        let other = DemoStudy(plan: plan, participants: 6, days: 30, seed: 43, today: today)
        #expect(first.outcomes.map(\.outcome) == second.outcomes.map(\.outcome))
        #expect(first.consentRecords == second.consentRecords)
        #expect(first.outcomes.map(\.outcome) != other.outcomes.map(\.outcome))
    }

    /// A demo run at 03:54 on its last day answers nothing still to come.
    @Test func nothingIsAnsweredAfterTheMomentTheDemoRuns() {
        let now = plan.study.timeZone.instant(of: today, at: LocalTime(hour: 3, minute: 54)!)
        let demo = DemoStudy(plan: plan, participants: 8, days: 30, seed: 3, today: today, until: now)
        #expect(!demo.outcomes.isEmpty)
        #expect(demo.outcomes.allSatisfy { $0.createdAt <= now })
        #expect(demo.consentRecords.allSatisfy { $0.signedAt <= now })
        #expect(demo.permissionGrants.allSatisfy { $0.recordedAt <= now })
        // The whole day, as the default gives it, has answers after 03:54.
        let whole = DemoStudy(plan: plan, participants: 8, days: 30, seed: 3, today: today)
        #expect(whole.outcomes.contains { $0.createdAt > now })
        #expect(whole.outcomes.allSatisfy {
            $0.createdAt < plan.study.timeZone.instant(of: today.adding(days: 1), at: LocalTime(hour: 0, minute: 0)!)
        })
    }

    @Test func theNewestParticipantHasNotOnboardedAndTheOthersSigned() {
        let demo = DemoStudy(plan: plan, participants: 5, days: 30, seed: 1, today: today)
        let newest = demo.participants.last!
        #expect(newest.enrolledOn == today)
        #expect(!demo.outcomes.contains { $0.outcome.participantID == newest.id })
        #expect(Set(demo.consentRecords.map(\.participantID)) == Set(demo.participants.dropLast().map(\.id)))
    }

    @Test(arguments: [TestStudy.content, Repository.content])
    func demoStoresOnlyWhatTheValueModelTakes(_ content: String) throws {
        let plan = CarePlan(study: try #require(ContentLoader.load(directory: content, publicDirectory: nil).study))
        let demo = DemoStudy(plan: plan, participants: 12, days: 42, seed: 5, today: today)
        #expect(demo.outcomes.count > 100)
        for (outcome, _) in demo.outcomes {
            let task = try #require(plan.task(outcome.taskID, version: outcome.event.version))
            #expect(task.problems(outcome.values) == [], "\(outcome.taskID): \(outcome.values)")
        }
    }

    @Test func answersFollowTheScheduleAndRecoveryIsPlausible() {
        let demo = DemoStudy(plan: plan, participants: 20, days: 60, seed: 3, today: today)
        var early: [Double] = [], late: [Double] = []
        for (outcome, created) in demo.outcomes where outcome.taskID == "rangeOfMotion" {
            let participant = demo.participants.first { $0.id == outcome.participantID }!
            let day = participant.enrolledOn.days(to: outcome.event.day)
            #expect([0, 1, 2, 3, 4, 5, 6, 7, 14, 21].contains(day))
            #expect(created >= outcome.event.start)
            let range = outcome.values.first!.value.number!
            if day <= 1 { early.append(range) }
            if day == 21 { late.append(range) }
        }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        #expect((55...75).contains(mean(early)))
        #expect((95...125).contains(mean(late)))
        for (outcome, _) in demo.outcomes where outcome.taskID == "checkIn" {
            let pain = outcome.values.first { $0.kind == "pain" }!.value
            guard case .integer(let value) = pain else { Issue.record("pain is an integer"); continue }
            #expect((0...10).contains(value))
        }
    }
}

/// Nothing of a participant is stored before they joined.
@Suite struct DemoOnboardingOrderTests {
    let plan: CarePlan
    let today = Fixtures.date("2026-11-30")

    init() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    @Test(arguments: [1, 2, 3, 42] as [UInt64])
    func noAnswerIsCreatedBeforeTheParticipantsConsentAndPermissions(seed: UInt64) throws {
        let demo = DemoStudy(plan: plan, participants: 12, days: 40, seed: seed, today: today)
        for participant in demo.participants {
            let outcomes = demo.outcomes.filter { $0.outcome.participantID == participant.id }
            guard let first = outcomes.map(\.createdAt).min() else { continue }
            let consent = try #require(demo.consentRecords.first { $0.participantID == participant.id }, "\(participant.id)")
            let grants = demo.permissionGrants.filter { $0.participantID == participant.id }
            #expect(!grants.isEmpty)
            #expect(consent.signedAt <= first, "\(participant.id) answered before signing")
            for grant in grants {
                #expect(grant.recordedAt <= first, "\(participant.id) answered before choosing \(grant.permissionID)")
            }
        }
    }
}

/// What a real study has, in Recover's demo: some decline to share, one
/// leaves a questionnaire with too few answers for its score, and two
/// withdraw, one saying why, with nothing answered after.
@Suite struct RecoverDemoLikeARealStudyTests {
    @Test func recoversDemoHasDeclinesTooFewAnswersAndWithdrawals() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let plan = CarePlan(study: study)
        let demo = DemoStudy(plan: plan, participants: 12, days: 42, seed: 1, today: Fixtures.date("2026-11-30"))
        let declined = demo.permissionGrants.filter { $0.kind == "health" && !$0.granted }.map(\.participantID)
        #expect(declined == ["r006"])
        #expect(demo.withdrawals.map(\.participantID) == ["r005", "r008"])
        #expect(demo.withdrawals.map(\.givenReason) == ["Too much to keep up with after the surgery", nil])
        let lastOfTheLost = demo.outcomes.filter { $0.outcome.participantID == "r007" }.map(\.outcome.event.day).max()
        #expect(try #require(lastOfTheLost) < Fixtures.date("2026-11-14"), "r007 has answered nothing for 16 days")
        for withdrawal in demo.withdrawals {
            let last = demo.outcomes.filter { $0.outcome.participantID == withdrawal.participantID }.map(\.createdAt).max()
            #expect(try #require(last) < withdrawal.withdrawnAt, "nothing is answered after \(withdrawal.participantID) withdrew")
        }
        let knee = try #require(study.task("kneeFunction"))
        let tooFew = demo.outcomes.filter { $0.outcome.participantID == "r004" && $0.outcome.taskID == "kneeFunction" }.first
        let values = try #require(tooFew).outcome.values
        #expect(values.filter { $0.value == .preferNotToAnswer }.count == knee.formItems.filter(\.offersPreferNotToAnswer).count)
        let scored = plan.scored(Outcome(id: 1, participantID: "r004", taskID: "kneeFunction", taskVersion: 1, occurrence: 0,
                                         eventDay: Fixtures.date("2026-11-01"), eventStart: Date(), eventEnd: Date(), values: values,
                                         createdAt: Date()), sharing: .everything)
        #expect(scored.value("kneeScore") == nil, "too few answers for the score")
    }
}
