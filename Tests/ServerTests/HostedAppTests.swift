import Assets
import CareModel
import CareStore
import Content
import Foundation
import HTTP
@testable import Server
import Support
import Testing
import TestSupport
import StudyModel

/// A hosted study (`carefeed host`), driven with request values: each
/// participant by the device session their personal link started, and
/// nobody without one.
@Suite struct HostedAppTests {
    final class Clock: @unchecked Sendable {
        // Unchecked: `current` is only touched with `lock` held.
        private let lock = NSLock()
        private var current = Fixtures.instant("2026-03-09T14:00:00Z")
        var now: Date { lock.withLock { current } }
        func advance(days: Double) { lock.withLock { current += days * 86_400 } }
    }

    /// A browser: its cookies, and the client address it sends from.
    final class Browser: @unchecked Sendable {
        var cookies: [String: String] = [:]
        var client = "203.0.113.7"
        var host = "study.example.org"

        var cookieHeader: String { cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

        func keep(_ response: HTTPResponse) {
            for (name, value) in response.headers where name == "Set-Cookie" {
                let pair = value.prefix { $0 != ";" }
                let key = String(pair.prefix { $0 != "=" }), cookie = String(pair.dropFirst(key.count + 1))
                cookies[key] = cookie.isEmpty ? nil : cookie
            }
        }
    }

