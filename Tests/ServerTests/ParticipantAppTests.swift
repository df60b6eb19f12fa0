import Assets
import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Server
import Support
import Testing
import TestSupport
import StudyModel

/// The server's handler, driven with request values: no socket.
@Suite struct ParticipantAppTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let app: ParticipantApp
    let study: Study
    let today = Fixtures.date("2026-03-09")
    let session: String
    let signedDocument: String
    var token: String { app.csrfToken(forSession: session) }
    /// A signature as the pad draws it: strokes across the box.
    static let drawing = "M20 50 L60 30 L100 60 L140 35 L180 55 M200 40 L240 70"

    /// - Parameter change: an edit to Recover before the server starts.
    init(change: (inout Study) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        var study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        change(&study)
        self.study = study
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today, at: Date())
        }
        try store.addParticipant(Participant(id: "p1", name: "Ada", timeZone: study.timeZone,
                                             enrolledOn: Fixtures.date("2026-03-07")))
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        signedDocument = try #require(study.consentDocument("recover")).sha256
        app = ParticipantApp(store: store,
                             content: .init(plan: plan, assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study)),
                             configuration: .init(participantID: "p1", today: today, secret: "test secret"))
        session = app.newSession()
    }

    func get(_ path: String, host: String = "localhost:8080") -> HTTPResponse {
        app.handle(HTTPRequest(method: "GET", path: path, headers: ["Host": host, "Cookie": "carefeed_session=\(session)"]))
    }

    func post(_ path: String, _ fields: [(String, String)], token: String? = nil, origin: String? = nil,
              cookie: String? = nil, fetchSite: String? = nil) -> HTTPResponse {
        let body = ([("csrf", token ?? self.token)] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        var headers = ["Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded",
                       "Cookie": cookie ?? "carefeed_session=\(session)"]
        if let origin { headers["Origin"] = origin }
        if let fetchSite { headers["Sec-Fetch-Site"] = fetchSite }
        return app.handle(HTTPRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8)))
    }

    func onboard() throws {
        for step in ["/onboarding/1", "/onboarding/2"] {
            #expect(post(step, []).status == 303)
        }
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).header("Location")
                == "/onboarding/3/review")
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).header("Location") == "/onboarding/4")
        #expect(post("/onboarding/4", [("grant", "shareHealthData"), ("detail-reminders", "denied")]).status == 303)
        #expect(post("/onboarding/5", []).header("Location") == "/feed/2026-03-09")
    }

    @Test func theRootLeadsToOnboardingFirstAndToTodayAfter() throws {
        #expect(get("/").header("Location") == "/onboarding/1")
        #expect(get("/feed/2026-03-09").text.contains("Join the Recover study"))
        try onboard()
        #expect(get("/").header("Location") == "/feed/2026-03-09")
        let feed = get("/feed/2026-03-09").text
        #expect(!feed.contains("Join the Recover study"))
        #expect(feed.contains("href=\"/tasks/checkIn/2\""))
    }

    @Test func onboardingRecordsConsentGrantsAndTheOnboardingOutcome() throws {
        #expect(post("/onboarding/3", [("printedName", ""), ("signature", "")]).status == 422)
        let review = get("/onboarding/3/review")
        #expect(review.status == 303, "no review before a name and a signature")
        try onboard()
        let records = try store.consentRecords(participantID: "p1")
        #expect(records.map(\.printedName) == ["Ada Lovelace"])
        #expect(records[0].signature == .drawn(pathData: Self.drawing))
        #expect(records[0].sha256 == SHA256.hex(records[0].html.markup))
        let grants = try store.permissionGrants(participantID: "p1")
        #expect(grants.map { "\($0.permissionID) \($0.granted) \($0.detail ?? "-")" }
                == ["shareHealthData true -"])
        #expect(try store.outcomes(participantID: "p1").map(\.taskID) == ["onboarding"])
        #expect(try store.auditLog().map(\.action).filter { $0 != .taskVersion }
                == [.consentSign, .permissionRecord, .outcomeAdd])
    }

    @Test func aTypedSignatureNeedsItsConfirmation() throws {
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", "")]).status == 422)
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")]).status == 303)
        #expect(get("/onboarding/3/review").text.contains("Typed, and confirmed by the participant as their signature."))
        #expect(post("/onboarding/3", [("printedName", "Ada"), ("signature", "M1 1 <script>")]).status == 422)
    }

    @Test func aDocumentChangedAfterReviewIsNotSignedAndSigningTwiceRecordsOnce() throws {
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).status == 303)
        #expect(post("/onboarding/3/review", [("sha256", String(repeating: "0", count: 64))]).status == 409)
        #expect(try store.consentRecords(participantID: "p1").isEmpty)
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).status == 303)
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).status == 303)
        #expect(try store.consentRecords(participantID: "p1").isEmpty, "stored with the rest of onboarding")
        #expect(post("/onboarding/4", []).status == 303)
        #expect(try store.consentRecords(participantID: "p1").count == 1)
    }

    @Test func anotherSessionDoesNotSeeOrSignWithThisSessionsDraft() throws {
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).status == 303)
        let other = app.newSession()
        let page = app.handle(HTTPRequest(method: "GET", path: "/onboarding/3", headers: ["Host": "localhost",
                                                                                         "Cookie": "carefeed_session=\(other)"]))
        #expect(!page.text.contains("Ada Lovelace"))
        let review = app.handle(HTTPRequest(method: "GET", path: "/onboarding/3/review",
                                            headers: ["Host": "localhost", "Cookie": "carefeed_session=\(other)"]))
        #expect(review.status == 303)
    }

    @Test func deletingTwiceIsOneDeletion() throws {
        try onboard()
        _ = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        #expect(post("/tasks/checkIn/2/delete", []).status == 303)
        #expect(post("/tasks/checkIn/2/delete", []).status == 303)
        #expect(try store.auditLog().filter { $0.action == .outcomeDelete }.count == 1)
    }

    @Test func finishingWithoutConsentIsRefused() throws {
        let response = post("/onboarding/5", [])
        #expect(response.status == 409)
        #expect(try store.outcomes(participantID: "p1").isEmpty)
    }

    @Test func invalidAnswersGive422WithEachErrorBesideItsFieldAndTheValuesKept() throws {
        try onboard()
        let response = post("/tasks/checkIn/2", [("pain", "11"), ("sleep", "7.25")])
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("<p class=\"field-error\" id=\"field-pain-error\">Choose one of the numbers from 0 to 10.</p>"))
        #expect(html.contains("<p class=\"field-error\" id=\"field-sleep-error\">Use at most 1 decimal.</p>"))
        #expect(html.contains("value=\"7.25\""))
        #expect(try store.outcomes(participantID: "p1").map(\.taskID) == ["onboarding"])
    }

    @Test func validAnswersAreStoredTypedAndSubmittingTwiceStoresOnce() throws {
        try onboard()
        #expect(post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7,5")]).status == 422,
                "in English a comma groups thousands, and 7,5 groups none")
        let first = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7.5")])
        #expect(first.status == 303)
        #expect(first.header("Location") == "/tasks/checkIn/2/done", "the check-in has a completion step")
        #expect(post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7.5")]).status == 303, "the same answers again")
        let different = post("/tasks/checkIn/2", [("pain", "9"), ("sleep", "2")])
        #expect(different.status == 409, "different answers are refused, not silently dropped")
        #expect(different.text.contains("Pain: 3 · Sleep: 7.5 hours"))
        let checkIns = try store.outcomes(participantID: "p1").filter { $0.taskID == "checkIn" }
        #expect(checkIns.count == 1)
        #expect(checkIns[0].values == [OutcomeValue(kind: "pain", value: .integer(3)),
                                       OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours")])
        #expect(get("/feed/2026-03-09").text.contains("Pain: 3 · Sleep: 7.5 hours"))
    }

    @Test func todaysAnswersCanBeDeletedAndRedone() throws {
        try onboard()
        _ = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        #expect(post("/tasks/checkIn/2/delete", []).status == 303)
        #expect(try store.outcomes(participantID: "p1").filter { $0.taskID == "checkIn" }.isEmpty)
        #expect(try store.outcomes(participantID: "p1", includeDeleted: true).filter { $0.taskID == "checkIn" }.count == 1)
        _ = post("/tasks/checkIn/2", [("pain", "2"), ("sleep", "8")])
        #expect(try store.outcomes(participantID: "p1").filter { $0.taskID == "checkIn" }.map { $0.value("pain")?.value }
                == [.integer(2)])
    }

    @Test func aFeedPageIsEachSessionsOwnAndShowsEveryWriteAtOnce() throws {
        try onboard()
        _ = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        let other = app.newSession()
        let mine = get("/feed/2026-03-09").text
        let theirs = app.handle(HTTPRequest(method: "GET", path: "/feed/2026-03-09",
                                            headers: ["Host": "localhost:8080", "Cookie": "carefeed_session=\(other)"])).text
        // The cached page is cut where a form token would go: no session sees another's.
        #expect(!mine.contains(app.csrfToken(forSession: other)))
        #expect(!theirs.contains(token))
        #expect(mine.contains("Pain: 3"))

        // A write by another connection to the same file is seen by the next page.
        let elsewhere = try CareStore(path: store.path)
        let answered = try #require(try elsewhere.outcomes(participantID: "p1").first { $0.taskID == "checkIn" })
        try elsewhere.deleteOutcome(id: answered.id, at: Date())
        elsewhere.close()
        #expect(!get("/feed/2026-03-09").text.contains("Pain: 3"))
    }

    @Test func pastAndFutureDaysGet409AndNothingChanges() throws {
        try onboard()
        let before = try store.outcomes(participantID: "p1", includeDeleted: true)
        let past = post("/tasks/checkIn/1", [("pain", "3"), ("sleep", "7")])
        #expect(past.status == 409)
        #expect(past.text.contains("This day is locked"))
        #expect(post("/tasks/checkIn/3", [("pain", "3"), ("sleep", "7")]).status == 409)
        #expect(get("/tasks/checkIn/3").text.contains("Not open yet"))
        #expect(post("/tasks/checkIn/1/delete", []).status == 409)
        #expect(try store.outcomes(participantID: "p1", includeDeleted: true) == before)
        let yesterday = get("/feed/2026-03-08").text
        #expect(!yesterday.contains("/tasks/checkIn/1\""))
        #expect(yesterday.components(separatedBy: "Past days are locked").count == 2, "said once for the day, not on each card")
        #expect(yesterday.contains("No answer this day"))
        #expect(!yesterday.contains("Missed"))
        let tomorrow = get("/feed/2026-03-10").text
        #expect(tomorrow.contains("<p class=\"status status-upcoming\">Opens Tue, Mar 10 at 8:00 AM</p>"), "one line: the day and the time")
        #expect(!tomorrow.contains("Not open yet"))
        #expect(!tomorrow.contains("Opens Tuesday"))
    }

    @Test func formsWithoutTheTokenOrFromAnotherSiteAreRefused() throws {
        #expect(post("/onboarding/1", [], token: "forged").status == 403)
        #expect(post("/onboarding/1", [], origin: "https://evil.example").status == 403)
        #expect(post("/onboarding/1", [], fetchSite: "cross-site").status == 403)
        #expect(post("/onboarding/1", [], cookie: "carefeed_session=\(String(repeating: "f", count: 64))").status == 403)
        #expect(post("/onboarding/1", [], cookie: "").status == 403)
        #expect(post("/onboarding/1", [], origin: "http://localhost:8080", fetchSite: "same-origin").status == 303)
        #expect(get("/", host: "evil.example").status == 403)
        #expect(get("/", host: "localhost.evil.example:80").status == 403)
        #expect(get("/", host: "[::1]:8080").status == 303)
        let put = app.handle(HTTPRequest(method: "PUT", path: "/", headers: ["Host": "localhost"]))
        #expect(put.status == 405)
        #expect(try store.auditLog().allSatisfy { $0.action == .taskVersion })
    }

    @Test func aNewVisitorGetsAnHttpOnlyStrictSessionCookie() {
        let response = app.handle(HTTPRequest(method: "GET", path: "/onboarding/1", headers: ["Host": "localhost"]))
        let cookie = response.header("Set-Cookie") ?? ""
        #expect(cookie.hasPrefix("carefeed_session="))
        #expect(cookie.hasSuffix("; Path=/; HttpOnly; SameSite=Strict"))
        let session = String(cookie.dropFirst("carefeed_session=".count).prefix { $0 != ";" })
        #expect(response.text.contains("value=\"\(app.csrfToken(forSession: session))\""))
        #expect(get("/onboarding/1").header("Set-Cookie") == nil)
    }

    @Test func responsesCarryAContentSecurityPolicyWithNoOtherHosts() {
        let policy = get("/feed/2026-03-09").header("Content-Security-Policy") ?? ""
        #expect(policy.contains("default-src 'self'"))
        #expect(!policy.contains("http"))
    }

    @Test func assetsComeOnlyFromTheAssetList() {
        let css = get("/assets/css/carefeed.css")
        #expect(css.status == 200)
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(get("/assets/../Package.swift").status == 404)
        #expect(get("/assets/%2e%2e/Package.swift").status == 404)
        #expect(get("/assets/models/knee.model.js").text.hasPrefix("// Generated from models/knee.glb"))
    }

    @Test func daysOutsideTheStudyAreNotFound() {
        #expect(get("/feed/2026-03-06").status == 404)
        #expect(get("/feed/2026-03-17").status == 404)
        #expect(get("/feed/not-a-day").status == 404)
        #expect(get("/feed/2026-03-16").status == 200)
    }

    @Test func nothingIsChosenForTheParticipantOnThePermissionsStep() throws {
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).status == 303)
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).status == 303)
        let page = get("/onboarding/4").text
        #expect(page.contains("name=\"grant\" value=\"shareHealthData\""))
        #expect(!page.contains(" checked"))
    }

    @Test func onboardingIsCompleteOnceThePermissionsAreChosenEvenIfTheTabCloses() throws {
        for step in ["/onboarding/1", "/onboarding/2"] { _ = post(step, []) }
        _ = post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)])
        _ = post("/onboarding/3/review", [("sha256", signedDocument)])
        #expect(try store.outcomes(participantID: "p1").isEmpty)
        #expect(post("/onboarding/4", []).header("Location") == "/onboarding/5")
        // The tab closes here: everything is stored, once, and the feed opens.
        #expect(try store.consentRecords(participantID: "p1").count == 1)
        #expect(try store.permissionGrants(participantID: "p1").map(\.granted) == [false])
        #expect(try store.outcomes(participantID: "p1").map(\.taskID) == ["onboarding"])
        #expect(get("/").header("Location") == "/feed/2026-03-09")
        // The completion step still confirms, and joining again stores nothing more.
        #expect(get("/onboarding/5").text.contains("You&#39;re in"))
        #expect(post("/onboarding/5", []).header("Location") == "/feed/2026-03-09")
        #expect(post("/onboarding/4", [("grant", "shareHealthData")]).header("Location") == "/feed/2026-03-09")
        #expect(try store.permissionGrants(participantID: "p1").count == 1)
    }

    @Test func stepsAfterTheConsentCannotBePostedBeforeItIsSigned() throws {
        let response = post("/onboarding/4", [("grant", "shareHealthData")])
        #expect(response.status == 409)
        #expect(response.text.contains("href=\"/onboarding/3\""))
        #expect(try store.permissionGrants(participantID: "p1").isEmpty)
        #expect(try store.outcomes(participantID: "p1").isEmpty)
    }

    @Test(arguments: ["M", "M10 10", "M10 10 L20 20", "M150 50 L151 50 L150 51", "M10 10 L400 10 L10 90"])
    func aDrawnSignatureMustBeADrawingInsideThePad(_ path: String) throws {
        let response = post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", path)])
        #expect(response.status == 422)
        #expect(response.text.contains("field-error"))
        #expect(get("/onboarding/3/review").status == 303, "nothing to review")
    }

    @Test func finishingWithoutChoosingThePermissionsIsRefused() throws {
        #expect(post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).status == 303)
        #expect(post("/onboarding/3/review", [("sha256", signedDocument)]).status == 303)
        let response = post("/onboarding/5", [])
        #expect(response.status == 409)
        #expect(response.text.contains("href=\"/onboarding/4\""))
        #expect(try store.consentRecords(participantID: "p1").isEmpty)
        #expect(try store.outcomes(participantID: "p1").isEmpty)
    }
}
