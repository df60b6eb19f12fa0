/// A request's method, as the request line names it: the server answers
/// GET, HEAD and POST and tells the others apart only to refuse them.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"

    /// GET and HEAD: they read and change nothing.
    public var isSafe: Bool { self == .get || self == .head }

    public var description: String { rawValue }
}
