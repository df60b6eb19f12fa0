import Foundation
import Glibc
import HTTP
import Support
import Testing
import TestSupport

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
        String(decoding: try HTTPClient.exchange(port: port, Array(request.utf8), timeout: 5), as: UTF8.self)
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

    @Test func anIdleConnectionIsClosedByTheServerWithoutAnAnswer() throws {
        let server = try start { _ in HTTPResponse.text("handled", status: 200) }
        defer { server.stop() }
        // The client waits five times the server's timeout, so the read can
        // only end early because the server closed the connection.
        let socket = try HTTPClient.connect(port: server.port, timeout: 10)
        defer { close(socket) }
        try HTTPClient.write(socket, Array("GET / HTTP/1.1\r\nHost: local".utf8))
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(socket, &buffer, buffer.count, 0)
        let error = errno
        // 0 is an orderly close, ECONNRESET a reset; EAGAIN would be the client giving up.
        #expect(count == 0 || (count == -1 && error == ECONNRESET), "recv gave \(count), errno \(error)")
    }

    @Test func stopLetsARequestInFlightFinish() throws {
        let server = try start { _ in
            usleep(300_000)
            return HTTPResponse.text("finished", status: 200)
        }
        let port = server.port
        let response = Locked("")
        let thread = Thread {
            response.update { $0 = (try? self.exchange(port, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")) ?? "" }
        }
        thread.start()
        usleep(100_000)
        server.stop(grace: 2)
        usleep(100_000)
        #expect(response.value.hasSuffix("finished"))
    }
}
