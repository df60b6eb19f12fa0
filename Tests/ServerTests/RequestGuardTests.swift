@testable import Server
import Testing

/// The checks every request passes, read from bytes: the session cookie, the
/// Host, and the digests kept for the last session a thread saw.
@Suite struct RequestGuardTests {
    let requestGuard = RequestGuard(secret: "a secret", host: nil)
    let id = String(repeating: "0123456789abcdef", count: 4)

    @Test func theSessionIsFoundAmongOtherCookiesWithSpacesAround() {
        #expect(RequestGuard.session(in: "carefeed_session=\(id)") == id)
        #expect(RequestGuard.session(in: "theme=dark;  carefeed_session=\(id)\t ; lang=de") == id)
        #expect(RequestGuard.session(in: "other=1;carefeed_session=\(id)") == id)
        #expect(RequestGuard.session(in: "carefeed_session=short; carefeed_session=\(id)") == id, "the one of the right shape")
    }

    @Test func aSessionOfAnotherShapeIsNone() {
        #expect(RequestGuard.session(in: nil) == nil)
        #expect(RequestGuard.session(in: "") == nil)
        #expect(RequestGuard.session(in: ";;;") == nil)
        #expect(RequestGuard.session(in: "carefeed_session=") == nil)
        #expect(RequestGuard.session(in: "carefeed_session=\(id.uppercased())") == nil, "lower-case hex only")
        #expect(RequestGuard.session(in: "carefeed_session=\(id)0") == nil, "65 digits")
        #expect(RequestGuard.session(in: "xcarefeed_session=\(id)") == nil)
        #expect(RequestGuard.session(in: "carefeed_session =\(id)") == nil)
        #expect(RequestGuard.session(in: "carefeed_sessio") == nil)
        #expect(RequestGuard.session(in: "carefeed_session=\(id.dropLast(2))é") == nil, "64 bytes, one not a digit")
    }

    @Test func onlyThisMachineIsLoopbackWhateverTheCaseOrPort() {
        for host in ["localhost", "LocalHost", "localhost:8080", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:8080"] {
            #expect(RequestGuard.isLoopback(host: host), "\(host)")
        }
        for host in [nil, "", "localhost:", "localhost:80a", "localhost.example", "127.0.0.2", "[::2]", "[::1",
                     "localhost:٣", "example.com", "localhosts", "l0calhost", "LOCALHOST\u{0}"] as [String?] {
            #expect(!RequestGuard.isLoopback(host: host), "\(host ?? "nil")")
        }
    }

    @Test func theDigestsKeptForOneSessionAreNeverAnothers() {
        let issued = requestGuard.newSession()
        let invented = String(issued.prefix(32)) + String(repeating: "0", count: 32)
        let another = requestGuard.newSession()
        for _ in 0..<3 {
            #expect(requestGuard.issuedSession(in: "carefeed_session=\(issued)") == issued)
            #expect(requestGuard.issuedSession(in: "carefeed_session=\(invented)") == nil)
            #expect(requestGuard.csrfToken(forSession: issued) != requestGuard.csrfToken(forSession: another))
            #expect(requestGuard.issuedSession(in: "carefeed_session=\(another)") == another)
        }
        let elsewhere = RequestGuard(secret: "another secret", host: nil)
        #expect(elsewhere.issuedSession(in: "carefeed_session=\(issued)") == nil, "each server keeps its own")
        #expect(elsewhere.csrfToken(forSession: issued) != requestGuard.csrfToken(forSession: issued))
    }
}
