import CareModel
import CareStore
import Content
import Demo
import Feed
import Foundation
import Pages
@testable import Site
import Testing
import Words
import TestSupport
import StudyModel

@Suite struct BuildManifestTests {
    /// An update renders unchanged participants' rows from the manifest, so
    /// the figures kept there must give the row their records give.
    @Test func aRowFromTheManifestsFiguresIsTheRowFromTheParticipantsRecords() throws {
        let demo = try DemoStore(participants: 6, days: 30, seed: 11)
        let (directory, store, study, today) = (demo.directory, demo.store, demo.study, demo.today)
        let plan = try demo.plan()
        let participants = try store.participants()
        func view(_ participant: Participant) throws -> ParticipantView {
            ParticipantView(participant: participant, records: try store.records(participantID: participant.id, includingAuditLog: false),
                            plan: plan, today: today, audience: .studyTeam)
        }
        func summary(_ participant: Participant) throws -> ParticipantSummary {
            try view(participant).summary(study: study)
        }
        func figures(_ participant: Participant) throws -> ParticipantFigures {
            let view = try view(participant)
            return ParticipantFigures(view.summary(study: study), overview: view.overview(series: OverviewSeries.of(study), questions: OverviewQuestion.of(study)))
        }

        var entries: [String: BuildManifest.Entry] = [:]
        for participant in participants {
            entries[participant.id] = BuildManifest.Entry(fingerprint: "", figures: try figures(participant))
        }
        let site = directory.path + "/Site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try BuildManifest(inputs: "", participants: entries).data().write(to: URL(fileURLWithPath: site + "/" + SiteBuilder.marker))
        let manifest = try #require(BuildManifest.read(site))

        let reader = Reader.clinician(links: SiteLinks(page: "index.html", feedDays: { _, _ in true }), sharing: .everything,
                                      names: false, language: .usEnglish)
        for participant in participants {
            let figures = try #require(manifest.participants[participant.id]?.figures)
            #expect(StudyPages.indexRow(figures.summary(of: participant, today: today, study: study), study: study, reader: reader)
                    == StudyPages.indexRow(try summary(participant), study: study, reader: reader))
        }
        // Read and written again, it is the same bytes, each participant's line kept as read;
        // a changed entry is written anew, and a damaged line makes the site be built whole.
        let bytes = try BuildManifest(inputs: "", participants: entries).data()
        #expect(try BuildManifest(inputs: "", participants: manifest.participants, reusing: manifest).data() == bytes)
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == participants.count + 1)
        var changed = manifest.participants
        changed[participants[0].id]?.fingerprint = "changed"
        let rewritten = try BuildManifest(inputs: "", participants: changed, reusing: manifest).data()
        #expect(rewritten != bytes && String(decoding: rewritten, as: UTF8.self).contains("\"fingerprint\":\"changed\""))
        try (bytes.dropLast(40) + Data("\n".utf8)).write(to: URL(fileURLWithPath: site + "/" + SiteBuilder.marker))
        #expect(BuildManifest.read(site) == nil)
        // The demo has rows without a consent and rows with a decimal answer.
        #expect(try participants.contains { try summary($0).consentVersion == nil })
        #expect(try participants.contains { try summary($0).latest.contains { if case .decimal = $0.value.value { true } else { false } } })
    }
}
