import CareModel
import Dispatch
import Feed
import Foundation
import Markup
import Pages
import Support

extension SiteBuilder {
    /// Writes the pages of the participants the plan renders, on every core,
    /// and removes the pages of participants no longer in the store. Returns
    /// the manifest entries of every participant.
    func writeParticipantPages(_ plan: BuildPlan, into writer: inout FileWriter,
                               progress: (@Sendable (Int, Int) -> Void)?) throws -> [String: BuildManifest.Entry] {
        try FileManager.default.createDirectory(atPath: writer.root + "/participants", withIntermediateDirectories: true)
        let total = plan.pageCount
        var pagesDone: (@Sendable (Int) -> Void)?
        if let progress {
            pagesDone = { progress($0, total) }
        }
        let links = plan.links
        let rendered = try Self.concurrently(plan.changed.count, writer: &writer, progress: pagesDone) { index, local in
            let participant = plan.changed[index].participant
            let days = plan.feedDays[participant.id]!
            let entry = try writeParticipant(participant, today: plan.todays[participant.id]!, days: days,
                                             records: try input.records(participant), plan: plan, writer: &local, links: links)
            if plan.previous != nil {
                try local.removeFeedPages(of: participant.id, except: days)
            }
            return entry
        }
        var entries = plan.unchanged
        for (index, var entry) in rendered.enumerated() {
            let (participant, fingerprint) = plan.changed[index]
            entry.fingerprint = fingerprint ?? ""
            entries[participant.id] = entry
        }
        if let previous = plan.previous {
            for id in previous.participants.keys where entries[id] == nil {
                try writer.remove("participants/\(id)")
            }
        }
        return entries
    }

    /// The study's overview, from every participant's figures in the manifest.
    func writeOverview(_ plan: BuildPlan, participants: [String: BuildManifest.Entry], into writer: inout FileWriter) throws {
        let study = plan.study
        let overview = StudyOverview(input.participants.compactMap { participants[$0.id]?.overview }, series: plan.series,
                                     questions: plan.questions, visitOrder: StudyOverview.visitOrder(of: study))
        let asOf = input.dataAsOf.map { DataAsOf(time: $0, zone: study.timeZone) }
        try writer.page("overview.html", OverviewPage.render(overview, study: study,
                                                             reader: .clinician(links: plan.links("overview.html"), sharing: .everything,
                                                                                names: input.names, language: input.language),
                                                             asOf: asOf))
    }

    /// The study's protocol, from the content and the store's consent and task versions.
    func writeProtocol(_ plan: BuildPlan, into writer: inout FileWriter) throws {
        try writer.page("protocol.html", ProtocolPage.render(plan: input.plan, consentVersions: input.consentVersions,
                                                             reader: .clinician(links: plan.links("protocol.html"), sharing: .everything,
                                                                                names: input.names, language: input.language)))
    }

    /// The study index: a row per participant, as rendered with their
    /// pages and kept in their manifest entry, with the build's "data as of".
    func writeIndex(_ plan: BuildPlan, participants: [String: BuildManifest.Entry], into writer: inout FileWriter) throws {
        let study = plan.study
        let rows = input.participants.compactMap { participant in
            participants[participant.id].map {
                StudyPages.WorklistRow(id: participant.id, standing: $0.overview.standing, flags: $0.flags, html: $0.row)
            }
        }
        let asOf = input.dataAsOf.map { DataAsOf(time: $0, zone: study.timeZone) }
        try writer.page("index.html", StudyPages.index(study: study, rows: rows, reader: indexReader(plan), asOf: asOf))
    }

    /// The reader of the study index, and of each participant's row of it.
    func indexReader(_ plan: BuildPlan) -> Reader {
        .clinician(links: plan.links("index.html"), sharing: .everything, names: input.names, language: input.language)
    }

