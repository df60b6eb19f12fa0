import CareModel
import Foundation
import HTTP
import Testing
import TestSupport

/// `/my-data`: the participant's own copy, as a FHIR R4 Bundle download.
extension ParticipantAppTests {
    func bundleResources(_ response: HTTPResponse) throws -> [[String: Any]] {
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        #expect(bundle["resourceType"] as? String == "Bundle")
        #expect(bundle["type"] as? String == "collection")
        return (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
    }

    @Test func myDataIsAFHIRBundleDownloadWithTheParticipantsName() throws {
        try onboard()
        #expect(post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")]).status == 303)
        let response = get("/my-data")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/fhir+json")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"my-data-p1.json\"")
        #expect(response.header("Cache-Control") == "no-store")
        let resources = try bundleResources(response)
        let patient = try #require(resources.first { $0["resourceType"] as? String == "Patient" })
        #expect((patient["name"] as? [[String: Any]])?.first?["text"] as? String == "Ada")
        #expect(resources.filter { $0["resourceType"] as? String == "Consent" }.count == 1)
        let pain = resources.filter { String(describing: $0["code"]).contains("72514-3") }
        #expect(pain.map { $0["valueInteger"] as? Int } == [3])
    }

    @Test func myDataHoldsEveryAnswerEvenOnesNotSharedWithTheStudy() throws {
        for step in ["/onboarding/1", "/onboarding/2"] {
            #expect(post(step, []).status == 303)
        }
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).status == 303)
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).status == 303)
        // Nothing granted: the study's exports leave pain and sleep out, but the copy is the participant's own.
        #expect(post("/onboarding/4", []).status == 303)
        #expect(post("/onboarding/5", []).status == 303)
        #expect(post("/tasks/checkIn/2", [("pain", "6"), ("sleep", "5.5")]).status == 303)
        let resources = try bundleResources(get("/my-data"))
        let observations = resources.filter { $0["resourceType"] as? String == "Observation" }
        #expect(observations.count == 2)
        let consent = try #require(resources.first { $0["resourceType"] as? String == "Consent" })
        let choices = (consent["provision"] as? [String: Any])?["provision"] as? [[String: Any]]
        #expect(choices?.first?["type"] as? String == "deny")
    }

    @Test func theConsentPageLinksToMyDataAndAPOSTIsRefused() throws {
        try onboard()
        let page = get("/consent").text
        #expect(page.contains("<a class=\"button button-secondary\" href=\"/my-data\" download>Download my data</a>"))
        #expect(post("/my-data", []).status == 404)
    }
}
