import Foundation
import Glibc

/// A deliberately small HTTP/1.1 client over a loopback socket, for tests
/// that must see the server's bytes as a browser would (303s not followed,
/// raw paths not normalized).
public struct HTTPClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: String

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    public let port: UInt16
    public var cookie: String?

    public init(port: UInt16) {
        self.port = port
    }

    public func get(_ path: String, headers: [String: String] = [:]) throws -> Response {
        try send("GET", path, headers: headers, body: nil)
    }

    public func post(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) throws -> Response {
        let body = fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        var headers = headers
        headers["Content-Type"] = headers["Content-Type"] ?? "application/x-www-form-urlencoded"
        return try send("POST", path, headers: headers, body: body)
    }

    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: String?) throws -> Response {
        var text = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        var all = headers
        all["Host"] = all["Host"] ?? "localhost:\(port)"
        if let cookie, all["Cookie"] == nil { all["Cookie"] = cookie }
        if let body { all["Content-Length"] = String(body.utf8.count) }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) {
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n" + (body ?? "")
        return try Self.parse(try Self.exchange(port: port, Array(text.utf8)))
    }

    /// Opens a connection, writes `bytes`, reads until the server closes.
    public static func exchange(port: UInt16, _ bytes: [UInt8], timeout: Int = 10) throws -> [UInt8] {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try write(socket, bytes)
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return response
    }

    public static func connect(port: UInt16, timeout: Int = 10) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    public static func write(_ socket: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(.EPIPE) }
            sent += count
        }
    }

    /// Status line, headers and body of a `Connection: close` response.
    static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw POSIXError(.EBADMSG) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw POSIXError(.EBADMSG) }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
