import Assets
import CareModel
import CareStore
import Content
import Demo
import Foundation
import Glibc
import Site
import StudyModel
import Testing
import TestSupport

/// A build killed mid-way leaves its staging folder beside the site; the
/// next build removes it, and says so, while a running build's is left alone.
@Suite struct LeftoverFolderTests {
    @Test func aLaterBuildRemovesTheFoldersOfBuildsWhoseProcessIsGone() throws {
        let directory = try TemporaryDirectory()
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let site = directory.path + "/Site"
        // A process number no process has: the largest the kernel can give, plus one.
        let gone = Int32((try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4_194_304)
        #expect(kill(gone, 0) != 0)
        let stopped = site + ".building-\(gone)", retired = site + ".previous-\(gone)-2"
        let running = site + ".building-\(getppid())", other = site + ".building-notes"
        for folder in [stopped, retired, running, other] {
            try FileManager.default.createDirectory(atPath: folder + "/participants", withIntermediateDirectories: true)
            try "half a page".write(toFile: folder + "/participants/index.html", atomically: false, encoding: .utf8)
        }
        func build() throws -> SiteBuilder.Report {
            try SiteBuilder(.init(plan: CarePlan(study: study), participants: [], outcomes: [], consentRecords: [],
                                  permissionGrants: [], assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                  today: { _ in Fixtures.date("2026-03-20") })).build(into: site)
        }
        let report = try build()
        #expect(report.leftoversRemoved == [stopped, retired])
        #expect(!FileManager.default.fileExists(atPath: stopped) && !FileManager.default.fileExists(atPath: retired))
        #expect(FileManager.default.fileExists(atPath: running), "a build still running keeps its folder")
        #expect(FileManager.default.fileExists(atPath: other), "a folder not named by a process is not a build's")
        // The update that follows finds nothing more to remove.
        #expect(try build().leftoversRemoved == [])
    }
}
