import CareModel
import Content
import Export
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// A log's entries leave in every export like any outcome: two doses are two
/// outcomes in JSON, two rows in CSV and two QuestionnaireResponses in FHIR,
/// each with its time; a simple task's tap likewise.
@Suite struct LogEntryExportTests {
    let participant = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))

    func entry(_ number: Int, at time: String, id: Int64) -> Outcome {
        let instant = Fixtures.instant("2026-03-03T\(time):00.000Z")
        return Outcome(id: id, participantID: "p1", taskID: "painMedicine", taskVersion: 1, occurrence: 2000 + number,
                       eventDay: Fixtures.date("2026-03-03"), eventStart: instant, eventEnd: instant,
                       values: [OutcomeValue(kind: "logged", value: .boolean(true))], createdAt: instant)
    }

    var export: StudyExport {
        let exercises = Outcome(id: 3, participantID: "p1", taskID: "exercises", taskVersion: 1, occurrence: 2,
                                eventDay: Fixtures.date("2026-03-03"), eventStart: Fixtures.instant("2026-03-03T05:00:00.000Z"),
                                eventEnd: Fixtures.instant("2026-03-04T05:00:00.000Z"),
                                values: [OutcomeValue(kind: "done", value: .boolean(true))],
                                createdAt: Fixtures.instant("2026-03-03T16:00:00.000Z"))
        return StudyExport(participants: [participant], outcomes: [entry(0, at: "13:05", id: 1), entry(1, at: "19:40", id: 2), exercises],
                           consentRecords: [], permissionGrants: [], healthPermissions: [], names: false)
    }

    @Test func jsonAndCSVHoldEachEntryWithItsTime() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(export.json().utf8)) as? [String: Any])
        let outcomes = try #require(json["outcomes"] as? [[String: Any]]).filter { $0["task"] as? String == "painMedicine" }
        #expect(outcomes.map { $0["occurrence"] as? Int } == [2000, 2001])
        #expect(outcomes.map { $0["created"] as? String } == ["2026-03-03T13:05:00.000Z", "2026-03-03T19:40:00.000Z"])
        let rows = export.csv().split(separator: "\r\n").filter { $0.hasPrefix("outcome,") }
        #expect(rows == ["outcome,p1,painMedicine,2000,2026-03-03,,logged,true,,,2026-03-03T13:05:00.000Z,",
                         "outcome,p1,painMedicine,2001,2026-03-03,,logged,true,,,2026-03-03T19:40:00.000Z,",
                         "outcome,p1,exercises,2,2026-03-03,,done,true,,,2026-03-03T16:00:00.000Z,"])
    }

    @Test func fhirHasAResponsePerEntryToAQuestionnaireThatAsksIt() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        let text = try export.fhirBundle(plan: CarePlan(study: study))
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let resources = try #require(bundle["entry"] as? [[String: Any]]).compactMap { $0["resource"] as? [String: Any] }
        let responses = resources.filter {
            $0["resourceType"] as? String == "QuestionnaireResponse" && ($0["questionnaire"] as? String)?.contains("painMedicine") == true
        }
        #expect(responses.count == 2)
        #expect(Set(responses.compactMap { $0["id"] as? String }).count == 2)
        #expect(responses.compactMap { $0["authored"] as? String } == ["2026-03-03T08:05:00-05:00", "2026-03-03T14:40:00-05:00"])
        let questionnaire = try #require(resources.first {
            $0["resourceType"] as? String == "Questionnaire" && $0["title"] as? String == "Pain medicine, as needed"
        })
        let items = try #require(questionnaire["item"] as? [[String: Any]])
        #expect(items.map { $0["linkId"] as? String } == ["logged"])
        #expect(items.map { $0["type"] as? String } == ["boolean"])
        let answer = try #require((responses[0]["item"] as? [[String: Any]])?.first)
        #expect(answer["linkId"] as? String == "logged")
        #expect((answer["answer"] as? [[String: Any]])?.first?["valueBoolean"] as? Bool == true)
    }
}
