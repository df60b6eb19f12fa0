import Assets
import CareModel
import CareStore
import Content
import Demo
import Feed
import Foundation
@testable import Site
import Testing
import TestSupport
import StudyModel
import Words

@Suite struct SiteBuilderTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let today = Fixtures.date("2026-03-20")

    init() throws {
        let demo = try DemoStore(participants: 3, days: 14, seed: 7, today: today)
        (directory, store, study) = (demo.directory, demo.store, demo.study)
    }

    func plan() throws -> CarePlan {
        try CarePlan(study: study, versions: try store.taskVersions())
    }

    func build() throws -> SiteBuilder.Report {
        let today = self.today
        return try SiteBuilder(.init(plan: try plan(), participants: try store.participants(), outcomes: try store.outcomes(),
                                     consentRecords: try store.consentRecords(), permissionGrants: try store.permissionGrants(),
                                     assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                     today: { _ in today }))
            .build(into: directory.path + "/Site")
    }

    /// A build as `carefeed build` runs it: records read per participant,
    /// with the store's revisions, so a rebuild updates only what changed.
    /// - Parameter early: the folder whose manifest is read before the build starts, as `carefeed build` reads its `--out`.
    func update(_ folder: String = "Site", today: LocalDate? = nil, renderer: String = "test",
                names: Bool = false, dataAsOf: Date? = nil, language: Language? = nil,
                early: String? = nil) throws -> SiteBuilder.Report {
        let today = today ?? self.today
        let store = self.store
        var input = SiteBuilder.Input(
            plan: try plan(), participants: try store.participants(),
            records: { try store.records(participantID: $0.id, includingAuditLog: true) },
            revisions: try store.participantRevisions(), renderer: renderer,
            assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study), names: names, dataAsOf: dataAsOf,
            language: language, today: { _ in today })
        input.earlyManifest = early.map { EarlyManifest(output: directory.path + "/" + $0) }
        input.manifestKey = try store.siteKey()
        return try SiteBuilder(input).build(into: directory.path + "/" + folder)
    }

    /// Every file of a site but its manifest, with its bytes.
    func files(_ folder: String) throws -> [String: Data] {
        let root = directory.path + "/" + folder
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)! where path != ".carefeed-site" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: directory.path + "/Site/" + path, encoding: .utf8)
    }

    @Test func theSiteHasEveryPageOfTheLayout() throws {
        let report = try build()
        let participants = try store.participants()
        for participant in participants {
            let days = participant.enrolledOn.days(to: today) + 8
            for offset in 0..<days {
                #expect(FileManager.default.fileExists(
                    atPath: directory.path + "/Site/participants/\(participant.id)/feed/\(participant.enrolledOn.adding(days: offset)).html"))
            }
            #expect(!FileManager.default.fileExists(
                atPath: directory.path + "/Site/participants/\(participant.id)/feed/\(today.adding(days: 8)).html"))
            for page in ["index", "insights", "consent"] {
                #expect(FileManager.default.fileExists(atPath: directory.path + "/Site/participants/\(participant.id)/\(page).html"))
            }
        }
        for path in ["index.html", "education/index.html", "education/meniscus.html", "consent/recover.html",
                     "assets/css/carefeed.css", "assets/models/knee.glb", "assets/models/knee.model.js"] {
            #expect(FileManager.default.fileExists(atPath: directory.path + "/Site/" + path), "\(path)")
        }
        #expect(report.pages > 20)
    }

    @Test func everyLinkIsRelativeAndResolvesToAFileOfTheSite() throws {
        _ = try build()
        let root = directory.path + "/Site"
        let enumerator = FileManager.default.enumerator(atPath: root)!
        var checked = 0
        for case let path as String in enumerator where path.hasSuffix(".html") {
            let html = try read(path)
            let folder = (path as NSString).deletingLastPathComponent
            for reference in Self.references(in: html) {
                #expect(!reference.hasPrefix("/") && !reference.hasPrefix("http:") && !reference.hasPrefix("https:")
                        && !reference.hasPrefix("//"), "\(path) links to \(reference)")
                guard !reference.hasPrefix("#"), !reference.hasPrefix("mailto:"), !reference.hasPrefix("tel:") else { continue }
                let target = (reference.split(separator: "#").first.map(String.init) ?? reference)
                let resolved = URL(fileURLWithPath: root + "/" + folder + "/" + target).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: resolved), "\(path) links to missing \(reference)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func aRebuildWithNothingNewRewritesNothingAndOneOutcomeRewritesOnlyItsPages() throws {
        let first = try build()
        #expect(first.rewritten == first.files)
        let again = try build()
        #expect(again.rewritten == 0)

        let participant = try #require(try store.participants().first)
        let feed = try plan().feed(for: participant, outcomes: try store.outcomes(participantID: participant.id), today: today)
        let open = try #require(feed.day(today, firstWeekday: 1).cards.first { card in
            if case .open = card.state { card.kind == .survey } else { false }
        })
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: open.taskID, event: open.event,
                                        values: [OutcomeValue(kind: "range", value: .integer(99), unit: "degrees")]),
                             at: Date())
        let after = try build()
        #expect(after.rewritten > 0)
        #expect(after.rewritten <= 12, "only the pages that show the new outcome: \(after.rewritten)")
        #expect(try read("participants/\(participant.id)/feed/\(today).html").contains("Range: 99 degrees"))
    }

    @Test func aManifestReadEarlyIsTakenOnlyByTheBuildOfItsOwnFolder() throws {
        _ = try update()
        let taken = try update(early: "Site")
        #expect((taken.isUpdate, taken.participantsRendered, taken.rewritten) == (true, 0, 0))
        // Read from a folder with no site, it is not taken: the build reads its own folder's.
        let readAgain = try update(early: "Elsewhere")
        #expect((readAgain.isUpdate, readAgain.participantsRendered, readAgain.rewritten) == (true, 0, 0))
        // Read from another site, its figures are not taken either.
        _ = try update("Other", today: today.adding(days: 1))
        let notOthers = try update(early: "Other")
        #expect((notOthers.isUpdate, notOthers.participantsRendered, notOthers.rewritten) == (true, 0, 0))
        // A folder given with `.` and `..` is the same folder.
        let same = try update(early: "Other/../Site/.")
        #expect((same.isUpdate, same.participantsRendered) == (true, 0))
    }

    @Test func theBuildTakesTheManifestReadEarlyRatherThanReadingItAgain() throws {
        _ = try update()
        let early = EarlyManifest(output: directory.path + "/Site")
        #expect(early.manifest() != nil)
        // Cut to its header once read: read again, it would have no participant's figures, and all would be rendered.
        let marker = directory.path + "/Site/" + SiteBuilder.marker
        let header = try #require(FileManager.default.contents(atPath: marker)?.split(separator: UInt8(ascii: "\n")).first)
        try Data(header).write(to: URL(fileURLWithPath: marker))
        let store = self.store
        var input = SiteBuilder.Input(
            plan: try plan(), participants: try store.participants(),
            records: { try store.records(participantID: $0.id, includingAuditLog: true) },
            revisions: try store.participantRevisions(), renderer: "test",
            assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study), today: { [today] _ in today })
        input.earlyManifest = early
        input.manifestKey = try store.siteKey()
        let report = try SiteBuilder(input).build(into: directory.path + "/Site")
        #expect((report.isUpdate, report.participantsRendered) == (true, 0))
    }

    @Test func aLaterDataAsOfRewritesOnlyTheIndexAndTheOverview() throws {
        _ = try update(dataAsOf: Fixtures.instant("2026-03-20T14:05:00Z"))
        let again = try update(dataAsOf: Fixtures.instant("2026-03-20T16:30:00Z"))
        #expect((again.isUpdate, again.participantsRendered, again.rewritten) == (true, 0, 2))
        #expect(try read("index.html").contains("Data as of Friday, March 20, 2026, 12:30 PM America/New_York"))
        #expect(try read("overview.html").contains("Data as of Friday, March 20, 2026, 12:30 PM America/New_York"))
    }

    @Test func anUpdateRendersOnlyParticipantsWhoseDataChangedAndMatchesAWholeBuild() throws {
        let first = try update()
        #expect(!first.isUpdate)
        let again = try update()
        #expect(again.isUpdate)
        #expect((again.participantsRendered, again.participants, again.rewritten) == (0, 3, 0))

        let participants = try store.participants()
        let feed = try plan().feed(for: participants[0], outcomes: try store.outcomes(participantID: participants[0].id),
                                   today: today)
        let open = try #require(feed.day(today, firstWeekday: 1).cards.first { card in
            if case .open = card.state { card.kind == .survey } else { false }
        })
        try store.addOutcome(NewOutcome(participantID: participants[0].id, taskID: open.taskID, event: open.event,
                                        values: [OutcomeValue(kind: "range", value: .integer(99), unit: "degrees")]),
                             at: Date())
        let added = try update()
        #expect((added.isUpdate, added.participantsRendered) == (true, 1))
        #expect(added.rewritten > 0 && added.rewritten <= 12, "only the pages that show the new outcome: \(added.rewritten)")
        #expect(try read("participants/\(participants[0].id)/feed/\(today).html").contains("Range: 99 degrees"))

        let answered = try #require(try store.outcomes(participantID: participants[1].id).last)
        try store.deleteOutcome(id: answered.id, at: Date())
        let deleted = try update()
        #expect(deleted.participantsRendered == 1)
        #expect(deleted.rewritten > 0)

        _ = try SiteBuilder(.init(plan: try plan(), participants: participants, outcomes: try store.outcomes(includeDeleted: true),
                                  consentRecords: try store.consentRecords(), permissionGrants: try store.permissionGrants(),
                                  auditLog: try store.auditLog(),
                                  assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                  today: { [today] _ in today }))
            .build(into: directory.path + "/Whole")
        let (updated, whole) = (try files("Site"), try files("Whole"))
        #expect(updated.keys.sorted() == whole.keys.sorted())
        #expect(updated.filter { whole[$0.key] != $0.value }.keys.sorted() == [])
    }

    @Test func anotherTodayRendersEveryoneAgainAndRemovesDaysNoLongerShown() throws {
        _ = try update()
        let participant = try #require(try store.participants().first)
        let lastDay = "participants/\(participant.id)/feed/\(today.adding(days: 7)).html"
        #expect(FileManager.default.fileExists(atPath: directory.path + "/Site/" + lastDay))
        let earlier = try update(today: today.adding(days: -2))
        #expect((earlier.isUpdate, earlier.participantsRendered) == (true, 3))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Site/" + lastDay))
        _ = try update("Whole", today: today.adding(days: -2))
        #expect(try files("Site") == files("Whole"))

        let otherProgram = try update(renderer: "another build of carefeed")
        #expect(!otherProgram.isUpdate)
        #expect(otherProgram.participantsRendered == 3)
    }

    @Test func aSiteWhoseManifestHasAnEarlierFormatIsRebuiltWhole() throws {
        _ = try update()
        let path = directory.path + "/Site/.carefeed-site"
        let current = try #require(BuildManifest.read(directory.path + "/Site"))
        // Format 1 was one JSON object, and kept each participant's row of the index as rendered HTML.
        let manifest: [String: Any] = [
            "about": BuildManifest.about, "format": 1, "inputs": current.inputs,
            "participants": current.participants.mapValues { ["fingerprint": $0.fingerprint, "indexRow": "<tr></tr>\n"] },
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: path))

        let rebuilt = try update()
        #expect(!rebuilt.isUpdate)
        #expect(rebuilt.participantsRendered == 3)
        #expect(!(try read("index.html").contains("<tr></tr>")))
        #expect(try update().isUpdate)
    }

    @Test func aFolderThatIsNotASiteIsNeverReplaced() throws {
        let target = directory.path + "/Site"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "precious".write(toFile: target + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(throws: SiteError.self) { try build() }
        #expect(try String(contentsOfFile: target + "/notes.txt", encoding: .utf8) == "precious")
        try FileManager.default.removeItem(atPath: target + "/notes.txt")
        _ = try build()
        _ = try build()
        #expect(FileManager.default.fileExists(atPath: target + "/.carefeed-site"))
    }

    @Test func pagesHaveAContentSecurityPolicyAndLoadNothingFromElsewhere() throws {
        _ = try build()
        for path in ["index.html", "participants/r001/feed/\(today).html", "participants/r001/insights.html",
                     "education/meniscus.html"] {
            let html = try read(path)
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self';"))
            #expect(!html.contains("src=\"http"))
        }
    }

    /// `href` and `src` values in a page.
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                found.append(String(value).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[start.upperBound...]
            }
        }
        return found
    }
}

