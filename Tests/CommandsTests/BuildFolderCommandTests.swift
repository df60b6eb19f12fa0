import Foundation
import Glibc
import Testing
import TestSupport

/// `build` replaces only a folder it wrote, and deletes nothing it did not make.
@Suite struct BuildFolderCommandTests {
    let study: StudyFolder
    var site: String { study.directory.path + "/Site" }

    init() throws {
        study = try StudyFolder()
    }

    func build(_ extra: String...) -> Run {
        Run(["build", "--content", study.content, "--public", study.publicFolder, "--store",
             study.directory.path + "/care.sqlite", "--out", site, "--today", "2026-03-05"] + extra)
    }

    @Test func aFolderWithAMarkerCareFeedDidNotWriteIsNotReplaced() throws {
        try study.directory.write("Site/.carefeed-site", "")
        try study.directory.write("Site/thesis.txt", "three years of work")
        let run = build()
        #expect(run.status == 1)
        #expect(run.error.contains("has a .carefeed-site file that carefeed build did not write"), "\(run.error)")
        #expect(try String(contentsOfFile: site + "/thesis.txt", encoding: .utf8) == "three years of work")
        #expect(!FileManager.default.fileExists(atPath: site + "/index.html"))
    }

    @Test func foldersNamedLikeTheBuildsOwnAreLeftAlone() throws {
        let staging = site + ".building-\(getpid())"
        let retired = site + ".previous-\(getpid())"
        try study.directory.write("Site.building-\(getpid())/keep.txt", "not the build's")
        try study.directory.write("Site.previous-\(getpid())/keep.txt", "not the build's either")
        #expect(build().status == 0)
        // With names shown every page changes, so the second build is a whole one, swapped in.
        #expect(build("--names").status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/index.html"))
        #expect(try String(contentsOfFile: staging + "/keep.txt", encoding: .utf8) == "not the build's")
        #expect(try String(contentsOfFile: retired + "/keep.txt", encoding: .utf8) == "not the build's either")
        let left = try FileManager.default.contentsOfDirectory(atPath: study.directory.path).filter { $0.hasPrefix("Site.") }
        #expect(left.sorted() == ["Site.building-\(getpid())", "Site.previous-\(getpid())"], "the build's own folders are gone")
    }

    @Test func aSiteFolderUnderFoldersNotYetMadeIsMadeWithThem() throws {
        let nested = study.directory.path + "/published/2026/Site"
        let run = Run(["build", "--content", study.content, "--public", study.publicFolder, "--store",
                       study.directory.path + "/care.sqlite", "--out", nested, "--today", "2026-03-05"])
        #expect(run.status == 0, "\(run.error)")
        #expect(FileManager.default.fileExists(atPath: nested + "/index.html"))
    }
}
