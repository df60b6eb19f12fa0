import Foundation
import HTTP
import Support

/// How `carefeed host` serves a study: every participant of the store, each
/// from the device session their personal link started, and nobody else.
public struct Hosting: Sendable {
    /// The study's address for participants (`--url`), such as
    /// `https://study.example.org`; nil when only this machine is served.
    public var url: String?
    /// Whether this server speaks TLS itself (`--tls-cert`, `--tls-key`).
    public var servesTLS: Bool
    /// Told after each request that changed the store, so the site is rebuilt.
    public var changed: @Sendable () -> Void
    /// A line for the operator's log: failed joins, sign-outs.
    public var log: @Sendable (String) -> Void
    /// Whether answers' alerts that notify are e-mailed (`--smtp`): each is
    /// stored with its answer, for the mailer to send.
    public var mailsAlerts = false

    public init(url: String?, servesTLS: Bool, changed: @escaping @Sendable () -> Void = {},
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.url = url
        self.servesTLS = servesTLS
        self.changed = changed
        self.log = log
    }

    /// Whether participants reach the study over HTTPS, directly or through a proxy: cookies are then `Secure`.
    public var isHTTPS: Bool {
        servesTLS || url?.lowercased().hasPrefix("https://") == true
    }

    /// The host name of `url`, which requests must name (or a loopback name).
    public var host: String? {
        url.flatMap { URLComponents(string: $0)?.host?.lowercased() }
    }

    /// The address of a personal link's token.
    public func joinLink(_ token: String) -> String {
        (url.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "http://localhost:8080") + "/join/" + token
    }

    /// The client a request came from: its peer, or for a proxy on this
    /// machine (when participants reach the study by `url`), the address
    /// the proxy last added to `X-Forwarded-For`. Another peer's header is ignored.
    func client(of request: HTTPRequest) -> String {
        if url != nil, request.isFromLoopback,
           let forwarded = request.header("x-forwarded-for")?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
           !forwarded.isEmpty, forwarded.count <= 45 {
            return forwarded
        }
        return request.client ?? "unknown"
    }
}

/// The tokens of a hosted study: random from the operating system, kept
/// in the store only as their SHA-256.
public enum HostTokens {
    /// A personal link's token: 130 random bits as 26 lower-case letters and digits (RFC 4648 base32, without
    /// padding), short enough to type from a letter.
    public static func link() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        return String((0..<26).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }

    /// A device session's token: 256 random bits as hex.
    static func session() -> String {
        RequestGuard.randomHex(words: 4)
    }

    /// The read-only token of a session's calendar subscription, made from the session's own.
    static func calendar(ofSession session: String) -> String {
        String(SHA256.hex("calendar:" + session).prefix(40))
    }

    public static func hash(_ token: String) -> String {
        SHA256.hex(token)
    }

    /// Whether text has the shape of a link's token, before it is looked up.
    static func isLinkShaped(_ text: String) -> Bool {
        text.utf8.count == 26 && text.utf8.allSatisfy { (97...122).contains($0) || (50...55).contains($0) }
    }
}

/// Failed joins by client address (an IPv6 address by its /64, which one
/// household or phone has): after `limit` within `window`, joins from
/// that address wait. Few addresses are kept, the oldest forgotten first,
/// so a flood of addresses cannot fill memory.
final class JoinLimiter: Sendable {
    let limit = 10
    let window: TimeInterval = 15 * 60
    let capacity = 10_000
    private let failures = Locked<[String: (count: Int, since: Date)]>([:])

    /// Whether `client` may try a link now.
    func allows(_ client: String, at now: Date) -> Bool {
        let key = Self.key(client)
        return failures.update { failures in
            guard let entry = failures[key] else { return true }
            guard now.timeIntervalSince(entry.since) < window else {
                failures[key] = nil
                return true
            }
            return entry.count < limit
        }
    }

    /// Counts a failed join; true when it is the one that makes the address wait, worth a line in the log.
    @discardableResult
    func failed(_ client: String, at now: Date) -> Bool {
        let key = Self.key(client)
        return failures.update { failures in
            if failures.count >= capacity, failures[key] == nil {
                // Those whose window is over go first, else the oldest.
                failures = failures.filter { now.timeIntervalSince($0.value.since) < window }
                if failures.count >= capacity, let oldest = failures.min(by: { $0.value.since < $1.value.since })?.key {
                    failures[oldest] = nil
                }
            }
            let entry = failures[key].flatMap { now.timeIntervalSince($0.since) < window ? $0 : nil }
            let count = (entry?.count ?? 0) + 1
            failures[key] = (count: count, since: entry?.since ?? now)
            return count == limit
        }
    }

    /// An IPv4 address as it is; an IPv6 one by its first four groups.
    static func key(_ client: String) -> String {
        guard client.contains(":") else { return client }
        var groups = client.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if let gap = groups.firstIndex(of: ""), client.contains("::") {
            let missing = 8 - groups.filter { !$0.isEmpty }.count
            groups.replaceSubrange(gap...gap, with: Array(repeating: "0", count: max(missing, 0)))
            groups = groups.filter { !$0.isEmpty }
        }
        return groups.prefix(4).map { $0.lowercased() }.joined(separator: ":") + "::/64"
    }
}
