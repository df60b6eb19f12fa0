import CareModel
import CareStore
import Foundation
import Glibc
import Testing
import TestSupport

/// `carefeed serve` over real HTTP on an ephemeral port, as a browser uses it.
@Suite(.serialized) struct ParticipantJourneyTests {
    /// A client with the server's session cookie and the form token of its pages.
    struct Session {
        var client: HTTPClient
        var token: String

        /// - Parameter page: a page with a form, whose token the session takes.
        init(port: UInt16, page: String = "/onboarding/1") throws {
            client = HTTPClient(port: port)
            let first = try client.get(page)
            let cookie = try #require(first.header("Set-Cookie"))
            client.cookie = String(cookie.prefix { $0 != ";" })
            token = try #require(Self.token(in: first.body))
        }

        static func token(in html: String) -> String? {
            guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }

        func post(_ path: String, _ fields: [(String, String)] = []) throws -> HTTPClient.Response {
            try client.post(path, [("csrf", token)] + fields)
        }

        /// - Parameter share: the permissions ticked; the default shares the health answers.
        func onboard(share: [String] = ["shareHealthData"]) throws {
            for step in 1...2 { #expect(try post("/onboarding/\(step)").status == 303) }
            #expect(try post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", "M10 50 L40 20 L80 60")]).status == 303)
            let review = try client.get("/onboarding/3/review")
            #expect(review.body.contains("Ada Lovelace"))
            #expect(review.body.contains("<path d=\"M10 50 L40 20 L80 60\""))
            let sha = review.body.range(of: "name=\"sha256\" value=\"").map { String(review.body[$0.upperBound...].prefix(64)) }
            #expect(try post("/onboarding/3/review", [("sha256", sha ?? "")]).header("Location") == "/onboarding/4")
            #expect(try post("/onboarding/4", share.map { ("grant", $0) }).status == 303)
            #expect(try post("/onboarding/5").header("Location") == "/feed/2026-03-09")
        }
    }

    @Test func theWholeJourneyAndTheStoreHoldsExactlyWhatTheResponsesSaid() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let session = try Session(port: server.port)
        #expect(try session.client.get("/").header("Location") == "/onboarding/1")
        try session.onboard()
        let feed = try session.client.get("/feed/2026-03-09")
        #expect(feed.body.contains("href=\"/tasks/checkIn/0\""))

        #expect(try session.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "6.5")]).status == 303)
        #expect(try session.client.get("/feed/2026-03-09").body.contains("Pain: 4 · Sleep: 6.5 hours"))
        #expect(try session.post("/tasks/checkIn/0/delete").status == 303)
        #expect(!(try session.client.get("/feed/2026-03-09").body.contains("Pain: 4")))
        #expect(try session.post("/tasks/checkIn/0", [("pain", "3"), ("sleep", "7")]).status == 303)

        // Enrolled today, this participant has no yesterday; the next test has one.
        let tomorrow = try session.post("/tasks/checkIn/1", [("pain", "1"), ("sleep", "8")])
        #expect(tomorrow.status == 409)
        #expect(tomorrow.body.contains("Not open yet"))
        #expect(server.terminate() == 0)

