import Foundation
import Testing
import TestSupport

/// A participant who declines to share answers a check-in over real HTTP;
/// the study's site and every export keep their values out.
@Suite struct DeclinedSharingTests {
    func carefeed(_ arguments: String...) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executables.path("carefeed"))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    @Test func declinedAnswersAreOnTheParticipantsOwnPagesAndNowhereElse() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let session = try ParticipantJourneyTests.Session(port: server.port)
        try session.onboard(share: [])
        let answer = try session.post("/tasks/checkIn/0", [("pain", "9"), ("sleep", "13.5")])
        #expect(answer.status == 303, "\(answer.body)")
        let own = try session.client.get("/feed/2026-03-09").body
        #expect(own.contains("Pain: 9 · Sleep: 13.5 hours"), "kept and shown to the participant")
        #expect(server.terminate() == 0)

        let site = server.directory.path + "/Site"
        #expect(try carefeed("build", "--content", server.content, "--public", TestStudy.publicFolder,
                             "--store", server.store, "--out", site, "--today", "2026-03-09").status == 0)
        var pages: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: site) where file.hasSuffix(".html") {
            pages.append(try String(contentsOfFile: site + "/" + file, encoding: .utf8))
        }
        #expect(pages.count > 10)
        #expect(pages.contains { $0.contains("Not shared") })
        for (format, text) in try ["json", "csv"].map({ format in
            (format, try carefeed("export", "--content", server.content, "--store", server.store, "--format", format).out)
        }) + pages.map({ ("site", $0) }) {
            // Pages draw SVG with numbers of their own, and a time's seconds can read "13.5…" too: the answer as each format writes it.
            let sleep = ["site": "13.5 hours", "json": "\"value\" : 13.5", "csv": ",13.5,"][format] ?? "13.5"
            #expect(!text.contains(sleep), "\(format) holds the declined sleep answer")
            #expect(!text.contains("Pain: 9"), "\(format) holds the declined pain answer")
        }
    }
}
