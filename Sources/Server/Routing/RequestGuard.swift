import Foundation
import HTTP
import Words
import Pages
import Support

/// The checks every request passes before it is routed: a loopback Host (or
/// the `--host` given), a method the server takes, and for a form, the same
/// origin, a form body and the session's CSRF token.
struct RequestGuard: Sendable {
    /// A request let through, with its session and, for a POST, its form.
    struct Admitted {
        var method: HTTPMethod
        /// The session the browser sent, or the new one this response starts.
        var session: String
        /// The form token of `session`.
        var csrfToken: String
        /// A POST's fields; nil for GET and HEAD.
        var form: FormData?
        /// The browser's `Accept-Language`, followed until the participant chooses a language.
        var acceptLanguage: String?
    }

    /// Why a request was refused, as the server says it.
    enum Refusal: Error {
        /// Plain text, before anything about the study is shown.
        case text(status: HTTPStatus, String, headers: [(String, String)] = [])
        /// A message page.
        case message(status: HTTPStatus, title: Word, text: Word, error: String? = nil)
    }

    /// The server's secret: each session's form token is derived from it.
    let secret: String
    /// A Host name answered besides the loopback names.
    let host: String?

    static let sessionCookie = "carefeed_session"
    static let cookiePrefix = Array((sessionCookie + "=").utf8)

    /// - Parameters:
    ///   - session: the session of the request's cookie, or a new one.
    ///   - sentCookie: whether the browser sent the session; a POST needs it.
    func admit(_ request: HTTPRequest, session: String, sentCookie: Bool) -> Result<Admitted, Refusal> {
        var admitted = Admitted(method: request.method, session: session, csrfToken: csrfToken(forSession: session),
                                acceptLanguage: request.header("accept-language"))
        guard isAllowed(host: request.header("host")) else {
            return .failure(.text(status: .forbidden, "This server only answers requests to localhost.\n"))
        }
        guard request.method == .post else {
            guard request.method.isSafe else {
                return .failure(.text(status: .methodNotAllowed, "Use GET or POST.\n", headers: [("Allow", "GET, HEAD, POST")]))
            }
            return .success(admitted)
        }
        let foreign = Refusal.message(status: .forbidden, title: .notAllowedTitle, text: .formFromAnotherSite)
        if let origin = request.header("origin"), origin != "null", !isAllowed(host: Self.hostPart(ofOrigin: origin)) {
            return .failure(foreign)
        }
        if request.header("sec-fetch-site") == "cross-site" {
            return .failure(foreign)
        }
        guard (request.header("content-type") ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            return .failure(.message(status: .unsupportedMediaType, title: .notAForm, text: .sendAsForm))
        }
        do {
            admitted.form = try FormData(request.body)
        } catch {
            return .failure(.message(status: .badRequest, title: .formNotUnderstood, text: .formErrorNothingSaved, error: "\(error)"))
        }
        guard sentCookie, let sent = admitted.form?["csrf"], Self.same(sent.utf8, admitted.csrfToken.utf8) else {
            return .failure(.message(status: .forbidden, title: .pleaseTryAgain, text: .formOutOfDate))
        }
        return .success(admitted)
    }

    /// What every response carries: the cookie of a new session, a
    /// Content-Security-Policy with no outside sources, no sniffing, no
    /// referrer, no framing, and no caching unless the response says otherwise.
    /// A hosted study over HTTPS makes the cookie `Secure`, and a response
    /// that travels over HTTPS (`strictTransport`) asks browsers to keep to it.
    static func addHeaders(to response: inout HTTPResponse, newSession: String?, https: Bool = false,
                           strictTransport: Bool = false) {
        if let newSession {
            response.headers.append(("Set-Cookie", "\(sessionCookie)=\(newSession); Path=/; HttpOnly; SameSite=Strict"
                                     + (https ? "; Secure" : "")))
        }
        if strictTransport {
            response.headers.append(("Strict-Transport-Security", "max-age=31536000"))
        }
        response.headers += [
            ("Content-Security-Policy", ContentSecurityPolicy.header),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]
        if response.header("Cache-Control") == nil {
            response.headers.append(("Cache-Control", "no-store"))
        }
    }

