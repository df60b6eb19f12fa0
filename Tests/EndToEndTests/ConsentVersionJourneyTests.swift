import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// A consent text cannot change under a version already published: not
/// while `serve` runs, and `check` reads a store without ever making one.
@Suite struct ConsentVersionJourneyTests {
    static let original = "We want to learn how pain,"
    static let edited = "We want to learn how pain, swelling,"

    /// The page at `path` once `condition` holds of its body, or the last one after 8 seconds.
    func page(_ server: ServerProcess, _ path: String, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(8)
        var body = try HTTPClient(port: server.port).get(path).body
        while !condition(body), Date() < deadline {
            usleep(100_000)
            body = try HTTPClient(port: server.port).get(path).body
        }
        return body
    }

    @Test func aConsentTextChangedUnderItsVersionWhileServingIsAContentErrorAndTheLastGoodTextStays() throws {
        let server = try ServerProcess(today: "2026-03-09")
        let file = server.content + "/consent/recover.md"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: Self.original, with: Self.edited)
            .write(toFile: file, atomically: false, encoding: .utf8)
        let refused = try page(server, "/consent/recover") { $0.contains("The content has errors") }
        #expect(refused.contains("consent/recover.md:3: error: the text changed but version is still &quot;1.1&quot;"))
        #expect(refused.contains("raise version to publish this text"))
        #expect(refused.contains(Self.original))
        #expect(!refused.contains(Self.edited))

        try text.replacingOccurrences(of: Self.original, with: Self.edited)
            .replacingOccurrences(of: "version: \"1.1\"", with: "version: \"1.2\"")
            .write(toFile: file, atomically: false, encoding: .utf8)
        let accepted = try page(server, "/consent/recover") { $0.contains(Self.edited) }
        #expect(accepted.contains(Self.edited))
        #expect(!accepted.contains("The content has errors"))
        #expect(server.terminate() == 0)

        let store = try CareStore(path: server.store)
        defer { store.close() }
        #expect(try store.consentVersions().map(\.version) == ["1.1", "1.2"])
    }

    @Test func checkReadsTheDefaultStoreOnlyWhereItExistsAndNeverCreatesOne() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestStudy.content, toPath: folder.path + "/content")
        try FileManager.default.copyItem(atPath: TestStudy.publicFolder, toPath: folder.path + "/Public")
        let fresh = try carefeed("check", in: folder.path)
        #expect(fresh.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.carefeed"))

        try FileManager.default.createDirectory(atPath: folder.path + "/.carefeed", withIntermediateDirectories: false)
        let store = try CareStore(path: folder.path + "/.carefeed/care.sqlite")
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "1.1",
                                                         sha256: String(repeating: "0", count: 64),
                                                         firstSeenAt: Fixtures.instant("2026-03-01T09:00:00Z"))])
        store.close()
        let published = try carefeed("check", in: folder.path)
        #expect(published.status == 1)
        #expect(published.error.hasPrefix("content/consent/recover.md:3: error: the text changed but version is still \"1.1\""))
    }

    /// Runs `carefeed arguments…` in `folder` and returns its status and standard error.
    func carefeed(_ arguments: String..., in folder: String) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Executables.path("carefeed"))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let error = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        let text = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}
