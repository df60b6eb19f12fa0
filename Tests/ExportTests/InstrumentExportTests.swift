import CareModel
import Content
import Export
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// Recover's knee function answers in the exports: the score worked out,
/// never stored, beside the answers; "prefer not to answer" as itself; a
/// score withheld with any item it tells of.
@Suite struct InstrumentExportTests {
    let plan: CarePlan
    let participant = Participant(id: "p1", name: "Ada", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
    let created = Fixtures.instant("2026-03-03T15:00:00Z")

    init() throws {
        plan = CarePlan(study: try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study))
    }

    /// Eight answers of 1 (trust 3, counted as 1) and night pain declined: 100 − 25 = 75.
    var outcome: Outcome {
        .kneeFunction(createdAt: created)
    }

    func export(declining: Set<String> = []) -> StudyExport {
        let grants = declining.isEmpty ? [] : [PermissionGrant(id: 1, participantID: "p1", permissionID: "nightPain", kind: "health",
                                                               granted: false, recordedAt: created)]
        return StudyExport(participants: [participant], outcomes: [outcome], consentRecords: [], permissionGrants: grants,
                           healthPermissions: declining.isEmpty ? [] : [SharingRule(permissionID: "nightPain", types: declining)],
                           names: false, plan: plan)
    }

    @Test func csvHasARowForTheScoreAfterTheAnswersAndSaysPreferNotToAnswer() {
        let rows = export().csv().components(separatedBy: "\r\n")
        #expect(rows.contains("outcome,p1,kneeFunction,0,2026-03-01,,painNight,,,prefer not to answer,2026-03-03T15:00:00.000Z,"))
        #expect(rows.contains("outcome,p1,kneeFunction,0,2026-03-01,,kneeScore,75,,,2026-03-03T15:00:00.000Z,"))
        #expect(rows.firstIndex { $0.contains(",kneeScore,") }! > rows.firstIndex { $0.contains(",trust,") }!)
    }

    @Test func jsonHasTheScoreUnderScoresAndTheDeclinedAnswerAsNullWithItsType() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export().json().utf8)) as? [String: Any])
        let outcome = try #require((document["outcomes"] as? [[String: Any]])?.first)
        let scores = try #require(outcome["scores"] as? [[String: Any]])
        #expect(scores.count == 1)
        #expect(scores.first?["id"] as? String == "kneeScore")
        #expect(scores.first?["value"] as? Double == 75)
        let night = try #require((outcome["values"] as? [[String: Any]])?.first { $0["kind"] as? String == "painNight" })
        #expect(night["type"] as? String == "preferNotToAnswer")
        #expect(night["value"] is NSNull)
    }

    @Test func aScoreWhoseItemIsNotSharedIsNotWrittenEither() {
        // A permission the participant declined covers night pain: the score would tell of it.
        let declined = export(declining: ["painNight", "kneeScore"])
        let csv = declined.csv()
        #expect(!csv.contains(",kneeScore,75,"))
        #expect(csv.contains(",painNight,,,not shared,"))
        // The study's permissions cover a score with any item of it, as the one sharing rule has it.
        let rules = SharingRule.healthPermissions(of: [plan.study.task("kneeFunction")!, permissionTask(["painNight"])])
        #expect(rules.first?.types == ["painNight", "kneeScore"])
    }

    func permissionTask(_ types: [String]) -> StudyTask {
        StudyTask(id: "join", title: "Join", impactsAdherence: false, schedule: Schedule([]),
                  survey: [.permissions(PermissionsStep(title: nil, text: nil, items: [
                      PermissionItem(id: "nightPain", kind: .health, title: "Share", text: nil, types: types)]))],
                  instructions: "", log: nil, button: nil)
    }
}