    /// The token every form of a session carries: a forged form from another
    /// site has the cookie sent along but cannot know the token.
    func csrfToken(forSession session: String) -> String {
        lastToken.update { last in
            if let last, Self.same(last.session.utf8, session.utf8) { return last.token }
            let token = String(SHA256.hex(secret + ":" + session).prefix(40))
            last = (session, token)
            return token
        }
    }

    /// A new session: 128 random bits and a tag only this server can make
    /// from them, so an id a client made up is told from one it was given,
    /// and the server keeps nothing for it.
    func newSession() -> String {
        let id = Self.randomHex(words: 2)
        return id + tag(id)
    }

    /// The session of a Cookie header if this server issued it; nil for
    /// none, or for one it did not issue, which is then replaced.
    func issuedSession(in header: String?) -> String? {
        guard let session = Self.session(in: header) else { return nil }
        return isIssued(session) ? session : nil
    }

    /// Each digest worked out once for the last session each server thread
    /// saw: a browser sends the same cookie with every request, and
    /// digesting it twice a request took a tenth of the time a cached page
    /// is served in. The tag and the token are kept apart, as a hosted
    /// study's device session needs only its token.
    private let lastIssued = PerThread<(session: String, isIssued: Bool)?> { nil }
    private let lastToken = PerThread<(session: String, token: String)?> { nil }

    private func isIssued(_ session: String) -> Bool {
        lastIssued.update { last in
            if let last, Self.same(last.session.utf8, session.utf8) { return last.isIssued }
            let id = String(session.prefix(32))
            let issued = Self.same(session.utf8.dropFirst(32), tag(id).utf8)
            last = (session, issued)
            return issued
        }
    }

    /// Compared in full whatever differs, so the time taken tells nothing of
    /// another session, or of the tag a made-up id would need.
    private static func same(_ one: some Collection<UInt8>, _ other: some Collection<UInt8>) -> Bool {
        one.count == other.count && zip(one, other).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func tag(_ id: String) -> String {
        String(SHA256.hex("session:" + secret + ":" + id).prefix(32))
    }

    /// `words` × 64 random bits as lowercase hex.
    static func randomHex(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<words).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The session id in a Cookie header, if it has the shape this server
    /// gives (64 lowercase hex digits), issued or not.
    static func session(in header: String?, cookie name: [UInt8] = cookiePrefix) -> String? {
        guard var header else { return nil }
        // Read as bytes, in place: every request carries the cookie.
        return header.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
                var first = start, last = end
                while first < last && isSpace(bytes[first]) { first += 1 }
                while last > first && isSpace(bytes[last - 1]) { last -= 1 }
                let value = first + name.count
                if last - value == 64, bytes[first..<value].elementsEqual(name),
                   bytes[value..<last].allSatisfy(isHex) {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[value..<last]), as: UTF8.self)
                }
                start = end + 1
            }
            return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// Whether the request names this server: a loopback name, or the host it answers besides.
    func allowsHost(of request: HTTPRequest) -> Bool {
        isAllowed(host: request.header("host"))
    }

    private func isAllowed(host: String?) -> Bool {
        if Self.isLoopback(host: host) { return true }
        guard let allowed = self.host, var host = host?.lowercased() else { return false }
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        return host == allowed.lowercased()
    }

    /// Whether a Host header names this machine: `localhost`, `127.0.0.1` or
    /// `[::1]`, with any port. Read as bytes: every request asks.
    static func isLoopback(host: String?) -> Bool {
        guard let bytes = host?.utf8 else { return false }
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            return bytes[bytes.index(after: bytes.startIndex)..<close].elementsEqual("::1".utf8)
        }
        var name = bytes[...]
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            let port = bytes[bytes.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
            name = bytes[..<colon]
        }
        // Letters in either case: an upper-case ASCII letter is its lower-case one less 0x20, and no other byte is.
        let isLocalhost = name.count == 9 && zip(name, "localhost".utf8).allSatisfy { ($0 | 0x20) == $1 }
        return isLocalhost || name.elementsEqual("127.0.0.1".utf8)
    }

    /// `localhost:8080` from `http://localhost:8080`.
    static func hostPart(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        return String(origin[range.upperBound...].prefix { $0 != "/" })
    }
}
