import CareModel
import CareStore
import Content
import Demo
import Feed
import Foundation
import Markup
import Pages
@testable import Site
import Testing
import Words
import TestSupport
import StudyModel

@Suite struct BuildManifestTests {
    /// An update takes unchanged participants' rows and overview figures
    /// from the manifest, so what it reads must be exactly what was written.
    @Test func theManifestReadsBackEveryEntryAsWritten() throws {
        let demo = try DemoStore(participants: 6, days: 30, seed: 11)
        let (directory, store, study, today) = (demo.directory, demo.store, demo.study, demo.today)
        let plan = try demo.plan()
        let participants = try store.participants()
        let reader = Reader.clinician(links: SiteLinks(page: "index.html", feedDays: { _, _ in true }), sharing: .everything,
                                      names: false, language: .usEnglish)
        var entries: [String: BuildManifest.Entry] = [:]
        for participant in participants {
            let view = ParticipantView(participant: participant, records: try store.records(participantID: participant.id, includingAuditLog: false),
                                       plan: plan, today: today, audience: .studyTeam)
            let summary = view.summary(study: study)
            entries[participant.id] = BuildManifest.Entry(
                fingerprint: "f" + participant.id, overview: view.overview(series: OverviewSeries.of(study), questions: OverviewQuestion.of(study)),
                flags: summary.flags, row: StudyPages.indexRow(summary, study: study, reader: reader))
        }
        let site = directory.path + "/Site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let key = try #require(try store.siteKey())
        #expect(key.count == 32)
        let bytes = try BuildManifest(inputs: "inputs", participants: entries).data(key: key)
        try bytes.write(to: URL(fileURLWithPath: site + "/" + SiteBuilder.marker))
        let manifest = try #require(BuildManifest.read(site)?.sealed(with: key))
        #expect(manifest.inputs == "inputs")
        #expect(manifest.participants == entries)

        // Read and written again, it is the same bytes, each participant's record kept as read;
        // a changed entry is written anew, and a damaged record makes the site be built whole.
        #expect(try BuildManifest(inputs: "inputs", participants: manifest.participants, reusing: manifest).data(key: key) == bytes)
        var changed = manifest.participants
        changed[participants[0].id]?.fingerprint = "changed"
        let rewritten = try BuildManifest(inputs: "inputs", participants: changed, reusing: manifest).data(key: key)
        #expect(rewritten != bytes && String(decoding: rewritten, as: UTF8.self).contains("changed"))
        #expect(BuildManifest.read(bytes: [UInt8](rewritten))?.sealed(with: key)?.participants == changed)
        for cut in [1, 40, bytes.count / 2] {
            #expect(BuildManifest.read(bytes: [UInt8](bytes.dropLast(cut))) == nil)
        }
    }

    /// Whoever can write the site's folder cannot put a row of their own into the worklist that rebuilds keep:
    /// a record is taken only under the seal of the store's key, which never leaves the store.
    @Test func aRecordNotSealedWithTheStoresKeyIsNotTaken() throws {
        let row = HTML.text("<tr>row-a</tr>")
        let entry = BuildManifest.Entry(fingerprint: "f", overview: try JSONDecoder().decode(ParticipantOverview.self, from: Data("""
            {"enrolledOn": "2026-03-01", "standing": {"active": {}}, "signed": true, "joined": true, "adherence": [], "means": {}, "withheld": []}
            """.utf8)), flags: [], row: row)
        let key = Array(repeating: UInt8(1), count: 32)
        let bytes = [UInt8](try BuildManifest(inputs: "inputs", participants: ["r1": entry]).data(key: key))
        let read = try #require(BuildManifest.read(bytes: bytes))
        #expect(read.sealed(with: key)?.participants == ["r1": entry])
        #expect(read.sealed(with: Array(repeating: 2, count: 32)) == nil)
        // The same entry under other inputs, or with its row changed and the old seal kept, is not taken.
        let otherInputs = [UInt8](try BuildManifest(inputs: "other", participants: ["r1": entry]).data(key: key))
        var forged = BuildManifest.read(bytes: otherInputs)
        forged?.inputs = "inputs"
        #expect(forged?.sealed(with: key) == nil)
        // A row changed to one of the same length still reads, and is refused by its seal.
        let text = Array("row-a".utf8)
        let at = try #require((0...(bytes.count - text.count)).first { Array(bytes[$0..<$0 + text.count]) == text })
        var injected = bytes
        injected[at + 4] = UInt8(ascii: "b")
        let planted = try #require(BuildManifest.read(bytes: injected))
        #expect(planted.participants["r1"]?.row == HTML.text("<tr>row-b</tr>"))
        #expect(planted.sealed(with: key) == nil)
    }

    @Test func theDemoHasWhatTheManifestMustCarry() throws {
        let demo = try DemoStore(participants: 6, days: 30, seed: 11)
        let (store, study, today) = (demo.store, demo.study, demo.today)
        let plan = try demo.plan()
        let summaries = try store.participants().map { participant in
            ParticipantView(participant: participant, records: try store.records(participantID: participant.id, includingAuditLog: false),
                            plan: plan, today: today, audience: .studyTeam).summary(study: study)
        }
        // The demo has participants without a consent, with a decimal answer, and with flags raised.
        #expect(summaries.contains { $0.consentVersion == nil })
        #expect(summaries.contains { $0.latest.contains { if case .decimal = $0.value.value { true } else { false } } })
    }
}
