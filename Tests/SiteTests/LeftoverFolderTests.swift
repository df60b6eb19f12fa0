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

/// What a build finds where it writes: a killed build's staging folder
/// beside the site, which the next build removes and names, and symbolic
/// links, which it never follows.
@Suite struct LeftoverFolderTests {
    /// A build as `carefeed build` runs it, with revisions, so that a second one updates the site in place.
    func build(_ site: String, study: Study, participants: [Participant] = [], today: String = "2026-03-20") throws
        -> SiteBuilder.Report {
        var input = SiteBuilder.Input(plan: CarePlan(study: study), participants: participants,
                                      records: { _ in ParticipantRecords(outcomes: [], consentRecords: [], permissionGrants: [],
                                                                         withdrawal: nil, auditLog: []) },
                                      revisions: Dictionary(uniqueKeysWithValues: participants.map { ($0.id, "1") }), renderer: "test",
                                      assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                      today: { _ in Fixtures.date(today) })
        input.manifestKey = Array(repeating: 7, count: 32)
        return try SiteBuilder(input).build(into: site)
    }

    @Test func anOutThatIsALinkIsRefusedAndNothingIsWrittenWhereItLeads() throws {
        let directory = try TemporaryDirectory()
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let site = directory.path + "/Site", elsewhere = directory.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        for destination in [elsewhere, directory.path + "/nowhere"] {
            try? FileManager.default.removeItem(atPath: site)
            try FileManager.default.createSymbolicLink(atPath: site, withDestinationPath: destination)
            #expect(throws: SiteError.self) { try build(site, study: study) }
            do { _ = try build(site, study: study) } catch {
                #expect("\(error)" == "\(site) is a symbolic link (to \(destination)); carefeed build writes only a folder of "
                        + "its own, so it follows no link: give --out the folder itself, or remove the link")
            }
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site) == destination, "the link is left as it was")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["Site", "elsewhere"],
                "no staging folder is left behind")
    }

    @Test func anUpdateNeverWritesThroughALinkInsideTheSite() throws {
        let directory = try TemporaryDirectory()
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let site = directory.path + "/Site", elsewhere = directory.path + "/elsewhere"
        let participant = Participant(id: "p1", name: "Ada", timeZone: study.timeZone, enrolledOn: Fixtures.date("2026-03-10"))
        _ = try build(site, study: study, participants: [participant])
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: site + "/participants/p1")
        try FileManager.default.createSymbolicLink(atPath: site + "/participants/p1", withDestinationPath: elsewhere)
        do {
            _ = try build(site, study: study, participants: [participant], today: "2026-03-21")
            Issue.record("the update wrote through the link")
        } catch {
            #expect("\(error)".hasPrefix("\(site)/participants/p1 is a symbolic link inside the site"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == [], "the folder the link leads to receives nothing")
    }

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
        let report = try build(site, study: study)
        #expect(report.leftoversRemoved == [stopped])
        #expect(!FileManager.default.fileExists(atPath: stopped))
        // While no site stood in its place, a retired one may be the only copy of the last good site: it is kept.
        #expect(FileManager.default.fileExists(atPath: retired))
        #expect(FileManager.default.fileExists(atPath: running), "a build still running keeps its folder")
        #expect(FileManager.default.fileExists(atPath: other), "a folder not named by a process is not a build's")
        // Once a site is in place again, the retired one goes; then there is nothing more to remove.
        #expect(try build(site, study: study).leftoversRemoved == [retired])
        #expect(try build(site, study: study).leftoversRemoved == [])
    }

    @Test func aParticipantEnrolledCenturiesAgoIsRefusedBeforeAnyPageIsWritten() throws {
        let directory = try TemporaryDirectory()
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let site = directory.path + "/Site"
        let crafted = Participant(id: "p1", name: "Ada", timeZone: study.timeZone, enrolledOn: Fixtures.date("0001-01-01"))
        do {
            _ = try build(site, study: study, participants: [crafted])
            Issue.record("a build planned a page for every day since the year 1")
        } catch {
            #expect("\(error)".hasPrefix("participant p1 is enrolled on 0001-01-01, which would give 739"))
            #expect("\(error)".hasSuffix("correct the enrolment day of p1 in the store"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [], "nothing written, not even a staging folder")
        // Ten years of a study is built.
        let long = Participant(id: "p2", name: "Bo", timeZone: study.timeZone, enrolledOn: Fixtures.date("2016-03-21"))
        #expect(try build(site, study: study, participants: [long]).pages > 3600)
    }
}
