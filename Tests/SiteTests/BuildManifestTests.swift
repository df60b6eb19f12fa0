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
        var summaries: [ParticipantSummary] = []
        for participant in participants {
            let view = ParticipantView(participant: participant, records: try store.records(participantID: participant.id, includingAuditLog: false),
                                       plan: plan, today: today, audience: .studyTeam)
            let summary = view.summary(study: study)
            summaries.append(summary)
            entries[participant.id] = BuildManifest.Entry(
                fingerprint: "f" + participant.id, overview: view.overview(series: OverviewSeries.of(study), questions: OverviewQuestion.of(study)),
                flags: summary.flags, row: StudyPages.indexRow(summary, study: study, reader: reader))
        }
        let site = directory.path + "/Site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let bytes = try BuildManifest(inputs: "inputs", participants: entries).data()
        try bytes.write(to: URL(fileURLWithPath: site + "/" + SiteBuilder.marker))
        let manifest = try #require(BuildManifest.read(site))
        #expect(manifest.inputs == "inputs")
        #expect(manifest.participants == entries)

        // Read and written again, it is the same bytes, each participant's record kept as read;
        // a changed entry is written anew, and a damaged record makes the site be built whole.
        #expect(try BuildManifest(inputs: "inputs", participants: manifest.participants, reusing: manifest).data() == bytes)
        var changed = manifest.participants
        changed[participants[0].id]?.fingerprint = "changed"
        let rewritten = try BuildManifest(inputs: "inputs", participants: changed, reusing: manifest).data()
        #expect(rewritten != bytes && String(decoding: rewritten, as: UTF8.self).contains("changed"))
        #expect(BuildManifest.read(bytes: [UInt8](rewritten))?.participants == changed)
        for cut in [1, 40, bytes.count / 2] {
            #expect(BuildManifest.read(bytes: [UInt8](bytes.dropLast(cut))) == nil)
        }
        // The demo has participants without a consent, with a decimal answer, and with flags raised.
        #expect(summaries.contains { $0.consentVersion == nil })
        #expect(summaries.contains { $0.latest.contains { if case .decimal = $0.value.value { true } else { false } } })
        #expect(entries.values.contains { !$0.overview.means.isEmpty })
    }
}
