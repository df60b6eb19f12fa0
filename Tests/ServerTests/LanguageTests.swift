import Assets
import CareModel
import CareStore
import Content
import Foundation
import HTTP
import Server
import Support
import Testing
import TestSupport
import StudyModel
import Words

/// The participant's language on the server: the browser's preference
/// until they choose, their choice stored, the consent signed in it.
@Suite struct LanguageTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let app: ParticipantApp
    let study: Study
    let session: String
    var token: String { app.csrfToken(forSession: session) }

    init(change: (inout Study) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        let content = try TestStudy.bilingual(in: directory)
        let loaded = ContentLoader.load(directory: content, publicDirectory: TestStudy.publicFolder)
        var study = try #require(loaded.study, "\(loaded.diagnostics)")
        change(&study)
        self.study = study
        let today = Fixtures.date("2026-03-09")
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today, at: Date())
        }
        try store.addParticipant(Participant(id: "p1", name: "Ada", timeZone: study.timeZone, enrolledOn: Fixtures.date("2026-03-07")))
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        app = ParticipantApp(store: store,
                             content: .init(plan: plan, assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study)),
                             configuration: .init(participantID: "p1", today: today, secret: "test secret"))
        session = app.newSession()
    }

    func get(_ path: String, language: String? = "de-DE,de;q=0.9,en;q=0.5") -> HTTPResponse {
        var headers = ["Host": "localhost:8080", "Cookie": "carefeed_session=\(session)"]
        if let language { headers["Accept-Language"] = language }
        return app.handle(HTTPRequest(method: "GET", path: path, headers: headers))
    }

    func post(_ path: String, _ fields: [(String, String)], language: String? = "de-DE,de;q=0.9") -> HTTPResponse {
        let body = ([("csrf", token)] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        var headers = ["Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded",
                       "Cookie": "carefeed_session=\(session)"]
        if let language { headers["Accept-Language"] = language }
        return app.handle(HTTPRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8)))
    }

    var german: Study { study.translated(to: LanguageTag("de-DE")!) }

    /// Joins in German: the two welcome steps, the German consent, the permissions, the last step.
    func onboardInGerman() throws {
        #expect(post("/onboarding/1", [("language", "de-DE")]).status == 303)
        #expect(post("/onboarding/2", []).status == 303)
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")]).status == 303)
        let sha = try #require(german.consentDocument("recover")).sha256
        #expect(post("/onboarding/3/review", [("sha256", sha)]).header("Location") == "/onboarding/4")
        #expect(post("/onboarding/4", [("grant", "shareHealthData")]).status == 303)
        #expect(post("/onboarding/5", []).status == 303)
    }

    @Test func aBrowserPreferringGermanReadsGermanUntilTheParticipantChooses() throws {
        let first = get("/onboarding/1").text
        #expect(first.contains("<html lang=\"de-DE\" dir=\"ltr\">"))
        #expect(first.contains("Willkommen bei Recover"))
        #expect(first.contains("Schritt 1 von 5"))
        #expect(first.contains("value=\"de-DE\" checked> Deutsch"), "the browser's language is chosen")
        #expect(first.contains("value=\"en-US\"> English"))
        #expect(get("/onboarding/1", language: "fr-FR, en;q=0.8").text.contains("<html lang=\"en-US\""))
        #expect(post("/onboarding/1", [("language", "en-US")]).status == 303)
        #expect(try store.participant(id: "p1")?.language == "en-US")
        let next = get("/onboarding/2").text
        #expect(next.contains("<html lang=\"en-US\""), "the choice outranks the browser")
        #expect(next.contains("Language: English"))
    }

    @Test func aLanguageTheStudyDoesNotOfferIsRefusedAndNothingIsStored() throws {
        let response = post("/language", [("language", "fr-FR"), ("back", "/")])
        #expect(response.status == 422)
        #expect(response.text.contains("Diese Sprache ist nicht verfügbar"))
        #expect(try store.participant(id: "p1")?.language == nil)
        #expect(post("/language", [("language", "de-DE"), ("back", "//evil.example")]).header("Location") == "/feed/2026-03-09")
    }

    @Test func theGermanConsentIsSignedAndKeptInGermanWithTheHashOfThatText() throws {
        try onboardInGerman()
        let record = try #require(try store.consentRecords(participantID: "p1").first)
        let document = try #require(german.consentDocument("recover"))
        #expect(record.language == "de-DE")
        #expect(record.html == document.html)
        #expect(record.sha256 == SHA256.hex(document.html.markup))
        #expect(record.sha256 != study.consentDocument("recover")?.sha256)
        #expect(record.version == study.consentDocument("recover")?.version)
        let page = get("/consent").text
        #expect(page.contains("<html lang=\"de-DE\""))
        #expect(page.contains("Einwilligungsnachweis") || page.contains(german.consentDocument("recover")!.title))
    }

    @Test func theEnglishTextsHashIsRefusedForTheGermanReview() throws {
        #expect(post("/onboarding/1", [("language", "de-DE")]).status == 303)
        #expect(post("/onboarding/2", []).status == 303)
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")]).status == 303)
        let english = try #require(study.consentDocument("recover")).sha256
        #expect(post("/onboarding/3/review", [("sha256", english)]).status == 409)
        #expect(try store.consentRecords(participantID: "p1").isEmpty)
    }

    @Test func aGermanDecimalIsReadAndSwitchingLanguageKeepsEveryAnswer() throws {
        try onboardInGerman()
        #expect(post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "6,5")]).status == 303)
        let outcome = try #require(try store.outcomes(participantID: "p1").first { $0.taskID == "checkIn" })
        #expect(outcome.values.map(\.value) == [.integer(3), .decimal(6.5)])
        #expect(outcome.values.compactMap(\.unit) == ["hours"], "the store keeps the study's own words")
        #expect(get("/feed/2026-03-09").text.contains("6,5 Stunden"))
        #expect(post("/language", [("language", "en-US"), ("back", "/feed/2026-03-09")]).header("Location") == "/feed/2026-03-09")
        let english = get("/feed/2026-03-09").text
        #expect(english.contains("<html lang=\"en-US\""))
        #expect(english.contains("6.5 hours"))
        #expect(try store.outcomes(participantID: "p1").count == 2, "the onboarding outcome and the check-in, both kept")
    }

    @Test func theCalendarFollowsTheParticipantsLanguage() throws {
        try onboardInGerman()
        let calendar = get("/calendar.ics").text
        #expect(calendar.contains("SUMMARY;LANGUAGE=de-DE:"))
        #expect(calendar.contains("DESCRIPTION;LANGUAGE=de-DE:"))
    }
}
