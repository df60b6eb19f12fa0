import CareStore
import Foundation
import Testing
import TestSupport

/// The path of a real study's data: participants answer on servers of their
/// own, their store files are imported into the study's store, and the site
/// is built from it.
@Suite struct RealStudyTests {
    func carefeed(_ arguments: [String]) throws -> (status: Int32, out: String, error: String) {
        try Executables.carefeed(arguments)
    }

    func answer(_ server: ServerProcess, pain: String, sleep: String) throws {
        let session = try ParticipantJourneyTests.Session(port: server.port)
        try session.onboard()
        #expect(try session.post("/tasks/checkIn/0", [("pain", pain), ("sleep", sleep)]).status == 303)
    }

    @Test func twoParticipantsStoresImportedWhileOneServerRunsBuildOneSite() throws {
        let first = try ServerProcess(today: "2026-03-09", participant: "p-one")
        let second = try ServerProcess(today: "2026-03-09", participant: "p-two")
        try answer(first, pain: "4", sleep: "6.5")
        try answer(second, pain: "7", sleep: "8.5")
        #expect(first.terminate() == 0)

        let study = try TemporaryDirectory()
        let store = study.path + "/study.sqlite"
        let common = ["--content", TestStudy.content, "--store", store]
        // The second server is still running while its store is read.
        let imported = try carefeed(["import"] + common + [first.store, second.store])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.out.contains("added 1 participant"))
        let again = try carefeed(["import"] + common + [first.store, second.store])
        #expect(again.status == 0)
        #expect(again.out == "nothing new from \(first.store)\nnothing new from \(second.store)\n")

        let site = study.path + "/Site"
        #expect(try carefeed(["build"] + common + ["--public", TestStudy.publicFolder, "--out", site,
                                                    "--today", "2026-03-09"]).status == 0)
        for (id, answers) in [("p-one", "Pain: 4 · Sleep: 6.5 hours"), ("p-two", "Pain: 7 · Sleep: 8.5 hours")] {
            let feed = try String(contentsOfFile: site + "/participants/\(id)/feed/2026-03-09.html", encoding: .utf8)
            #expect(feed.contains(answers), "\(id)")
        }
        #expect(second.terminate() == 0)

        // Someone answers the same check-in differently under the first one's ID: refused whole, both sides named.
        let contradicting = try ServerProcess(today: "2026-03-09", participant: "p-one")
        try answer(contradicting, pain: "9", sleep: "6.5")
        #expect(contradicting.terminate() == 0)
        let before = try CareStore(path: store).outcomes()
        let refused = try carefeed(["import"] + common + [contradicting.store])
        #expect(refused.status == 1)
        #expect(refused.error.contains("checkIn#0"))
        #expect(refused.error.contains("pain=9") && refused.error.contains("pain=4"))
        #expect(try CareStore(path: store).outcomes() == before)
    }
}
