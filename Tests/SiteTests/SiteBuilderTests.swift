import CareModel
import CareStore
import Content
import Demo
import Feed
import Foundation
import Site
import Testing
import TestSupport

@Suite struct SiteBuilderTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let today = Fixtures.date("2026-03-20")

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: Repository.publicFolder).study)
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today, at: Date())
        }
        let demo = DemoStudy(plan: try plan(), participants: 3, days: 14, seed: 7, today: today)
        try store.addBatch(participants: demo.participants, consentRecords: demo.consentRecords,
                           permissionGrants: demo.permissionGrants, outcomes: demo.outcomes)
    }

    func plan() throws -> CarePlan {
        CarePlan(study: study, versions: try store.taskVersions())
    }

    func build() throws -> SiteBuilder.Report {
        let today = self.today
        return try SiteBuilder(.init(plan: try plan(), participants: try store.participants(), outcomes: try store.outcomes(),
                                     consentRecords: try store.consentRecords(),
                                     assets: try Assets(publicDirectory: Repository.publicFolder, study: study),
                                     today: { _ in today }))
            .build(into: directory.path + "/Site")
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
                guard !reference.hasPrefix("#"), !reference.hasPrefix("mailto:") else { continue }
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
        let open = try #require(feed.day(today).cards.first { if case .open = $0.state { true } else { false } })
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: open.taskID, event: open.event,
                                        values: [OutcomeValue(kind: "range", value: .integer(99), unit: "degrees")]),
                             at: Date())
        let after = try build()
        #expect(after.rewritten > 0)
        #expect(after.rewritten <= 12, "only the pages that show the new outcome: \(after.rewritten)")
        #expect(try read("participants/\(participant.id)/feed/\(today).html").contains("Range: 99 degrees"))
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
        try FileManager.default.copyItem(atPath: Repository.content, toPath: directory.path + "/content")
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
        _ = try SiteBuilder(.init(plan: CarePlan(study: edited, versions: []), participants: [participant], outcomes: [],
                                  consentRecords: [record],
                                  assets: try Assets(publicDirectory: Repository.publicFolder, study: edited),
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
