import Assets
import CareModel
import CareStore
import Content
import Feed
import Foundation
import Site
import Testing
import TestSupport
import StudyModel

/// The site a clinician opens from disk: study IDs unless built with names,
/// no value the participant did not share, their status and their audit trail.
@Suite struct PrivacySiteTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let participant = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork,
                                  enrolledOn: Fixtures.date("2026-03-16"))
    let today = Fixtures.date("2026-03-20")
    /// Answers no page could show by chance.
    let sleep = OutcomeValue(kind: "sleep", value: .decimal(13.25), unit: "hours")
    let range = OutcomeValue(kind: "range", value: .integer(137), unit: "degrees")

    /// One participant who joined on the 16th, signed as "Ada B. Lovelace",
    /// answered the health permission with `sharesHealth` (or never), and
    /// on the 17th checked in (pain 9, sleep 13.25) and measured 137 degrees.
    init(sharesHealth: Bool? = true) throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        let loaded = ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder)
        study = try #require(loaded.study)
        try store.publishConsentVersions(loaded.consentVersions(publishedAt: Fixtures.instant("2026-03-01T12:00:00Z")))
        try store.addParticipant(participant)
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today,
                                        at: Fixtures.instant("2026-03-01T12:00:00Z"))
        }
        let plan = try CarePlan(study: study, versions: try store.taskVersions())
        let document = try #require(study.consentDocument("recover"))
        try store.addConsentRecord(ConsentRecord(
            participantID: "p1", documentID: document.id, version: document.version, sha256: document.sha256,
            html: document.html, printedName: "Ada B. Lovelace", signature: .drawn(pathData: "M10 50 Q20 20 30 50 Q40 80 60 40"),
            signedAt: Fixtures.instant("2026-03-16T14:00:00Z"), timeZone: participant.timeZone))
        if let sharesHealth {
            try store.addPermissionGrant(PermissionGrant(participantID: "p1", permissionID: "shareHealthData", kind: "health",
                                                         granted: sharesHealth, recordedAt: Fixtures.instant("2026-03-16T14:02:00Z")))
        }
        let onboarding = try #require(plan.feed(for: participant, outcomes: [], today: today).day(participant.enrolledOn, firstWeekday: 1).cards.first)
        try store.addOutcome(NewOutcome(participantID: "p1", taskID: onboarding.taskID, event: onboarding.event, values: []),
                             at: Fixtures.instant("2026-03-16T14:03:00Z"))
        let day = Fixtures.date("2026-03-17")
        for card in plan.feed(for: participant, outcomes: try store.outcomes(), today: today).day(day, firstWeekday: 1).cards where card.kind == .survey {
            let values = card.taskID == "checkIn" ? [OutcomeValue(kind: "pain", value: .integer(9)), sleep] : [range]
            try store.addOutcome(NewOutcome(participantID: "p1", taskID: card.taskID, event: card.event, values: values),
                                 at: Fixtures.instant("2026-03-17T23:30:00Z"))
        }
    }

    @discardableResult
    func build(names: Bool = false, study: Study? = nil) throws -> SiteBuilder.Report {
        let (store, today, study) = (self.store, self.today, study ?? self.study)
        var input = SiteBuilder.Input(
            plan: try CarePlan(study: study, versions: try store.taskVersions()), participants: try store.participants(),
            records: { try store.records(participantID: $0.id, includingAuditLog: true) },
            revisions: try store.participantRevisions(), renderer: "test",
            assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study), names: names, today: { _ in today })
        input.manifestKey = try store.siteKey()
        return try SiteBuilder(input).build(into: directory.path + "/Site")
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: directory.path + "/Site/" + path, encoding: .utf8)
    }

    /// Every page of the site, and its manifest, as text.
    func everyFile() throws -> [String: String] {
        let root = directory.path + "/Site"
        var files: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            if let data = FileManager.default.contents(atPath: root + "/" + path) {
                files[path] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }

    @Test func withoutNamesNoFileHoldsTheNameThePrintedNameOrTheSignature() throws {
        try build()
        let files = try everyFile()
        #expect(files.count > 20)
        for (path, text) in files {
            for secret in ["Ada Lovelace", "Ada B. Lovelace", "M10 50 Q20 20"] {
                #expect(!text.contains(secret), "\(path) holds \(secret)")
            }
        }
        let summary = try read("participants/p1/index.html")
        #expect(summary.contains("<title>Participant p1 · Recover</title>"))
        #expect(summary.contains("<h1>Participant p1</h1>"))
        #expect(try read("participants/p1/feed/2026-03-17.html").contains("Day 2 of the study · Participant p1</p>"))
        #expect(try read("index.html").contains("<th scope=\"row\" data-sort=\"p1\"><a href=\"participants/p1/index.html\">p1</a></th>"))
    }

    @Test func withNamesThePagesShowThem() throws {
        try build(names: true)
        #expect(try read("index.html").contains(">Ada Lovelace</a> <span class=\"id\">p1</span>"))
        #expect(try read("participants/p1/index.html").contains("<h1>Ada Lovelace</h1>"))
        #expect(try read("participants/p1/insights.html").contains("Ada Lovelace (p1)"))
        #expect(try read("participants/p1/consent.html").contains("Ada B. Lovelace"))
        // What was signed, as a PDF beside the record, linked from it.
        let pdf = try #require(FileManager.default.contents(atPath: directory.path + "/Site/participants/p1/consent.pdf"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(try read("participants/p1/consent.html").contains("<a class=\"button button-secondary\" href=\"../../participants/p1/consent.pdf\" download>"
                                                                  + "Download the signed form (PDF)</a>"))
    }

    @Test func withoutNamesNoSignedCopyIsWrittenOrLinked() throws {
        try build()
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Site/participants/p1/consent.pdf"))
        #expect(!(try read("participants/p1/consent.html")).contains("consent.pdf"))
    }

    @Test func aDeclinedShareLeavesNoValueOfItsTypesAnywhereAndSaysNotShared() throws {
        let declined = try PrivacySiteTests(sharesHealth: false)
        try declined.build()
        // The build manifest's digests are random hex, which may hold "137": they are left out of the search.
        let digest = try Regex("[0-9a-f]{64}")
        for (path, file) in try declined.everyFile() where path.hasSuffix(".html") || path == ".carefeed-site" {
            let text = path == ".carefeed-site" ? file.replacing(digest, with: "") : file
            for value in ["13.25", "137", "Pain: 9", "pain=9"] {
                #expect(!text.contains(value), "\(path) shows \(value)")
            }
        }
        #expect(try declined.read("participants/p1/feed/2026-03-17.html").contains("Pain: Not shared · Sleep: Not shared"))
        #expect(try declined.read("participants/p1/feed/2026-03-17.html").contains("Range of motion: Not shared"))
        let index = try declined.read("index.html")
        #expect(index.components(separatedBy: "<span class=\"no-answer\">Not shared</span>").count == 4)
        #expect(try declined.read("participants/p1/index.html").contains("<dt>Latest Sleep (hours)</dt><dd>Not shared</dd>"))
        let insights = try declined.read("participants/p1/insights.html")
        #expect(insights.contains("Not shared: Pain (0-10), Sleep (hours)."))
        #expect(!insights.contains("<svg class=\"chart"))
        #expect(try declined.read("participants/p1/audit.html").contains("<td data-label=\"Detail\">Pain: Not shared · Sleep: Not shared</td>"))
    }

    @Test func aPermissionNeverAnsweredSharesNothing() throws {
        let unanswered = try PrivacySiteTests(sharesHealth: nil)
        try unanswered.build()
        #expect(try unanswered.read("participants/p1/feed/2026-03-17.html").contains("Sleep: Not chosen yet"))
        #expect(!(try unanswered.read("participants/p1/insights.html").contains("13.25")))
        // A choice never made is not a decline, on any page.
        for page in ["index.html", "participants/p1/index.html", "participants/p1/insights.html",
                     "participants/p1/feed/2026-03-17.html", "participants/p1/audit.html"] {
            let html = try unanswered.read(page)
            #expect(!html.contains(">Not shared<") && !html.contains(": Not shared") && !html.contains("chose not to share these"), "\(page)")
        }
        #expect(try unanswered.read("index.html").contains("<span class=\"no-answer\">Not chosen yet</span>"))
    }

    @Test func aGrantedShareShowsTheValues() throws {
        try build()
        #expect(try read("participants/p1/feed/2026-03-17.html").contains("Pain: 9 · Sleep: 13.25 hours"))
        #expect(try read("index.html").contains("13.25 hours"))
        #expect(try read("participants/p1/audit.html").contains("<td data-label=\"Detail\">Pain: 9 · Sleep: 13.25 hours</td>"))
        #expect(!(try read("participants/p1/feed/2026-03-17.html").contains("Not shared")))
    }

    @Test func theAuditTrailListsEachRecordWithItsLocalTimeAndOffset() throws {
        try build()
        let audit = try read("participants/p1/audit.html")
        #expect(audit.contains("<th scope=\"row\">Consent version published</th>"
                               + "<td data-label=\"Subject\">Consent to take part in the Recover study, version 1.1</td>"))
        #expect(audit.contains("<time datetime=\"2026-03-16T10:00:00-04:00\">Mar 16, 2026 at 10:00 AM"))
        #expect(audit.contains("<th scope=\"row\">Consent signed</th>"))
        #expect(audit.contains("<th scope=\"row\">Permission answered</th><td data-label=\"Subject\">Share your health answers</td>"
                               + "<td data-label=\"Detail\">Allowed</td>"))
        #expect(audit.contains("<th scope=\"row\">Answer saved</th><td data-label=\"Subject\">Range of motion, Mar 17</td>"
                               + "<td data-label=\"Detail\">Range of motion: 137 degrees</td>"))
        #expect(audit.contains("aria-current=\"page\">Audit trail</a>"))
        #expect(try read("participants/p1/index.html").contains("<li><a href=\"../../participants/p1/audit.html\">Audit trail</a></li>"))
    }

    @Test func aDeletionAndAWithdrawalAppearInTheAuditTrailAndTheStatusAndAreNoticedByAnUpdate() throws {
        try build()
        #expect(try read("index.html").contains("<span class=\"badge badge-active\">Active</span>"))
        let answer = try #require(try store.outcomes(participantID: "p1").first { $0.taskID == "rangeOfMotion" })
        try store.deleteOutcome(id: answer.id, at: Fixtures.instant("2026-03-18T12:00:00Z"))
        try store.withdraw(Withdrawal(participantID: "p1", withdrawnAt: Fixtures.instant("2026-03-19T15:30:00Z"),
                                      reason: "Moving away"))
        let update = try build()
        #expect(update.isUpdate && update.participantsRendered == 1)
        #expect(try read("index.html").contains("<span class=\"badge badge-withdrawn\">Withdrawn</span> <span class=\"when\">Mar 19</span>"))
        #expect(try read("participants/p1/index.html").contains("Withdrawn on Thursday, March 19, 2026 at 11:30 AM"))
        #expect(try read("participants/p1/feed/2026-03-19.html").contains("Withdrawn from the study"))
        #expect(!(try read("participants/p1/feed/2026-03-18.html").contains("Withdrawn from the study")))
        let audit = try read("participants/p1/audit.html")
        #expect(audit.contains("<th scope=\"row\">Answer deleted</th><td data-label=\"Subject\">Range of motion, Mar 17</td>"
                               + "<td data-label=\"Detail\">Deleted: Range of motion: 137 degrees</td>"),
                "a deletion reads as its save did, with the values the tombstoned outcome still holds")
        #expect(!audit.contains("outcome \(answer.id)"), "no internal row id")
        #expect(audit.contains("<th scope=\"row\">Withdrew from the study</th><td data-label=\"Subject\"></td>"
                               + "<td data-label=\"Detail\">A reason was given. Their own words are not shown here.</td>"),
                "a reason is the participant's own words: not on a site built without names")
        #expect(!audit.contains("Moving away"))
        #expect(!(try read("participants/p1/consent.html")).contains("Moving away"))
        // The deleted answer's values stay in the trail.
        #expect(audit.contains("<td data-label=\"Detail\">Range of motion: 137 degrees</td>"))
    }

    @Test func aNewGrantIsNoticedByAnUpdate() throws {
        try build()
        try store.addPermissionGrant(PermissionGrant(participantID: "p1", permissionID: "shareHealthData", kind: "health",
                                                     granted: false, recordedAt: Fixtures.instant("2026-03-18T09:00:00Z")))
        let update = try build()
        #expect(update.isUpdate && update.participantsRendered == 1)
        #expect(try read("index.html").contains("Not shared"))
        #expect(!(try read("index.html").contains("13.25")))
    }

    @Test func aNewConsentVersionShowsReconsentPendingAndASecondSignatureIsAReconsent() throws {
        var raised = study
        raised.consentDocuments[0].version = "2.0"
        try build(study: raised)
        #expect(try read("index.html").contains("<span class=\"badge badge-waiting\">Re-consent pending</span>"))
        #expect(try read("participants/p1/index.html").contains("Re-consent pending: signed version 1.1 of"))

        let document = raised.consentDocuments[0]
        try store.addConsentRecord(ConsentRecord(
            participantID: "p1", documentID: document.id, version: "2.0", sha256: document.sha256, html: document.html,
            printedName: "Ada B. Lovelace", signature: .typed(name: "Ada B. Lovelace"),
            signedAt: Fixtures.instant("2026-03-19T13:00:00Z"), timeZone: participant.timeZone))
        try build(study: raised)
        #expect(try read("index.html").contains("<span class=\"badge badge-active\">Active</span>"))
        #expect(try read("participants/p1/audit.html").contains("<th scope=\"row\">Re-consent signed</th>"))
    }
}
