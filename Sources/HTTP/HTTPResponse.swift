/// A response value; the server adapter turns it into bytes on the wire.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Chunks as they are made, for server-sent events. The function
        /// never waits: it gives what is ready, `[]` when nothing is yet, or
        /// nil at the end. After `[]` the connection waits, holding no
        /// thread, until the waker wakes it to ask again.
        case stream(StreamWaker, @Sendable () -> [UInt8]?)
    }

    public var status: HTTPStatus
    public var headers: [(String, String)]
    public var body: Body

    public init(status: HTTPStatus, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        .html(bytes: Array(html.utf8), status: status)
    }

    /// A page already in UTF-8.
    public static func html(bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(bytes))
    }

    public static func text(_ text: String, status: HTTPStatus) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array(text.utf8)))
    }

    /// 303 See Other: after a POST, the browser GETs `location`.
    public static func seeOther(_ location: String) -> HTTPResponse {
        HTTPResponse(status: .seeOther, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
                     body: .bytes(Array("See \(location)\n".utf8)))
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// The body as text, for tests and logs; empty for a stream.
    public var text: String {
        if case .bytes(let bytes) = body { String(decoding: bytes, as: UTF8.self) } else { "" }
    }
}
