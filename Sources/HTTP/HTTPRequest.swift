import Foundation

/// A request as handlers see it: no socket, no C pointers.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The path, percent-decoded, without the query.
    public var path: String
    public var query: [String: String]
    /// Header names in lowercase.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The peer's IPv4 address, dotted; nil when unknown (a test's request).
    public var client: String?
    /// Whether it came over TLS to this server itself.
    public var isTLS = false

    public init(method: HTTPMethod, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = [], client: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
        self.client = client
    }

    /// Whether the peer is this machine (127.0.0.0/8): a reverse proxy beside the server.
    public var isFromLoopback: Bool {
        client?.hasPrefix("127.") ?? false
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// `203.0.113.7` from an IPv4 address in network byte order; nil for 0 (unknown).
    static func address(_ network: UInt32) -> String? {
        guard network != 0 else { return nil }
        let bytes = withUnsafeBytes(of: network) { Array($0) }
        return bytes.map(String.init).joined(separator: ".")
    }
}
