import CareModel
import Export
import Foundation
import Testing
import TestSupport

/// What an export leaves out: names and signatures unless asked for, and
/// every value of a type the participant did not share.
@Suite struct ExportPrivacyTests {
    let participant = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork,
                                  enrolledOn: Fixtures.date("2026-03-01"))
    let created = Fixtures.instant("2026-03-03T13:05:00Z")

    func export(sharesHealth: Bool?, names: Bool) -> StudyExport {
        let start = Fixtures.instant("2026-03-03T13:00:00Z")
        let checkIn = Outcome(id: 1, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 2,
                              eventDay: Fixtures.date("2026-03-03"), eventStart: start, eventEnd: start.addingTimeInterval(3600),
                              values: [OutcomeValue(kind: "pain", value: .integer(8)),
                                       OutcomeValue(kind: "sleep", value: .decimal(3.25), unit: "hours"),
                                       OutcomeValue(kind: "mood", value: .text("steady"))],
                              createdAt: created)
        let range = Outcome(id: 2, participantID: "p1", taskID: "rangeOfMotion", taskVersion: 1, occurrence: 2,
                            eventDay: Fixtures.date("2026-03-03"), eventStart: start, eventEnd: start.addingTimeInterval(86_400),
                            values: [OutcomeValue(kind: "range", value: .integer(137), unit: "degrees")], createdAt: created)
        let grants = sharesHealth.map {
            [PermissionGrant(participantID: "p1", permissionID: "shareHealthData", kind: "health", granted: $0,
                             recordedAt: Fixtures.instant("2026-03-01T14:02:00Z"))]
        } ?? []
        return StudyExport(
            participants: [participant], outcomes: [checkIn, range],
            consentRecords: [ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0",
                                           sha256: String(repeating: "0", count: 64), html: "<p>Text</p>",
                                           printedName: "Ada B. Lovelace", signature: .drawn(pathData: "M10 10 L40 12"),
                                           signedAt: Fixtures.instant("2026-03-01T14:00:00Z"), timeZone: participant.timeZone)],
            permissionGrants: grants, healthPermissions: [SharingRule(permissionID: "shareHealthData", types: ["pain", "sleep", "rangeOfMotion"])],
            names: names)
    }

    func json(_ export: StudyExport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try export.json().utf8)) as? [String: Any])
    }

    @Test func withoutNamesJSONHasNullForTheNameThePrintedNameAndTheSignature() throws {
        let text = try export(sharesHealth: true, names: false).json()
        for secret in ["Ada Lovelace", "Ada B. Lovelace", "M10 10 L40 12"] {
            #expect(!text.contains(secret))
        }
        let object = try json(export(sharesHealth: true, names: false))
        let person = try #require((object["participants"] as? [[String: Any]])?.first)
        #expect(person["name"] is NSNull)
        #expect(person["id"] as? String == "p1")
        let consent = try #require((object["consentRecords"] as? [[String: Any]])?.first)
        #expect(consent["printedName"] is NSNull)
        #expect(consent["signature"] is NSNull)
        #expect(consent["signatureKind"] as? String == "drawn")
    }

    @Test func withoutNamesCSVLeavesTheirRowsOut() {
        let csv = export(sharesHealth: true, names: false).csv()
        for secret in ["Ada Lovelace", "Ada B. Lovelace", "M10 10 L40 12", ",name,", ",printed_name,", ",signature,"] {
            #expect(!csv.contains(secret), "\(secret)")
        }
        #expect(csv.contains("participant,p1,,,,,time_zone,America/New_York,,,,\r\n"))
        #expect(csv.contains("consent,p1,recover,,,,signature_kind,drawn,,,2026-03-01T09:00:00-05:00,\r\n"))
    }

    @Test func withNamesBothFormatsCarryThem() throws {
        let names = export(sharesHealth: true, names: true)
        #expect(names.csv().contains("participant,p1,,,,,name,Ada Lovelace,,,,\r\n"))
        #expect(names.csv().contains("consent,p1,recover,,,,printed_name,Ada B. Lovelace,,,"))
        #expect(names.csv().contains("consent,p1,recover,,,,signature,M10 10 L40 12,,,"))
        let consent = try #require((try json(names)["consentRecords"] as? [[String: Any]])?.first)
        #expect(consent["printedName"] as? String == "Ada B. Lovelace")
    }

    @Test func aDeclinedShareWritesNoValueOfItsTypesAndSaysNotShared() throws {
        let declined = export(sharesHealth: false, names: false)
        let csv = declined.csv()
        #expect(csv.contains("outcome,p1,checkIn,2,2026-03-03,,pain,,,not shared,2026-03-03T13:05:00.000Z,\r\n"))
        #expect(csv.contains("outcome,p1,checkIn,2,2026-03-03,,sleep,,,not shared,2026-03-03T13:05:00.000Z,\r\n"))
        #expect(csv.contains("outcome,p1,rangeOfMotion,2,2026-03-03,,range,,,not shared,2026-03-03T13:05:00.000Z,\r\n"))
        #expect(csv.contains("outcome,p1,checkIn,2,2026-03-03,,mood,steady,,,"))
        let text = try declined.json()
        for value in ["3.25", "137", "\"value\" : 8"] {
            #expect(!csv.contains(value) && !text.contains(value), "\(value)")
        }
        let outcomes = try #require(try json(declined)["outcomes"] as? [[String: Any]])
        #expect(outcomes[0]["notShared"] as? [String] == ["pain", "sleep"])
        #expect((outcomes[0]["values"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["mood"])
        #expect(outcomes[1]["notShared"] as? [String] == ["range"])
        #expect((outcomes[1]["values"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func aParticipantWhoNeverAnsweredThePermissionHasSharedNothingItNamesNorDeclinedIt() throws {
        let unanswered = export(sharesHealth: nil, names: false)
        let csv = unanswered.csv()
        #expect(csv.contains(",pain,,,not chosen yet,"))
        #expect(!csv.contains("not shared"), "a choice never made is not a decline")
        #expect(!csv.contains("137"))
        let outcomes = try #require(try json(unanswered)["outcomes"] as? [[String: Any]])
        #expect(outcomes[0]["notShared"] as? [String] == [])
        #expect(outcomes[0]["notChosen"] as? [String] == ["pain", "sleep"])
    }

    @Test func aGrantedShareWritesEveryValue() throws {
        let csv = export(sharesHealth: true, names: false).csv()
        #expect(csv.contains("outcome,p1,checkIn,2,2026-03-03,,sleep,3.25,hours,"))
        #expect(csv.contains("outcome,p1,rangeOfMotion,2,2026-03-03,,range,137,degrees,"))
        #expect(!csv.contains("not shared"))
        let outcomes = try #require(try json(export(sharesHealth: true, names: false))["outcomes"] as? [[String: Any]])
        #expect(outcomes[0]["notShared"] as? [String] == [])
    }
}
