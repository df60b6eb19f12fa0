import Foundation
import Glibc
import HTTP
import Support
import Testing
import TestSupport

/// Clients that trickle, hold connections or frame their requests two ways,
/// against the real server over loopback sockets.
@Suite(.serialized) struct HostileClientTests {
    let handled = Locked(0)

    func start(_ change: (inout HTTPServer.Configuration) -> Void = { _ in },
               handler: HTTPServer.Handler? = nil) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.maximumBodyBytes = 1024
        change(&configuration)
        let handled = self.handled
        return try HTTPServer(configuration, handler: handler ?? { _ in
            handled.update { $0 += 1 }
            return HTTPResponse.text("handled", status: 200)
        })
    }

    /// Whether the server has closed `socket`, without waiting.
    func isClosed(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Whether the server closes `socket`, waiting for it at most `seconds`: a bound, not a figure the test asserts.
    func isClosedSoon(_ socket: Int32, seconds: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if isClosed(socket) { return true }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 50)
        }
        return isClosed(socket)
    }

    func read(_ socket: Int32, until marker: String, seconds: Double = 3) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !String(decoding: received, as: UTF8.self).contains(marker) {
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test func aHeaderTrickledLineByLineIsCutOffAtItsDeadline() throws {
        let server = try start { $0.headerDeadlineSeconds = 1 }
        defer { server.stop() }
        let socket = try HTTPClient.connect(port: server.port)
        defer { close(socket) }
        let started = Date()
        try HTTPClient.write(socket, Array("GET / HTTP/1.1\r\nHost: localhost\r\n".utf8))
        var line = 0
        // Each line well within the idle timeout, which alone would never end this.
        while !isClosed(socket), Date().timeIntervalSince(started) < 4 {
            usleep(200_000)
            line += 1
            try? HTTPClient.write(socket, Array("X-Slow-\(line): s\r\n".utf8))
        }
        // When within the deadline is the rule's to say (WaitingConnectionsTests); here, that it holds on a socket.
        #expect(isClosed(socket), "a header trickled a line at a time is cut off")
        #expect(line >= 2, "the connection was not refused at once")
        #expect(handled.value == 0)
    }

    @Test func aPromptClientsNewConnectionsAreNotClosedForBeingOverTheCap() throws {
        let server = try start {
            $0.waitingConnectionsPerClient = 3
            $0.headerDeadlineSeconds = 2
        }
        defer { server.stop() }
        var waiting: [Int32] = []
        defer { waiting.forEach { close($0) } }
        for _ in 0..<6 {
            let socket = try HTTPClient.connect(port: server.port)
            try HTTPClient.write(socket, Array("GET / HTTP/1.1\r\n".utf8))
            waiting.append(socket)
        }
        usleep(100_000)
        #expect(!waiting.contains(where: isClosed), "none has waited long enough to be taken for trickling")
    }

    @Test func aClientsOldestWaitingConnectionMakesRoomForItsNewOne() throws {
        let server = try start {
            $0.waitingConnectionsPerClient = 3
            $0.headerDeadlineSeconds = 2
        }
        defer { server.stop() }
        var waiting: [Int32] = []
        defer { waiting.forEach { close($0) } }
        for _ in 0..<3 {
            let socket = try HTTPClient.connect(port: server.port)
            try HTTPClient.write(socket, Array("GET / HTTP/1.1\r\n".utf8))
            waiting.append(socket)
            usleep(50_000)
        }
        // A fifth of the deadline: from then on the oldest may be closed for a new one.
        usleep(400_000)
        let answer = try HTTPClient.exchange(port: server.port,
                                             Array("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        #expect(isClosedSoon(waiting[0]))
        #expect(!isClosed(waiting[1]) && !isClosed(waiting[2]))
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeContinueIsSent() throws {
        let server = try start()
        defer { server.stop() }
        let socket = try HTTPClient.connect(port: server.port)
        defer { close(socket) }
        try HTTPClient.write(socket, Array(("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4194304\r\n"
                                            + "Expect: 100-continue\r\n\r\n").utf8))
        let answer = read(socket, until: "\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(!answer.contains("100 Continue"))
        #expect(handled.value == 0)
    }

    /// A client that writes its whole request before reading, as most do,
    /// must still read the 413: closing with its body unread would reset the
    /// connection and lose the answer on the way.
    @Test func aClientSendingAFourMegabyteBodyInOneGoReadsThe413() throws {
        let server = try start()
        defer { server.stop() }
        let request = Array(("POST /tasks/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4194304\r\n\r\n").utf8)
            + [UInt8](repeating: UInt8(ascii: "a"), count: 4_194_304)
        for attempt in 1...10 {
            let socket = try HTTPClient.connect(port: server.port)
            defer { close(socket) }
            var written = true
            do { try HTTPClient.write(socket, request) } catch { written = false }
            let answer = read(socket, until: "\r\n\r\n", seconds: 5)
            #expect(written, "attempt \(attempt): the server reset the connection before the body was sent")
            #expect(answer.hasPrefix("HTTP/1.1 413"), "attempt \(attempt): \(answer)")
        }
        #expect(handled.value == 0)
    }

    @Test(arguments: [
        "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "Content-Length: 3\r\nContent-Length: 50\r\n\r\na=1GET /smuggled HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "Host: elsewhere.example\r\nContent-Length: 3\r\n\r\na=1",
        "Transfer-Encoding: xchunked\r\n\r\n3\r\na=1\r\n0\r\n\r\n",
    ])
    func aRequestFramedTwoWaysGetsOne400AndNothingElse(_ rest: String) throws {
        let server = try start()
        defer { server.stop() }
        let answer = String(decoding: try HTTPClient.exchange(port: server.port, Array(("POST / HTTP/1.1\r\nHost: localhost\r\n"
                                                                                       + rest).utf8), timeout: 3),
                            as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one response only: \(answer)")
        #expect(handled.value == 0)
    }

    @Test func manyWaitingEventStreamsAreWokenTogetherWhileOthersAreServed() throws {
        let waker = StreamWaker()
        let generation = Locked(0)
        let server = try start { $0.headerDeadlineSeconds = 2 } handler: { request in
            guard request.path == "/events" else { return HTTPResponse.text("page", status: 200) }
            let seen = Locked(0)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(waker) {
                let now = generation.value
                return seen.update { seen in
                    guard now != seen else { return [] }
                    seen = now
                    return Array("data: \(now)\n\n".utf8)
                }
            })
        }
        defer { server.stop() }
        var streams: [Int32] = []
        defer { streams.forEach { close($0) } }
        for _ in 0..<300 {
            let socket = try HTTPClient.connect(port: server.port)
            try HTTPClient.write(socket, Array("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
            streams.append(socket)
        }
        #expect(streams.allSatisfy { read($0, until: "\r\n\r\n").hasPrefix("HTTP/1.1 200") })
        #expect(waker.count == 300)
        // Longer than the header deadline: a stream is past its header, so it stays.
        usleep(2_500_000)
        let page = try HTTPClient.exchange(port: server.port,
                                           Array("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        #expect(String(decoding: page, as: UTF8.self).hasSuffix("page"))
        generation.update { $0 = 1 }
        waker.wakeAll()
        #expect(streams.allSatisfy { read($0, until: "data: 1").contains("data: 1") })
        server.stop(grace: 0)
        #expect(waker.count == 0)
    }
}