        let store = try CareStore(path: server.store)
        defer { store.close() }
        let outcomes = try store.outcomes(participantID: "e2e", includeDeleted: true).filter { $0.taskID == "checkIn" }
        #expect(outcomes.map { $0.deletedAt == nil } == [false, true])
        #expect(outcomes.last?.values == [OutcomeValue(kind: "pain", value: .integer(3)),
                                          OutcomeValue(kind: "sleep", value: .decimal(7), unit: "hours")])
        #expect(try store.consentRecords(participantID: "e2e").map(\.printedName) == ["Ada Lovelace"])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func yesterdayIsLockedForAParticipantEnrolledEarlier() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let session = try Session(port: server.port)
        try session.onboard()
        // Move today forward: a second server on the same store, a day later.
        #expect(server.terminate() == 0)
        let later = try ServerProcess(today: "2026-03-10", reusing: server)
        let next = try Session(port: later.port, page: "/tasks/checkIn/1")
        let locked = try next.post("/tasks/checkIn/0", [("pain", "3"), ("sleep", "7")])
        #expect(locked.status == 409)
        #expect(locked.body.contains("This day is locked"))
        #expect(try next.post("/tasks/checkIn/1", [("pain", "3"), ("sleep", "7")]).status == 303)
        #expect(later.terminate() == 0)
    }

    @Test func badInputIsRefusedAndStoresNothing() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let session = try Session(port: server.port)
        try session.onboard()
        for fields in [[("pain", "11"), ("sleep", "7")], [("pain", "3"), ("sleep", "24.1")], [("pain", "three"), ("sleep", "7")],
                       [("sleep", "7")], [("pain", "3"), ("sleep", "-1")]] {
            #expect(try session.post("/tasks/checkIn/0", fields).status == 422, "\(fields)")
        }
        #expect(try session.client.post("/tasks/checkIn/0", [("csrf", "wrong"), ("pain", "3"), ("sleep", "7")]).status == 403)
        #expect(try session.client.post("/tasks/checkIn/0", [("pain", "3"), ("sleep", "7")]).status == 403)
        #expect(try session.client.get("/", headers: ["Host": "evil.example"]).status == 403)
        let huge = String(repeating: "a", count: 300 * 1024)
        #expect(try session.client.send("POST", "/tasks/checkIn/0", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                        body: "csrf=\(session.token)&note=\(huge)").status == 413)
        for path in ["/assets/../Package.swift", "/assets/%2e%2e/Package.swift", "/assets/..%2fPackage.swift",
                     "/assets/css/../../Package.swift"] {
            let response = try session.client.get(path)
            #expect(response.status == 404 || response.status == 400, "\(path)")
            #expect(!response.body.contains("PackageDescription"))
        }
        #expect(server.terminate() == 0)
        let store = try CareStore(path: server.store)
        defer { store.close() }
        #expect(try store.outcomes(participantID: "e2e").map(\.taskID) == ["onboarding"])
    }

    @Test func anotherClientIsAnsweredWhileOneSendsItsRequestAByteASecond() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let slow = try HTTPClient.connect(port: server.port)
        defer { close(slow) }
        let stop = Flag(), trickling = DispatchSemaphore(value: 0)
        let trickle = Thread {
            for byte in Array("GET /feed/2026-03-09 HTTP/1.1\r\nHost: localhost\r\n".utf8) where !stop.isSet {
                _ = try? HTTPClient.write(slow, [byte])
                trickling.signal()
                sleep(1)
            }
        }
        trickle.start()
        trickling.wait()
        let response = try HTTPClient(port: server.port).get("/onboarding/1")
        #expect(response.status == 200)
        // The slow request is still arriving, neither answered nor dropped:
        // the answer above did not wait for it to finish or to time out.
        var byte: UInt8 = 0
        let peeked = recv(slow, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        let error = errno
        #expect(peeked == -1 && (error == EAGAIN || error == EWOULDBLOCK), "the slow connection gave \(peeked), errno \(error)")
        stop.set()
        #expect(server.terminate() == 0)
    }

    @Test func editingContentSendsAReloadAndABrokenFileShowsItsError() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let stream = try HTTPClient.connect(port: server.port, timeout: 8)
        defer { close(stream) }
        try HTTPClient.write(stream, Array("GET /_live HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        func read(until marker: String) {
            let deadline = Date().addingTimeInterval(8)
            while !received.contains(marker), Date() < deadline {
                let count = recv(stream, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
        }
        read(until: "retry: 1000")
        #expect(received.contains("text/event-stream"))
        let note = server.content + "/education/swelling-and-pain.md"
        let original = try String(contentsOfFile: note, encoding: .utf8)
        try (original + "\nOne more line.\n").write(toFile: note, atomically: false, encoding: .utf8)
        read(until: "event: reload")
        #expect(received.contains("event: reload"))

        try "---\ntitle: [broken\n---\n".write(toFile: note, atomically: false, encoding: .utf8)
        read(until: "data: 2")
        let page = try HTTPClient(port: server.port).get("/education/meniscus")
        #expect(page.status == 200)
        #expect(page.body.contains("The content has errors"))
        #expect(page.body.contains("education/swelling-and-pain.md:2:8: error: the &#39;[&#39; on line 2 is not closed"))
        #expect(page.body.contains("<a href=\"/docs#how-the-files-are-written\">"), "the error links to the reference")
        #expect(server.terminate() == 0)
    }

    @Test func sigtermDuringRequestsKeepsEveryAnsweredRequestAndExitsZero() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let session = try Session(port: server.port)
        try session.onboard()
        let added = Counter(), deleted = Counter()
        let done = Flag()
        let writer = Thread {
            var index = 0
            while true {
                let path = "/tasks/checkIn/0" + (index % 2 == 0 ? "" : "/delete")
                let fields = index % 2 == 0 ? [("pain", String(index % 11)), ("sleep", "7")] : []
                guard let response = try? session.post(path, fields), response.status == 303 else { break }
                (index % 2 == 0 ? added : deleted).increment()
                index += 1
            }
            done.set()
        }
        writer.start()
        // Stopped in the middle of the answers: after the first few have been acknowledged, while more are sent.
        let started = Date()
        while added.value < 5, !done.isSet, Date().timeIntervalSince(started) < 30 { usleep(1_000) }
        #expect(added.value >= 5 && !done.isSet, "answers were being sent when the server was stopped")
        #expect(server.terminate() == 0)
        while !done.isSet { usleep(10_000) }

        let store = try CareStore(path: server.store)
        defer { store.close() }
        #expect(try store.integrityCheck() == ["ok"])
        let checkIns = try store.outcomes(participantID: "e2e", includeDeleted: true).filter { $0.taskID == "checkIn" }
        #expect(checkIns.count == added.value, "every acknowledged answer is stored, once")
        #expect(checkIns.filter(\.isDeleted).count == deleted.value, "every acknowledged deletion is stored")
    }
}

final class Flag: @unchecked Sendable {
    // Unchecked: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

final class Counter: @unchecked Sendable {
    // Unchecked: `count` is only touched with `lock` held.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
