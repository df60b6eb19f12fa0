import CareModel
import Content
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// What a study's health permissions withhold: every version of its
/// surveys counts, and a summary shows nothing withheld.
@Suite struct StudySharingTests {

    @Test func theKneeStudyAsksOnceForPainSleepRangeOfMotionAndPainMedicine() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        let asked = SharingRule.healthPermissions(of: study.tasks)
        #expect(asked.map(\.permissionID) == ["shareHealthData"])
        #expect(asked.first?.types == ["pain", "sleep", "rangeOfMotion", "painMedicine"])
        let declined = Sharing(plan: CarePlan(study: study), participantID: "p1",
                               grants: [Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        let range = Fixtures.outcome(task: "rangeOfMotion", [OutcomeValue(kind: "range", value: .integer(95), unit: "degrees")])
        #expect(declined.shared(range).values.isEmpty)
    }

    @Test func aSummaryShowsNoLatestValueOfASeriesNotSharedAndNamesIt() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
        let plan = CarePlan(study: study)
        let answered = [Fixtures.outcome(task: "checkIn", [OutcomeValue(kind: "pain", value: .integer(4)),
                                                  OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours")])]
        let sharing = Sharing(withheld: ["pain"])
        let withdrawal = Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-04T15:00:00Z"))
        let feed = plan.feed(for: participant, outcomes: answered, today: Fixtures.date("2026-03-05"), withdrawal: withdrawal)
        let summary = ParticipantSummary(
            participant: participant, feed: feed, outcomes: answered, records: [],
            standing: Standing(feed: feed, records: [], documents: study.consentDocuments, withdrawal: withdrawal),
            sharing: sharing, study: study)
        #expect(summary.latest.map(\.series.value) == ["sleep"])
        #expect(summary.notShared.map(\.value) == ["pain"])
        #expect(summary.standing == .withdrawn(day: Fixtures.date("2026-03-04"), at: withdrawal.withdrawnAt))
    }

    @Test func anEditThatNarrowsADeclinedPermissionDoesNotBringItsDataBack() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        let onboarding = try #require(study.task("onboarding"))
        // The first recorded definition covers range of motion; today's content no longer names it.
        var narrowed = study
        narrowed.tasks = study.tasks.map { task in
            guard task.id == "onboarding" else { return task }
            var edited = task
            edited.survey = task.survey.map { step in
                guard case .permissions(var permissions) = step else { return step }
                permissions.items = permissions.items.map { item in
                    var item = item
                    item.types = item.types.filter { $0 != "rangeOfMotion" }
                    return item
                }
                return .permissions(permissions)
            }
            return edited
        }
        let versions = [TaskVersion(taskID: "onboarding", version: 1, effectiveFrom: nil, definition: onboarding.definition,
                                    recordedAt: Fixtures.instant("2026-03-01T12:00:00Z"))]
        let plan = try CarePlan(study: narrowed, versions: versions)
        let declined = Sharing(plan: plan, participantID: "p1", grants: [Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        let range = Fixtures.outcome(task: "rangeOfMotion", [OutcomeValue(kind: "range", value: .integer(95), unit: "degrees")])
        #expect(declined.shared(range).values.isEmpty)
        #expect(SharingRule.healthPermissions(of: narrowed.tasks).first?.types == ["pain", "sleep", "painMedicine"])
    }
}
