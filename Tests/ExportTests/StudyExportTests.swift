import CareModel
import Export
import Foundation
import Testing
import TestSupport

@Suite struct StudyExportTests {
    let participant = Fixtures.participant(id: "p1")
    let created = Fixtures.instant("2026-03-03T13:05:00Z")

    var export: StudyExport {
        let event = ScheduleTimeline(Fixtures.dailyAtEight).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-03"),
            to: Fixtures.date("2026-03-04"))[0]
        let outcome = Outcome(id: 1, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: event.occurrence,
                              eventDay: event.day, eventStart: event.start, eventEnd: event.end, values: [
                                  OutcomeValue(kind: "pain", value: .integer(3)),
                                  OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours"),
                                  OutcomeValue(kind: "note", value: .text("knee \"stiff\", better\nafter walk")),
                              ], createdAt: created, deletedAt: created.addingTimeInterval(60))
        return StudyExport(
            participants: [participant], outcomes: [outcome],
            consentRecords: [ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0",
                                           sha256: String(repeating: "0", count: 64), html: "<p>Text</p>",
                                           printedName: "Ada Lovelace", signature: .typed(name: "Ada Lovelace"),
                                           signedAt: created, timeZone: participant.timeZone)],
            permissionGrants: [PermissionGrant(participantID: "p1", permissionID: "reminders", kind: "notifications",
                                               granted: true, detail: "granted", recordedAt: created)],
            healthPermissions: [], names: true)
    }

    @Test func csvHasAHeaderAndOneValuePerRowWithRFC4180Quoting() {
        let lines = export.csv().components(separatedBy: "\r\n")
        #expect(lines[0] == "record,participant,subject,occurrence,event_day,visit,kind,value,unit,missing,created,deleted")
        #expect(lines[1] == "participant,p1,,,,,name,Participant p1,,,,")
        #expect(lines[4] == "outcome,p1,checkIn,2,2026-03-03,,pain,3,,,2026-03-03T13:05:00.000Z,2026-03-03T13:06:00.000Z")
        #expect(lines[5] == "outcome,p1,checkIn,2,2026-03-03,,sleep,7.5,hours,,2026-03-03T13:05:00.000Z,2026-03-03T13:06:00.000Z")
        #expect(lines[6] == "outcome,p1,checkIn,2,2026-03-03,,note,\"knee \"\"stiff\"\", better\nafter walk\",,,"
                + "2026-03-03T13:05:00.000Z,2026-03-03T13:06:00.000Z")
        #expect(lines.contains("consent,p1,recover,,,,printed_name,Ada Lovelace,,,2026-03-03T08:05:00-05:00,"))
        #expect(lines.contains("permission,p1,reminders,,,,notifications,granted,granted,,2026-03-03T13:05:00.000Z,"))
        #expect(lines.last == "")
    }

    @Test func jsonKeepsTypesTombstonesAndTheSignedHTML() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try export.json().utf8)) as! [String: Any]
        let outcome = (object["outcomes"] as! [[String: Any]])[0]
        #expect(outcome["deleted"] as? String == "2026-03-03T13:06:00.000Z")
        #expect(outcome["eventDay"] as? String == "2026-03-03")
        let values = outcome["values"] as! [[String: Any]]
        #expect(values[0]["value"] as? Int == 3)
        #expect(values[1]["value"] as? Double == 7.5)
        #expect(values[1]["unit"] as? String == "hours")
        let consent = (object["consentRecords"] as! [[String: Any]])[0]
        #expect(consent["html"] as? String == "<p>Text</p>")
        #expect(consent["signedAt"] as? String == "2026-03-03T08:05:00-05:00")
    }

    @Test func aLiveOutcomeHasAnExplicitNullTombstone() throws {
        var live = export
        live.outcomes[0].deletedAt = nil
        #expect(try live.json().contains("\"deleted\" : null"))
        #expect(live.csv().contains("2026-03-03,,pain,3,,,2026-03-03T13:05:00.000Z,\r\n"))
    }
}