@Suite struct SignedConsentTests {
    /// The site shows what was signed, from the store, even after the
    /// consent Markdown changes.
    @Test func anEditedConsentDocumentLeavesTheSignedRecordAsItWas() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestStudy.content, toPath: directory.path + "/content")
        let original = try #require(ContentLoader.load(directory: directory.path + "/content", publicDirectory: nil).study)
        let signed = try #require(original.consentDocument("recover"))
        let path = directory.path + "/content/consent/recover.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "## Purpose of the study", with: "## Why we are doing this study")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let edited = try #require(ContentLoader.load(directory: directory.path + "/content", publicDirectory: nil).study)
        #expect(edited.consentDocument("recover")?.sha256 != signed.sha256)

        let participant = Fixtures.participant(id: "p1")
        let record = ConsentRecord(participantID: "p1", documentID: "recover", version: signed.version, sha256: signed.sha256,
                                   html: signed.html, printedName: "Ada Lovelace", signature: .typed(name: "Ada Lovelace"),
                                   signedAt: Fixtures.instant("2026-03-01T15:00:00Z"), timeZone: participant.timeZone)
        let today = Fixtures.date("2026-03-05")
        _ = try SiteBuilder(.init(plan: CarePlan(study: edited), participants: [participant], outcomes: [],
                                  consentRecords: [record], permissionGrants: [],
                                  assets: try Assets(publicDirectory: TestStudy.publicFolder, study: edited),
                                  today: { _ in today }))
            .build(into: directory.path + "/Site")
        let page = try String(contentsOfFile: directory.path + "/Site/participants/p1/consent.html", encoding: .utf8)
        #expect(page.contains("Purpose of the study"))
        #expect(!page.contains("Why we are doing this study"))
        #expect(page.contains(signed.sha256))
        #expect(page.contains("matches the text below"))
        let current = try String(contentsOfFile: directory.path + "/Site/consent/recover.html", encoding: .utf8)
        #expect(current.contains("Why we are doing this study"))
    }
}
