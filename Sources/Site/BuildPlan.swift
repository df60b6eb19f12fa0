import CareModel
import Feed
import StudyModel
import Foundation
import Pages
import Support

/// What a build writes, decided before any page is rendered: the whole site,
/// or, when the site's manifest was written from the same inputs, only the
/// participants whose data or today changed since, in place.
struct BuildPlan: Sendable {
    /// The site's folder, standardized.
    let output: String
    /// A digest of what every page depends on besides a participant's own data.
    let inputs: String
    /// The manifest of the site to update in place; nil for a whole build.
    let previous: BuildManifest?
    let study: Study
    /// What the overview follows across participants, worked out once for every participant's figures.
    let series: [OverviewSeries]
    let questions: [OverviewQuestion]
    /// Each participant's today, by id.
    let todays: [String: LocalDate]
    /// The days each participant has a feed page for, as ordinals, by id.
    let feedDays: [String: ClosedRange<Int>]
    /// The participants to render, with their fingerprint (nil without revisions).
    let changed: [(participant: Participant, fingerprint: String?)]
    /// The manifest entries of the participants not rendered again.
    let unchanged: [String: BuildManifest.Entry]
    /// Counts known before rendering: participants to render, of all, and the kind of build.
    let report: SiteBuilder.Report

    /// The output folder as the plan names it: absolute, without `.` or `..`.
    static func standardized(_ output: String) -> String {
        URL(fileURLWithPath: output).standardizedFileURL.path
    }

    init(_ input: SiteBuilder.Input, output: String) throws {
        self.output = Self.standardized(output)
        try SiteBuilder.checkReplaceable(self.output)
        let inputs = Self.inputsDigest(input)
        self.inputs = inputs
        let read = { [output = self.output] in
            if let early = input.earlyManifest, early.output == output { return early.manifest() }
            return BuildManifest.read(output)
        }
        if input.revisions != nil, let key = input.manifestKey, let manifest = read(), manifest.inputs == inputs,
           let sealed = manifest.sealed(with: key) {
            previous = sealed
        } else {
            previous = nil
        }
        study = input.plan.study
        series = OverviewSeries.of(study)
        questions = OverviewQuestion.of(study)

        var todays: [String: LocalDate] = [:]
        var feedDays: [String: ClosedRange<Int>] = [:]
        var changed: [(participant: Participant, fingerprint: String?)] = []
        var unchanged: [String: BuildManifest.Entry] = [:]
        for participant in input.participants {
            let today = input.today(participant)
            todays[participant.id] = today
            let pages = FeedBounds.pageDays(enrolledOn: participant.enrolledOn, today: today)
            let days = pages.lowerBound.ordinal...pages.upperBound.ordinal
            // A store file crafted or mistyped (enrolled on 0001-01-01) must not make a page for every day since.
            guard days.count <= FeedBounds.mostFeedDays else {
                throw SiteError.tooManyDays(participant.id, participant.enrolledOn, days.count)
            }
            feedDays[participant.id] = days
            let fingerprint = Self.fingerprint(participant, today: today, revisions: input.revisions, names: input.names)
            if let fingerprint, let entry = previous?.participants[participant.id], entry.fingerprint == fingerprint {
                unchanged[participant.id] = entry
            } else {
                changed.append((participant, fingerprint))
            }
        }
        self.todays = todays
        self.feedDays = feedDays
        self.changed = changed
        self.unchanged = unchanged

        var report = SiteBuilder.Report()
        report.participants = input.participants.count
        report.participantsRendered = changed.count
        report.isUpdate = previous != nil
        self.report = report
    }

    /// Links from the page at `page`, with a participant's day linked only
    /// when it has a feed page.
    var links: @Sendable (String) -> SiteLinks {
        let feedDays = self.feedDays
        let hasPage: @Sendable (String, LocalDate) -> Bool = { id, day in feedDays[id]?.contains(day.ordinal) ?? false }
        return { page in SiteLinks(page: page, feedDays: hasPage) }
    }

    /// The pages this build renders, for progress.
    var pageCount: Int {
        changed.reduce(0) { $0 + feedDays[$1.participant.id]!.count + 4 } + 2 + study.notes.count
            + study.consentDocuments.count
    }

    /// What every page may depend on besides a participant's own data: the
    /// program, the content, the task versions, the list of assets and
    /// whether names are shown.
    static func inputsDigest(_ input: SiteBuilder.Input) -> String {
        var parts = ["format \(BuildManifest.format)", input.renderer, input.plan.study.sourceDigest, "names \(input.names)",
                     "language \(input.language.tag)"]
        parts += input.plan.versions.map { "\($0.taskID) \($0.version) \($0.effectiveFrom?.description ?? "-")" }.sorted()
        // Their publications are on every participant's audit trail, and the protocol page lists them.
        parts += input.consentVersions.map {
            "consent \($0.documentID) \($0.version) \($0.language) \($0.sha256) \($0.firstSeenAt.timeIntervalSince1970)"
        }.sorted()
        parts += input.assets.files.keys.sorted()
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// What a participant's pages depend on beyond the inputs; nil without revisions.
    /// The name counts only where pages show it: a site without names keeps
    /// no hash of one in its manifest, against which a guess could be tried.
    static func fingerprint(_ participant: Participant, today: LocalDate, revisions: [String: String]?,
                            names: Bool) -> String? {
        guard let revision = revisions?[participant.id] else { return nil }
        return SHA256.hex([participant.id, names ? participant.name : "", participant.language ?? "", participant.timeZone.identifier,
                           participant.enrolledOn.description, today.description, revision].joined(separator: "\n"))
    }
}