    let directory: TemporaryDirectory
    let store: CareStore
    let app: ParticipantApp
    let clock = Clock()
    let changes = Locked(0)
    let study: Study

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: Fixtures.date("2026-03-01"),
                                        at: Fixtures.instant("2026-03-01T00:00:00Z"))
        }
        for id in ["p1", "p2"] {
            try store.addParticipant(Participant(id: id, name: "", timeZone: study.timeZone, enrolledOn: Fixtures.date("2026-03-07")))
        }
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        var configuration = ParticipantApp.Configuration(participantID: "", today: nil, secret: "test secret",
                                                         now: { [clock] in clock.now })
        let changes = self.changes
        configuration.hosting = Hosting(url: "https://study.example.org", servesTLS: true, changed: { changes.update { $0 += 1 } })
        app = ParticipantApp(store: store, content: .init(plan: plan, assets: try Assets(publicDirectory: TestStudy.publicFolder,
                                                                                           study: study)),
                             configuration: configuration)
    }

    func invite(_ id: String) throws -> String {
        let token = HostTokens.link()
        try store.addInvitation(tokenSHA256: HostTokens.hash(token), participantID: id, at: clock.now,
                                expires: clock.now.addingTimeInterval(14 * 86_400))
        return token
    }

    /// A request as it arrives over this server's TLS.
    func send(_ method: HTTPMethod, _ path: String, headers: [String: String], body: [UInt8] = [], client: String) -> HTTPResponse {
        var request = HTTPRequest(method: method, path: path, headers: headers, body: body, client: client)
        request.isTLS = true
        return app.handle(request)
    }

    func get(_ path: String, _ browser: Browser, headers: [String: String] = [:]) -> HTTPResponse {
        var all = ["Host": browser.host, "Cookie": browser.cookieHeader]
        all.merge(headers) { $1 }
        let response = send("GET", path, headers: all, client: browser.client)
        browser.keep(response)
        return response
    }

    /// A form sent as the page at `page` gives it: with that page's token.
    func post(_ path: String, _ browser: Browser, from page: String? = nil, _ fields: [(String, String)] = []) -> HTTPResponse {
        let html = get(page ?? path, browser).text
        let token = html.range(of: "name=\"csrf\" value=\"").map { String(html[$0.upperBound...].prefix(40)) } ?? ""
        let body = ([("csrf", token)] + fields).map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        let response = send("POST", path, headers: ["Host": browser.host, "Cookie": browser.cookieHeader,
                                                    "Origin": "https://" + browser.host,
                                                    "Content-Type": "application/x-www-form-urlencoded"],
                            body: Array(body.utf8), client: browser.client)
        browser.keep(response)
        return response
    }

    func join(_ token: String, _ browser: Browser) -> HTTPResponse {
        post("/join/" + token, browser)
    }

    @Test func withoutASessionEveryPageAsksForThePersonalLinkAndNothingElseShows() throws {
        let stranger = Browser()
        for path in ["/", "/feed/2026-03-09", "/consent", "/my-data", "/calendar.ics", "/tasks/checkIn/2", "/insights", "/docs"] {
            let response = get(path, stranger)
            #expect(response.status == 401, "\(path)")
            #expect(response.text.contains("Open the personal link your study team gave you."), "\(path)")
            #expect(!response.text.contains("p1") && !response.text.contains("p2"), "\(path)")
        }
        #expect(get("/assets/css/carefeed.css", stranger).status == 200, "the 401 page has its stylesheet")
    }

    @Test func aLinkStartsADeviceSessionThatActsAsItsParticipantOnly() throws {
        let phone = Browser()
        let start = get("/join/" + (try invite("p1")), phone)
        #expect(start.status == 200 && start.text.contains(">Start</button>"), "a mail scanner's GET does not use the link")
        let joined = join(try invite("p1"), phone)
        #expect(joined.status == 303 && joined.header("Location") == "/")
        let cookie = try #require(joined.headers.first { $0.0 == "Set-Cookie" && $0.1.hasPrefix("__Host-carefeed_device=") }?.1)
        #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax") && cookie.contains("; Secure"))
        #expect(joined.header("Strict-Transport-Security") != nil)
        #expect(get("/", phone).header("Location") == "/onboarding/1")
        let page = get("/onboarding/1", phone).text
        #expect(page.contains("action=\"/sign-out\""), "Sign out on every page when hosted")
        #expect(!page.contains("p1"), "no participant id in a page or a URL")
        // Only the SHA-256 of a token is in the store.
        let cookieToken = String(cookie.dropFirst("__Host-carefeed_device=".count).prefix(64))
        #expect(try store.sessionParticipant(tokenSHA256: HostTokens.hash(cookieToken), at: clock.now)?.id == "p1")
        #expect(try store.sessionParticipant(tokenSHA256: cookieToken, at: clock.now) == nil)
        #expect(try store.auditLog(participantID: "p1").map(\.action).contains(.deviceJoin))
    }

    @Test func anUnknownAUsedAndAnExpiredLinkGetTheSamePage() throws {
        let link = try invite("p1")
        #expect(join(link, Browser()).status == 303)
        let used = join(link, Browser())
        let unknown = join(HostTokens.link(), Browser())
        let expiring = try invite("p2")
        clock.advance(days: 15)
        let expired = join(expiring, Browser())
        for response in [used, unknown, expired] {
            #expect(response.status == 404)
            #expect(response.text == used.text)
            #expect(response.text.contains("This link no longer works"))
            #expect(response.header("Set-Cookie")?.hasPrefix("__Host-carefeed_device=") != true)
        }
    }

    @Test func aSecondInvitationMakesTheFirstLinkStopWorking() throws {
        let first = try invite("p1")
        let second = try invite("p1")
        #expect(join(first, Browser()).status == 404)
        #expect(join(second, Browser()).status == 303)
    }

    @Test func oneParticipantNeverSeesAnothersData() throws {
        let ada = Browser(), bob = Browser()
        #expect(join(try invite("p1"), ada).status == 303)
        #expect(join(try invite("p2"), bob).status == 303)
        let event = try #require(CarePlan(study: study, versions: try store.taskVersions()).tasks.first { $0.id == "checkIn" }?.timeline
            .events(enrolledOn: Fixtures.date("2026-03-07"), in: study.timeZone, from: Fixtures.date("2026-03-09"),
                    to: Fixtures.date("2026-03-10")).first)
        try store.addOutcome(NewOutcome(participantID: "p2", taskID: "checkIn", event: event,
                                        values: [OutcomeValue(kind: "note", value: .text("bobs-own-words"))]), at: clock.now)
        for path in ["/my-data", "/consent", "/insights", "/feed/2026-03-09", "/tasks/checkIn/\(event.occurrence)/done",
                     "/tasks/checkIn/\(event.occurrence)"] {
            #expect(!get(path, ada).text.contains("bobs-own-words"), "\(path)")
        }
        #expect(get("/my-data", bob).text.contains("bobs-own-words"))
    }

    @Test func signingOutEndsTheSessionAndItsNextRequestIsRefused() throws {
        let tablet = Browser()
        #expect(join(try invite("p1"), tablet).status == 303)
        let device = try #require(tablet.cookies["__Host-carefeed_device"])
        let signedOut = post("/sign-out", tablet, from: "/onboarding/1")
        #expect(signedOut.status == 200 && signedOut.text.contains("You are signed out"))
        #expect(tablet.cookies["__Host-carefeed_device"] == nil, "the cookie is cleared")
        tablet.cookies["__Host-carefeed_device"] = device
        #expect(get("/onboarding/1", tablet).status == 401, "the old cookie no longer works")
        #expect(try store.auditLog(participantID: "p1").map(\.action).contains(.deviceSignOut))
    }

    @Test func aRevokedDevicesNextRequestIsRefused() throws {
        let lost = Browser()
        #expect(join(try invite("p1"), lost).status == 303)
        #expect(get("/onboarding/1", lost).status == 200)
        #expect(try store.revokeDevices(participantID: "p1", at: clock.now) == 1)
        #expect(get("/onboarding/1", lost).status == 401)
    }

    @Test func failedJoinsFromOneAddressWaitAndAForwardedAddressIsIgnoredFromAnotherPeer() throws {
        let guesser = Browser()
        for _ in 0..<10 {
            #expect(join(HostTokens.link(), guesser).status == 404)
        }
        // Its own header cannot make it someone else: it is not a proxy on this machine.
        let valid = try invite("p1")
        let html = get("/join/" + valid, guesser).text
        let token = html.range(of: "name=\"csrf\" value=\"").map { String(html[$0.upperBound...].prefix(40)) } ?? ""
        let forged = send("POST", "/join/" + valid,
                          headers: ["Host": guesser.host, "Cookie": guesser.cookieHeader, "Origin": "https://study.example.org",
                                    "X-Forwarded-For": "198.51.100.1", "Content-Type": "application/x-www-form-urlencoded"],
                          body: Array("csrf=\(token)".utf8), client: guesser.client)
        #expect(forged.status == 429)
        let neighbour = Browser()
        neighbour.client = "203.0.113.8"
        #expect(join(valid, neighbour).status == 303, "another address is not held back, and the link was not used up")
    }

    @Test func aRequestNamingAnotherHostIsRefused() throws {
        let browser = Browser()
        browser.host = "evil.example"
        #expect(get("/", browser).status == 403)
        browser.host = "localhost:8080"
        #expect(get("/", browser).status == 401)
    }

    @Test func theCalendarSubscriptionHasItsOwnTokenLeavesOutWhatIsAnsweredAndEndsWithTheSession() throws {
        let phone = Browser()
        #expect(join(try invite("p1"), phone).status == 303)
        let subscribe = get("/calendar.ics", phone)
        let location = try #require(subscribe.header("Location"))
        #expect(location.hasPrefix("https://study.example.org/calendar/") && location.hasSuffix(".ics"))
        let path = String(location.dropFirst("https://study.example.org".count))
        let calendarApp = Browser()
        let before = get(path, calendarApp)
        #expect(before.status == 200 && before.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(!before.text.contains("p1"), "no study ID, in the UIDs either")
        let events = before.text.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(events > 0)
        let event = try #require(CarePlan(study: study, versions: try store.taskVersions()).tasks.first { $0.id == "checkIn" }?.timeline
            .events(enrolledOn: Fixtures.date("2026-03-07"), in: study.timeZone, from: Fixtures.date("2026-03-09"),
                    to: Fixtures.date("2026-03-10")).first)
        try store.addOutcome(NewOutcome(participantID: "p1", taskID: "checkIn", event: event,
                                        values: [OutcomeValue(kind: "pain", value: .integer(3))]), at: clock.now)
        #expect(get(path, calendarApp).text.components(separatedBy: "BEGIN:VEVENT").count - 1 == events - 1)
        #expect(get(path.replacingOccurrences(of: "/calendar/", with: "/calendar/0"), calendarApp).status == 404)
        try store.revokeDevices(participantID: "p1", at: clock.now)
        #expect(get(path, calendarApp).status == 404)
    }

    @Test func anAnswerTellsTheSiteToRebuild() throws {
        let phone = Browser()
        #expect(join(try invite("p1"), phone).status == 303)
        let before = changes.value
        #expect(post("/onboarding/1", phone).status == 303)
        #expect(changes.value == before + 1)
    }

    @Test func aStoreThatFailsGetsA503NeverA404() throws {
        let phone = Browser()
        #expect(join(try invite("p1"), phone).status == 303)
        store.close()
        #expect(get("/onboarding/1", phone).status == 503)
    }

    @Test func pressingStartOnAUsedLinkKeepsTheSessionTheBrowserHas() throws {
        let phone = Browser()
        let link = try invite("p1")
        #expect(join(link, phone).status == 303)
        #expect(join(link, phone).status == 404, "the letter's code scanned again")
        #expect(get("/onboarding/1", phone).status == 200, "still signed in")
        // A working link for someone else on a shared tablet ends the first session.
        let first = try #require(phone.cookies["__Host-carefeed_device"])
        #expect(join(try invite("p2"), phone).status == 303)
        #expect(try store.sessionParticipant(tokenSHA256: HostTokens.hash(first), at: clock.now) == nil)
    }

    @Test func aSessionInUseIsGivenItsCookieAgainAndOneUnusedFor180DaysEndsWhateverItsCalendarAsks() throws {
        let phone = Browser()
        #expect(join(try invite("p1"), phone).status == 303)
        let path = String(try #require(get("/calendar.ics", phone).header("Location")).dropFirst("https://study.example.org".count))
        clock.advance(days: 0.5)
        let renewed = get("/onboarding/1", phone)
        #expect(renewed.headers.contains { $0.0 == "Set-Cookie" && $0.1.contains("Max-Age=15552000") })
        #expect(!get("/onboarding/1", phone).headers.contains { $0.0 == "Set-Cookie" }, "at most once an hour")
        for _ in 0..<17 {
            clock.advance(days: 10)
            #expect(get(path, Browser()).status == 200, "a calendar's fetches do not keep the session in use")
        }
        clock.advance(days: 11)
        #expect(get(path, Browser()).status == 404)
        #expect(get("/onboarding/1", phone).status == 401)
    }

    @Test func plainHTTPFromBeyondThisMachineGoesToTheStudysAddressAndOnlyHTTPSAsksForIt() throws {
        let plain = app.handle(HTTPRequest(method: "GET", path: "/join/abc", headers: ["Host": "study.example.org"],
                                           client: "203.0.113.7"))
        #expect(plain.status == 308 && plain.header("Location") == "https://study.example.org/join/abc")
        #expect(plain.header("Set-Cookie") == nil)
        #expect(get("/", Browser()).header("Strict-Transport-Security") == "max-age=31536000")
        let local = app.handle(HTTPRequest(method: "GET", path: "/", headers: ["Host": "localhost:8080"], client: "127.0.0.1"))
        #expect(local.status == 401 && local.header("Strict-Transport-Security") == nil, "the operator's own curl")
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() {
        #expect(JoinLimiter.key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(JoinLimiter.key("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64")
        #expect(JoinLimiter.key("2001:db8::1") == "2001:db8:0:0::/64")
        #expect(JoinLimiter.key("203.0.113.7") == "203.0.113.7")
    }
}
