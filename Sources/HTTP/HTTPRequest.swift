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

    public init(method: HTTPMethod, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
