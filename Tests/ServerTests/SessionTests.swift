import Assets
import Feed
import Foundation
import HTTP
@testable import Server
import Testing
import TestSupport
import StudyModel

/// Sessions the server issued, and the drafts it keeps for them: bounded
/// whatever session ids a client makes up.
extension ParticipantAppTests {
    func request(_ method: HTTPMethod, _ path: String, session: String, fields: [(String, String)] = []) -> HTTPResponse {
        let body = ([("csrf", app.csrfToken(forSession: session))] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        return app.handle(HTTPRequest(method: method, path: path,
                                      headers: ["Host": "localhost", "Content-Type": "application/x-www-form-urlencoded",
                                                "Cookie": "carefeed_session=\(session)"],
                                      body: method == .post ? Array(body.utf8) : []))
    }

    @Test func aSessionIdTheServerDidNotIssueIsReplacedAndItsFormsRefused() throws {
        let invented = String(repeating: "ab", count: 32)
        let page = request("GET", "/onboarding/3", session: invented)
        let cookie = try #require(page.header("Set-Cookie"))
        let given = String(cookie.dropFirst("carefeed_session=".count).prefix { $0 != ";" })
        #expect(given != invented && given.count == 64)
        #expect(page.text.contains("value=\"\(app.csrfToken(forSession: given))\""))
        #expect(!page.text.contains(app.csrfToken(forSession: invented)))
        let posted = request("POST", "/onboarding/3", session: invented,
                             fields: [("printedName", "Mallory"), ("signature", Self.drawing)])
        #expect(posted.status == 403)
        #expect(request("GET", "/onboarding/3/review", session: given).status == 303, "nothing kept for either")
    }

    @Test func aSessionIssuedByAnotherServerIsNotTaken() throws {
        let assets = try Assets(publicDirectory: TestStudy.publicFolder, study: study)
        let elsewhere = ParticipantApp(store: store, content: .init(plan: CarePlan(study: study), assets: assets),
                                       configuration: .init(participantID: "p1", today: today, secret: "another secret"))
        #expect(request("GET", "/onboarding/1", session: elsewhere.newSession()).header("Set-Cookie") != nil)
        #expect(request("GET", "/onboarding/1", session: app.newSession()).header("Set-Cookie") == nil)
    }

    @Test func onboardingDraftsAreCappedAndTheOldestGoesFirst() {
        let capacity = SessionDrafts<OnboardingDraft>.defaultCapacity
        let sessions = (0...capacity).map { _ in app.newSession() }
        for session in sessions {
            let signed = request("POST", "/onboarding/3", session: session,
                                 fields: [("printedName", "Ada Lovelace"), ("signature", Self.drawing)])
            #expect(signed.status == 303)
        }
        #expect(request("GET", "/onboarding/3/review", session: sessions[0]).status == 303, "the oldest draft is gone")
        #expect(request("GET", "/onboarding/3/review", session: sessions[1]).status == 200)
        #expect(request("GET", "/onboarding/3/review", session: sessions[capacity]).status == 200)
    }
}

@Suite struct SessionDraftsTests {
    final class Clock: @unchecked Sendable {
        // Unchecked: `current` is only touched with `lock` held.
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    @Test func aDraftExpiresALifetimeAfterItLastChanged() {
        let clock = Clock()
        let drafts = SessionDrafts<String>(capacity: 4, lifetime: 60, now: { clock.now })
        drafts.update("a", empty: "") { $0 = "first" }
        clock.advance(50)
        drafts.update("a", empty: "") { $0 += " second" }
        clock.advance(50)
        #expect(drafts["a"] == "first second")
        clock.advance(10)
        #expect(drafts["a"] == nil)
        #expect(drafts.update("a", empty: "new") { _ in } == "new", "an expired draft is not the start of a new one")
    }

    @Test func pastTheCapTheDraftChangedLongestAgoMakesRoom() {
        let clock = Clock()
        let drafts = SessionDrafts<Int>(capacity: 3, lifetime: 3600, now: { clock.now })
        for (index, session) in ["a", "b", "c"].enumerated() {
            drafts.update(session, empty: index) { _ in }
            clock.advance(1)
        }
        drafts.update("a", empty: 0) { $0 += 10 }
        clock.advance(1)
        drafts.update("d", empty: 3) { _ in }
        #expect(drafts.count == 3)
        #expect(drafts["b"] == nil)
        #expect(drafts["a"] == 10 && drafts["c"] == 2 && drafts["d"] == 3)
    }

    @Test func expiredDraftsMakeRoomBeforeLiveOnes() {
        let clock = Clock()
        let drafts = SessionDrafts<Int>(capacity: 2, lifetime: 10, now: { clock.now })
        drafts.update("old", empty: 1) { _ in }
        clock.advance(5)
        drafts.update("live", empty: 2) { _ in }
        clock.advance(6)
        drafts.update("new", empty: 3) { _ in }
        #expect(drafts["live"] == 2 && drafts["new"] == 3 && drafts["old"] == nil)
    }
}
