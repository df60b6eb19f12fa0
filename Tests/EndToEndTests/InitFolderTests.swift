import Foundation
import Testing
import TestSupport

/// A study works where `carefeed init` put it: `check`, `build` and `serve`
/// run from inside its folder with no flags find its content and public folder.
@Suite struct InitFolderTests {
    func carefeed(_ arguments: String..., in folder: String) throws -> (status: Int32, out: String, error: String) {
        try Executables.carefeed(arguments, in: folder)
    }

    @Test func initsStudyChecksBuildsAndServesFromInsideItsFolderWithNoFlags() throws {
        let folder = try TemporaryDirectory()
        let made = try carefeed("init", "mystudy", in: folder.path)
        #expect(made.status == 0, "\(made.error)")
        #expect(made.out.contains("  cd mystudy\n  carefeed check "), "init says what to run, with no flags")
        #expect(!made.out.contains("--public"))
        let study = folder.path + "/mystudy"
        let check = try carefeed("check", in: study)
        #expect(check.status == 0, "\(check.error)")
        #expect(check.error == "")
        #expect(check.out == "5 files, 2 tasks, 1 consent document, 1 note, 0 errors, 0 warnings\n")
        let build = try carefeed("build", "--today", "2026-03-20", in: study)
        #expect(build.status == 0, "\(build.error)")
        #expect(FileManager.default.fileExists(atPath: study + "/Site/assets/images/welcome.svg"), "the study's own image")
        // serve finds the same folders: it starts, says where, and stops cleanly.
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: Executables.path("carefeed"))
        serve.arguments = ["serve", "--port", "0"]
        serve.currentDirectoryURL = URL(fileURLWithPath: study)
        let said = Pipe()
        serve.standardOutput = said
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        // Should it never say it serves, it is stopped, so this test cannot hang.
        let process = serve
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { if process.isRunning { process.terminate() } }
        var text = ""
        while !text.contains("(Ctrl-C to stop)") {
            let data = said.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let port = text.range(of: "http://localhost:").map { text[$0.upperBound...].prefix { $0.isNumber } } ?? ""
        #expect(!port.isEmpty, "\(text)")
        #expect(!text.contains("error"), "\(text)")
        // A stop asked for at once can come before the server listens for it: asked again until it ends.
        while serve.isRunning {
            kill(serve.processIdentifier, SIGTERM)
            Thread.sleep(forTimeInterval: 0.5)
        }
    }
}
