import Foundation
import Glibc
import HTTP
import Testing

/// The libmicrohttpd adapter over real loopback sockets.
@Suite(.serialized) struct HTTPServerTests {
    func start(_ handler: @escaping HTTPServer.Handler) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.maximumBodyBytes = 1024
        configuration.connectionTimeoutSeconds = 2
        return try HTTPServer(configuration, handler: handler)
    }

    /// Sends raw bytes and returns everything the server wrote back before closing.
    func exchange(_ port: UInt16, _ request: String) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }

    @Test func aRequestReachesTheHandlerAsAValue() throws {
        let server = try start { request in
            HTTPResponse.text("\(request.method) \(request.path) q=\(request.query["q"] ?? "-") "
                              + "host=\(request.header("host") ?? "-") body=\(String(decoding: request.body, as: UTF8.self))",
                              status: 201)
        }
        defer { server.stop() }
        #expect(server.port > 0)
        let response = try exchange(server.port, "POST /tasks/x?q=1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n"
                                    + "Connection: close\r\n\r\nhello")
        #expect(response.hasPrefix("HTTP/1.1 201"))
        #expect(response.hasSuffix("POST /tasks/x q=1 host=localhost body=hello"))
    }

    @Test func anOversizedBodyGets413AndNeverReachesTheHandler() throws {
        let server = try start { _ in HTTPResponse.text("handled", status: 200) }
        defer { server.stop() }
        let body = String(repeating: "a", count: 5000)
        let response = try exchange(server.port, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n"
                                    + "Connection: close\r\n\r\n" + body)
        #expect(response.hasPrefix("HTTP/1.1 413"))
        #expect(!response.contains("handled"))
    }

    @Test func oversizedHeadersAreRefused() throws {
        let server = try start { _ in HTTPResponse.text("handled", status: 200) }
        defer { server.stop() }
        let huge = String(repeating: "x", count: 64 * 1024)
        let response = try exchange(server.port, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(huge)\r\nConnection: close\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 431") || response.hasPrefix("HTTP/1.1 413"))
        #expect(!response.contains("handled"))
    }

    @Test func anIdleConnectionIsClosedByTheTimeout() throws {
        let server = try start { _ in HTTPResponse.text("handled", status: 200) }
        defer { server.stop() }
        let started = Date()
        let response = try exchange(server.port, "GET / HTTP/1.1\r\nHost: local")
        #expect(response.isEmpty)
        #expect(Date().timeIntervalSince(started) < 4.5)
    }

    @Test func stopLetsARequestInFlightFinish() throws {
        let server = try start { _ in
            usleep(300_000)
            return HTTPResponse.text("finished", status: 200)
        }
        let port = server.port
        let response = Locked("")
        let thread = Thread {
            response.set((try? self.exchange(port, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")) ?? "")
        }
        thread.start()
        usleep(100_000)
        server.stop(grace: 2)
        usleep(100_000)
        #expect(response.value.hasSuffix("finished"))
    }
}

final class Locked<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
