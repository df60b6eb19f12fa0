import Foundation
import Testing
import TestSupport

/// The built `carefeed` executable, run as a shell runs it.
@Suite struct CommandLineTests {
    /// The exit status and standard output of `carefeed arguments…`.
    func carefeed(_ arguments: String..., executable: String = Executables.path("carefeed")) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    @Test func everyListedCommandExitsZeroWithItsUsageForHelp() throws {
        let overview = try carefeed("--help")
        #expect(overview.status == 0)
        let commands = overview.out.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 6)
        for command in commands {
            let help = try carefeed(command, "--help")
            #expect(help.status == 0, "carefeed \(command) --help")
            #expect(help.out.hasPrefix("Usage: carefeed \(command) "), "carefeed \(command) --help")
        }
    }

    @Test func aCopiedBinaryBuildsAStyledSiteFromAPublicFolderOfTheStudysOwnFiles() throws {
        let folder = try TemporaryDirectory()
        let binary = folder.path + "/elsewhere/carefeed"
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Executables.path("carefeed"), toPath: binary)
        // The study's own public folder: its image and model, nothing of CareFeed's.
        try FileManager.default.copyItem(atPath: TestStudy.publicFolder, toPath: folder.path + "/public")
        let site = folder.path + "/Site"
        let build = try carefeed("build", "--content", TestStudy.content, "--public", folder.path + "/public",
                                 "--store", folder.path + "/care.sqlite", "--out", site, "--today", "2026-03-20",
                                 executable: binary)
        #expect(build.status == 0)
        for path in ["css/carefeed.css", "js/signature-pad.js", "icons/heart.fill.svg", "images/knee-front.svg",
                     "models/knee.glb"] {
            #expect(FileManager.default.fileExists(atPath: site + "/assets/" + path), "assets/\(path)")
        }
        let css = try String(contentsOfFile: site + "/assets/css/carefeed.css", encoding: .utf8)
        #expect(css == (try String(contentsOfFile: Repository.root + "/Sources/BuiltInAssets/Files/css/carefeed.css",
                                   encoding: .utf8)))
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains("href=\"assets/css/carefeed.css\""))
    }
}
