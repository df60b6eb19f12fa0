import CareModel
import Content
import Export
import Feed
import Foundation
import Support
import Testing
import TestSupport
import StudyModel

/// The FHIR R4 Bundle of the Recover study's real tasks and consent, on one
/// participant's check-in, knee measurement, signature and choices.
@Suite struct FHIRBundleTests {
    let participant = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork,
                                  enrolledOn: Fixtures.date("2026-03-01"))
    let start = Fixtures.instant("2026-03-03T13:00:00Z")
    let created = Fixtures.instant("2026-03-03T13:05:00Z")

    func plan() throws -> CarePlan {
        var study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        // A choice item beside the check-in's questions: one option with a stored value of its own, one plain.
        let index = try #require(study.tasks.firstIndex { $0.id == "checkIn" })
        guard case .form(var form) = study.tasks[index].survey[0] else { throw FHIRTestError.noForm }
        var place = form.items[0]
        place.id = "place"
        place.text = "Where did you walk?"
        place.answer = .choice(options: [ChoiceOption(value: "park", text: "In a park"), ChoiceOption("Indoors")], multiple: true)
        form.items.append(place)
        study.tasks[index].survey[0] = .form(form)
        return CarePlan(study: study)
    }

    func export(sharesHealth: Bool = true, names: Bool = false, withdrawn: Bool = false) throws -> StudyExport {
        let checkIn = Outcome(id: 1, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 2,
                              eventDay: Fixtures.date("2026-03-03"), eventStart: start, eventEnd: start.addingTimeInterval(3600),
                              values: [OutcomeValue(kind: "pain", value: .integer(4)),
                                       OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours"),
                                       OutcomeValue(kind: "place", value: .text("park")),
                                       OutcomeValue(kind: "place", value: .text("Indoors"))],
                              createdAt: created)
        let range = Outcome(id: 2, participantID: "p1", taskID: "rangeOfMotion", taskVersion: 1, occurrence: 2,
                            eventDay: Fixtures.date("2026-03-03"), eventStart: Fixtures.instant("2026-03-03T05:00:00Z"),
                            eventEnd: Fixtures.instant("2026-03-04T05:00:00Z"),
                            values: [OutcomeValue(kind: "range", value: .integer(95), unit: "degrees")], createdAt: created)
        let deleted = Outcome(id: 3, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 1,
                              eventDay: Fixtures.date("2026-03-02"), eventStart: start, eventEnd: start,
                              values: [OutcomeValue(kind: "pain", value: .integer(9))], createdAt: created,
                              deletedAt: created.addingTimeInterval(60))
        let grant = PermissionGrant(id: 1, participantID: "p1", permissionID: "shareHealthData", kind: "health",
                                    granted: sharesHealth, recordedAt: Fixtures.instant("2026-03-01T14:02:00Z"))
        return StudyExport(
            participants: [participant], outcomes: [checkIn, range, deleted],
            consentRecords: [ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0",
                                           sha256: SHA256.hex("<p>Text</p>"), html: "<p>Text</p>",
                                           printedName: "Ada B. Lovelace", signature: .drawn(pathData: "M10 10 L40 12"),
                                           signedAt: Fixtures.instant("2026-03-01T14:00:00Z"), timeZone: participant.timeZone)],
            permissionGrants: [grant],
            withdrawals: withdrawn ? [Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-05T15:30:00Z"),
                                                 reason: "Moving away")] : [],
            healthPermissions: [SharingRule(permissionID: "shareHealthData", types: ["pain", "sleep", "rangeOfMotion"])], names: names)
    }

    func resources(_ export: StudyExport) throws -> [[String: Any]] {
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(export.fhirBundle(plan: plan()).utf8)) as? [String: Any])
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        return entries.compactMap { $0["resource"] as? [String: Any] }
    }

    func resources(_ type: String, _ export: StudyExport) throws -> [[String: Any]] {
        try resources(export).filter { $0["resourceType"] as? String == type }
    }

    @Test func theBundleIsACollectionWhoseEntriesHaveUniqueDeterministicURNs() throws {
        let text = try export().fhirBundle(plan: plan())
        #expect(try text == export().fhirBundle(plan: plan()))
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(bundle["resourceType"] as? String == "Bundle")
        #expect(bundle["type"] as? String == "collection")
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        let urls = entries.compactMap { $0["fullUrl"] as? String }
        #expect(urls.count == entries.count && Set(urls).count == urls.count)
        for entry in entries {
            let id = try #require((entry["resource"] as? [String: Any])?["id"] as? String)
            #expect(entry["fullUrl"] as? String == "urn:uuid:" + id)
            #expect(id.wholeMatch(of: #/[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#) != nil)
        }
        let types = entries.compactMap { ($0["resource"] as? [String: Any])?["resourceType"] as? String }
        // Two live outcomes; the deleted one is left out. Pain, sleep and range are observed.
        #expect(types.filter { $0 == "QuestionnaireResponse" }.count == 2)
        #expect(types.filter { $0 == "Observation" }.count == 3)
        // One per task of Recover: three surveys, and the exercises, icing and pain medicine.
        #expect(types.filter { $0 == "Questionnaire" }.count == 6)
        #expect(types.filter { $0 == "Consent" }.count == 1 && types.filter { $0 == "Patient" }.count == 1)
    }

    @Test func painIsAnObservationWithLOINC72514_3AndAnIntegerFromTheResponse() throws {
        let observations = try resources("Observation", export())
        let pain = try #require(observations.first { String(describing: $0["code"]).contains("72514-3") })
        let code = try #require(pain["code"] as? [String: Any])
        let loinc = try #require((code["coding"] as? [[String: Any]])?.first)
        #expect(loinc["system"] as? String == "http://loinc.org")
        #expect(loinc["display"] as? String == "Pain severity - 0-10 verbal numeric rating [Score] - Reported")
        #expect(pain["valueInteger"] as? Int == 4)
        #expect(pain["status"] as? String == "final")
        #expect(pain["effectiveDateTime"] as? String == "2026-03-03T08:00:00-05:00")
        let response = try #require(try resources("QuestionnaireResponse", export()).first)
        let derivedFrom = try #require((pain["derivedFrom"] as? [[String: Any]])?.first?["reference"] as? String)
        #expect(derivedFrom == "urn:uuid:" + (response["id"] as? String ?? ""))
        let patient = try #require(try resources("Patient", export()).first)
        #expect((pain["subject"] as? [String: Any])?["reference"] as? String == "urn:uuid:" + (patient["id"] as? String ?? ""))
    }

    @Test func hoursAndDegreesAreUCUMQuantities() throws {
        let quantities = try resources("Observation", export()).compactMap { $0["valueQuantity"] as? [String: Any] }
        let sleep = try #require(quantities.first { $0["unit"] as? String == "hours" })
        #expect(sleep["value"] as? Double == 6.5 && sleep["code"] as? String == "h")
        #expect(sleep["system"] as? String == "http://unitsofmeasure.org")
        let range = try #require(quantities.first { $0["unit"] as? String == "degrees" })
        #expect(range["value"] as? Int == 95 && range["code"] as? String == "deg")
    }

    @Test func aResponseNamesItsQuestionnaireVersionAndIsAuthoredWithTheParticipantsOffset() throws {
        let response = try #require(try resources("QuestionnaireResponse", export()).first)
        #expect(response["questionnaire"] as? String == "http://carefeed.example/fhir/Questionnaire/checkIn|1")
        #expect(response["status"] as? String == "completed")
        #expect(response["authored"] as? String == "2026-03-03T08:05:00-05:00")
        let items = try #require(response["item"] as? [[String: Any]])
        #expect(items.map { $0["linkId"] as? String } == ["pain", "sleep", "place"])
        let place = try #require(items.last?["answer"] as? [[String: Any]])
        #expect((place[0]["valueCoding"] as? [String: Any])?["code"] as? String == "park")
        #expect((place[0]["valueCoding"] as? [String: Any])?["display"] as? String == "In a park")
        #expect(place[1]["valueString"] as? String == "Indoors")
    }

    @Test func questionnaireItemsAreTypedFromTheForm() throws {
        let questionnaire = try #require(try resources("Questionnaire", export()).first { $0["name"] as? String == "CheckIn" })
        #expect(questionnaire["url"] as? String == "http://carefeed.example/fhir/Questionnaire/checkIn")
        #expect(questionnaire["version"] as? String == "1" && questionnaire["status"] as? String == "active")
        let items = try #require(questionnaire["item"] as? [[String: Any]])
        #expect(items.map { $0["type"] as? String } == ["integer", "decimal", "choice"])
        let sleepExtensions = try #require(items[1]["extension"] as? [[String: Any]])
        let sleepUnit = try #require(sleepExtensions.first { ($0["url"] as? String)?.hasSuffix("questionnaire-unit") == true })
        #expect((sleepUnit["valueCoding"] as? [String: Any])?["code"] as? String == "h")
        let painBounds = try #require(items[0]["extension"] as? [[String: Any]]).filter { $0["valueInteger"] != nil }
        #expect(painBounds.prefix(2).map { $0["valueInteger"] as? Int } == [0, 10])
        let options = try #require(items[2]["answerOption"] as? [[String: Any]])
        #expect((options[0]["valueCoding"] as? [String: Any])?["code"] as? String == "park")
        #expect(options[1]["valueString"] as? String == "Indoors")
        #expect(items[2]["repeats"] as? Bool == true)
    }

    @Test func consentCarriesTheSignedDocumentWithItsSHA1AndSHA256() throws {
        let consent = try #require(try resources("Consent", export()).first)
        #expect(consent["status"] as? String == "active")
        #expect(consent["dateTime"] as? String == "2026-03-01T09:00:00-05:00")
        let policy = (consent["policy"] as? [[String: Any]])?.first?["uri"] as? String
        #expect(policy == "http://carefeed.example/fhir/consent/recover/1.0")
        let attachment = try #require(consent["sourceAttachment"] as? [String: Any])
        #expect(attachment["contentType"] as? String == "text/html")
        let data = try #require(Data(base64Encoded: attachment["data"] as? String ?? ""))
        #expect(String(decoding: data, as: UTF8.self) == "<p>Text</p>")
        // SHA-1 of "<p>Text</p>", base64, as Python's hashlib gives it.
        #expect(attachment["hash"] as? String == "xyEyNjGGze7a5mZ+u8vuQKL518Q=")
        let sha256 = try #require((attachment["extension"] as? [[String: Any]])?.first)
        #expect(sha256["valueString"] as? String == SHA256.hex("<p>Text</p>"))
        let choices = try #require((consent["provision"] as? [String: Any])?["provision"] as? [[String: Any]])
        #expect(choices.map { $0["type"] as? String } == ["permit"])
        #expect(!String(describing: consent).contains("Ada"))
    }

    @Test func aWithdrawnParticipantsConsentIsInactiveFromTheWithdrawal() throws {
        let consent = try #require(try resources("Consent", export(withdrawn: true)).first)
        #expect(consent["status"] as? String == "inactive")
        let period = try #require((consent["provision"] as? [String: Any])?["period"] as? [String: Any])
        #expect(period["end"] as? String == "2026-03-05T10:30:00-05:00")
        #expect(consent["extension"] == nil)
        let named = try #require(try resources("Consent", export(names: true, withdrawn: true)).first)
        #expect(String(describing: named["extension"]).contains("Moving away"))
    }

    @Test func aPatientHasANameOnlyWithNames() throws {
        let anonymous = try #require(try resources("Patient", export()).first)
        #expect(anonymous["name"] == nil)
        #expect((anonymous["identifier"] as? [[String: Any]])?.first?["value"] as? String == "p1")
        #expect(try !export().fhirBundle(plan: plan()).contains("Ada"))
        let named = try #require(try resources("Patient", export(names: true)).first)
        #expect((named["name"] as? [[String: Any]])?.first?["text"] as? String == "Ada Lovelace")
    }

    @Test func declinedValuesStayOut() throws {
        let declined = try export(sharesHealth: false)
        #expect(try resources("Observation", declined).isEmpty)
        let responses = try resources("QuestionnaireResponse", declined)
        let linkIds = responses.flatMap { ($0["item"] as? [[String: Any]] ?? []).compactMap { $0["linkId"] as? String } }
        #expect(linkIds == ["place"])
        let consent = try #require(try resources("Consent", declined).first)
        let choices = (consent["provision"] as? [String: Any])?["provision"] as? [[String: Any]]
        #expect(choices?.map { $0["type"] as? String } == ["deny"])
    }
}

enum FHIRTestError: Error {
    case noForm
}
