import CareModel
import Content
import Export
import Foundation
import StudyModel
import Testing
import TestSupport

/// Every export says the same of a participant whichever store it is made
/// from: the participant's own, which keeps the values they declined to
/// share, or the study's after `import`, which never gets them.
@Suite struct ExportAgreementTests {
    let plan: CarePlan
    let participant = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
    let declinesSleep = [PermissionGrant(participantID: "p1", permissionID: "shareSleep", kind: "health", granted: false,
                                         recordedAt: Fixtures.instant("2026-03-01T14:02:00Z"))]
    let rules = [SharingRule(permissionID: "shareSleep", types: ["sleep"])]

    init() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    func checkIn(_ values: [OutcomeValue]) -> Outcome {
        let start = Fixtures.instant("2026-03-03T13:00:00Z")
        return Outcome(id: 1, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 2,
                       eventDay: Fixtures.date("2026-03-03"), eventStart: start, eventEnd: start.addingTimeInterval(3600),
                       values: values, createdAt: Fixtures.instant("2026-03-03T13:05:00Z"))
    }

    func export(_ values: [OutcomeValue], withdrawal: Withdrawal? = nil, names: Bool = false) -> StudyExport {
        StudyExport(participants: [participant], outcomes: [checkIn(values)], consentRecords: [], permissionGrants: declinesSleep,
                    withdrawals: withdrawal.map { [$0] } ?? [], healthPermissions: rules, names: names, plan: plan)
    }

    @Test func theStudysExportAfterImportMarksWhatTheParticipantsOwnExportMarks() throws {
        let pain = OutcomeValue(kind: "pain", value: .integer(4))
        let own = export([pain, OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours")])
        let imported = export([pain])
        #expect(try own.json() == imported.json())
        #expect(own.csv() == imported.csv())
        #expect(own.csv().contains(",checkIn,2,2026-03-03,,sleep,,,not shared,"))
        #expect(try own.json().contains("\"notShared\" : [\n        \"sleep\"\n      ]"))
    }

    @Test func aNoteThatReadsLikeAReasonIsTextInTheValueColumnNotAMissingValue() {
        let csv = export([OutcomeValue(kind: "note", value: .text("not shared"))]).csv()
        #expect(csv.contains(",checkIn,2,2026-03-03,,note,not shared,,,"), "the participant's words, with no reason beside them")
        #expect(csv.contains(",checkIn,2,2026-03-03,,sleep,,,not shared,"), "the reason in its own column")
    }

    @Test func aWithdrawalIsInJSONAndCSVItsReasonOnlyWithNames() throws {
        let withdrawal = Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-10T15:00:00.000Z"),
                                    reason: "my neighbour Ana Pérez")
        let withheld = export([], withdrawal: withdrawal)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(try withheld.json().utf8)) as? [String: Any])
        let row = try #require((object["withdrawals"] as? [[String: Any]])?.first)
        #expect(row["participant"] as? String == "p1")
        #expect(row["withdrawn"] as? String == "2026-03-10T15:00:00.000Z")
        #expect(row["gaveReason"] as? Bool == true)
        #expect(row["reason"] is NSNull)
        #expect(withheld.csv().contains("withdrawal,p1,,,,,gave_reason,true,,,2026-03-10T15:00:00.000Z,\r\n"))
        #expect(!(try withheld.json()).contains("Ana") && !withheld.csv().contains("Ana"))
        let named = export([], withdrawal: withdrawal, names: true)
        #expect(try named.json().contains("\"reason\" : \"my neighbour Ana Pérez\""))
        #expect(named.csv().contains("withdrawal,p1,,,,,reason,my neighbour Ana Pérez,,,2026-03-10T15:00:00.000Z,\r\n"))
    }
}