    /// A participant's summary, day feeds, insights, consent record and
    /// audit trail, with only the values they share; returns their manifest
    /// entry but its fingerprint: what the study's pages take from them.
    private func writeParticipant(_ participant: Participant, today: LocalDate, days: ClosedRange<Int>, records: ParticipantRecords,
                                  plan build: BuildPlan,
                                  writer: inout FileWriter, links: (String) -> SiteLinks) throws -> BuildManifest.Entry {
        let plan = input.plan
        let study = plan.study
        // Values not shared are dropped before any page sees them.
        let view = ParticipantView(participant: participant, records: records, plan: plan, today: today, audience: .studyTeam)
        let summary = view.summary(study: study)
        let folder = "participants/\(participant.id)/"
        let names = input.names
        let language = input.language
        func reader(_ page: String) -> Reader { .clinician(links: links(page), sharing: view.sharing, names: names, language: language) }
        try writer.page(folder + "index.html",
                        StudyPages.participant(summary, study: study, reader: reader(folder + "index.html")))
        // Every day page is in one folder, so its links, and its week's strip, are alike; the audit trail says their answers again.
        let kept = FeedPage.Kept()
        for feedDay in view.feed.days(LocalDate(ordinal: days.lowerBound)...LocalDate(ordinal: days.upperBound),
                                firstWeekday: language.format.firstWeekday) {
            let path = String.joined(folder, "feed/", feedDay.day.description, ".html")
            try writer.page(path, FeedPage.render(feedDay, plan: plan, reader: reader(path), kept: kept))
        }
        try writer.page(folder + "insights.html",
                        InsightsPage.render(participant: participant, outcomes: view.outcomes, day: today, today: today,
                                            plan: plan, reader: reader(folder + "insights.html"), withdrawal: view.withdrawal,
                                            feed: view.feed))
        try writer.page(folder + "consent.html",
                        ConsentPages.record(participant: participant, records: view.consentRecords, today: today,
                                            study: study, reader: reader(folder + "consent.html"),
                                            grants: view.permissionGrants, withdrawal: view.withdrawal))
        // The PDF of each signed record, where names may be seen (`--names`): a signed copy names its signer.
        for (index, record) in view.consentRecords.enumerated() where ConsentPages.hasSignedCopy(record, study: study, reader: reader(folder)) {
            if let pdf = try ConsentPages.signedCopy(record, study: study, reader: reader(folder)) {
                try writer.write(folder + SiteLinks.signedCopyName(index: index, of: view.consentRecords.count), Data(pdf))
            }
        }
        try writer.page(folder + "audit.html",
                        AuditPage.render(participant: participant, entries: view.auditLog, outcomes: view.history,
                                         records: view.consentRecords, grants: view.permissionGrants, dates: view.dateChanges,
                                         today: today, plan: plan, reader: reader(folder + "audit.html"), kept: kept))
        return BuildManifest.Entry(fingerprint: "", overview: view.overview(series: build.series, questions: build.questions),
                                   flags: summary.flags, row: StudyPages.indexRow(summary, study: study, reader: indexReader(build)))
    }

    /// Runs `body` for 0..<count on every core, each run with its own writer
    /// into `writer`'s folder; returns what the runs returned, in order, and
    /// adds their counts to `writer`. The first error is rethrown.
    private static func concurrently<Value: Sendable>(_ count: Int, writer: inout FileWriter,
                                                      progress: (@Sendable (Int) -> Void)?,
                                                      _ body: @Sendable (Int, inout FileWriter) throws -> Value) throws -> [Value] {
        let (root, mode) = (writer.root, writer.mode)
        let runs = Locked(Array(repeating: Run<Value>?.none, count: count))
        let pages = Locked(0)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var local = FileWriter(root: root, mode: mode)
            let run: Run<Value>
            do {
                run = Run(value: try body(index, &local), report: local.report, error: nil)
            } catch {
                run = Run(value: nil, report: local.report, error: error)
            }
            runs.update { $0[index] = run }
            if let progress {
                var done = 0
                pages.update { $0 += run.report.pages; done = $0 }
                progress(done)
            }
        }
        var values: [Value] = []
        for run in runs.value {
            guard let run else { continue }
            if let error = run.error { throw error }
            writer.report.add(run.report)
            if let value = run.value {
                values.append(value)
            }
        }
        return values
    }
}

/// What one run of `concurrently` gave: its value or its error, and what it wrote.
private struct Run<Value: Sendable>: Sendable {
    var value: Value?
    var report: SiteBuilder.Report
    var error: (any Error)?
}
