import CareModel
import Content
import Feed
import Foundation
import Pages

/// Writes the clinicians' static site: the study index, each participant's
/// summary, day feeds from enrollment to today + 7, insights and consent
/// record, the education notes, the consent documents and the assets.
///
/// The site is written to a temporary folder beside the output and swapped
/// in, so a failed build leaves the last good site. A file whose bytes did
/// not change is carried over by a hard link, not rewritten.
public struct SiteBuilder {
    public struct Input {
        public var plan: CarePlan
        public var participants: [Participant]
        public var outcomes: [Outcome]
        public var consentRecords: [ConsentRecord]
        public var assets: Assets
        /// Today for a participant: `--today`, or the real date in their zone.
        public var today: @Sendable (Participant) -> LocalDate

        public init(plan: CarePlan, participants: [Participant], outcomes: [Outcome], consentRecords: [ConsentRecord],
                    assets: Assets, today: @escaping @Sendable (Participant) -> LocalDate) {
            self.plan = plan
            self.participants = participants
            self.outcomes = outcomes
            self.consentRecords = consentRecords
            self.assets = assets
            self.today = today
        }
    }

    public struct Report: Sendable {
        public var pages = 0
        public var files = 0
        public var rewritten = 0
        public var bytes = 0
    }

    public let input: Input

    public init(_ input: Input) {
        self.input = input
    }

    public func build(into output: String) throws -> Report {
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        let staging = output + ".building-\(getpid())"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var writer = FileWriter(staging: staging, previous: output)
        do {
            try writePages(&writer)
            for path in input.assets.files.keys.sorted() {
                guard let data = input.assets.contents(path) else { continue }
                try writer.write("assets/" + path, data)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        try swap(staging, into: output)
        return writer.report
    }

    private func writePages(_ writer: inout FileWriter) throws {
        let plan = input.plan
        let study = plan.study
        let outcomesByParticipant = Dictionary(grouping: input.outcomes.filter { !$0.isDeleted }, by: \.participantID)
        let recordsByParticipant = Dictionary(grouping: input.consentRecords, by: \.participantID)
        var feedRanges: [String: ClosedRange<Int>] = [:]
        var todays: [String: LocalDate] = [:]
        for participant in input.participants {
            let today = input.today(participant)
            todays[participant.id] = today
            feedRanges[participant.id] = participant.enrolledOn.ordinal...max(participant.enrolledOn, today).adding(days: 7).ordinal
        }
        let ranges = feedRanges
        let feedDays: @Sendable (String, LocalDate) -> Bool = { id, day in ranges[id]?.contains(day.ordinal) ?? false }
        func links(_ page: String) -> SiteLinks { SiteLinks(page: page, feedDays: feedDays) }

        var summaries: [ParticipantSummary] = []
        for participant in input.participants {
            let today = todays[participant.id]!
            let outcomes = outcomesByParticipant[participant.id] ?? []
            let records = recordsByParticipant[participant.id] ?? []
            let feed = plan.feed(for: participant, outcomes: outcomes, today: today)
            let summary = ParticipantSummary(participant: participant, feed: feed, outcomes: outcomes, records: records,
                                             study: study)
            summaries.append(summary)
            let folder = "participants/\(participant.id)/"
            try writer.page(folder + "index.html",
                            StudyPages.participant(summary, study: study, links: links(folder + "index.html")))
            for ordinal in feedRanges[participant.id]! {
                let day = LocalDate(ordinal: ordinal)
                let path = folder + "feed/\(day).html"
                try writer.page(path, FeedPage.render(feed.day(day), plan: plan, links: links(path)))
            }
            try writer.page(folder + "insights.html",
                            InsightsPage.render(participant: participant, outcomes: outcomes, day: today, today: today,
                                                plan: plan, links: links(folder + "insights.html")))
            try writer.page(folder + "consent.html",
                            ConsentPages.record(participant: participant, records: records, today: today, study: study,
                                                links: links(folder + "consent.html")))
        }
        try writer.page("index.html", StudyPages.index(study: study, summaries: summaries, links: links("index.html")))
        try writer.page("education/index.html", EducationPages.index(study: study, links: links("education/index.html")))
        for note in study.notes {
            let path = "education/\(note.slug).html"
            try writer.page(path, EducationPages.note(note, study: study, links: links(path)))
        }
        for document in study.consentDocuments {
            let path = "consent/\(document.id).html"
            try writer.page(path, ConsentPages.document(document, study: study, links: links(path)))
        }
    }

    /// Puts the staged site where the old one was; the old one is removed
    /// only after the new one is in place.
    private func swap(_ staging: String, into output: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output) else {
            try manager.moveItem(atPath: staging, toPath: output)
            return
        }
        let retired = output + ".previous-\(getpid())"
        try? manager.removeItem(atPath: retired)
        try manager.moveItem(atPath: output, toPath: retired)
        do {
            try manager.moveItem(atPath: staging, toPath: output)
        } catch {
            try? manager.moveItem(atPath: retired, toPath: output)
            throw error
        }
        try? manager.removeItem(atPath: retired)
    }
}

/// Writes files into the staging folder, linking unchanged ones from the
/// previous site instead of writing them again.
struct FileWriter {
    let staging: String
    let previous: String
    var report = SiteBuilder.Report()
    private var folders: Set<String> = []

    init(staging: String, previous: String) {
        self.staging = staging
        self.previous = previous
    }

    mutating func page(_ path: String, _ html: String) throws {
        report.pages += 1
        try write(path, Data(html.utf8))
    }

    mutating func write(_ path: String, _ data: Data) throws {
        report.files += 1
        report.bytes += data.count
        let target = staging + "/" + path
        let folder = (target as NSString).deletingLastPathComponent
        if folders.insert(folder).inserted {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let old = previous + "/" + path
        if let existing = FileManager.default.contents(atPath: old), existing == data, link(old, target) == 0 {
            return
        }
        report.rewritten += 1
        guard FileManager.default.createFile(atPath: target, contents: data) else {
            throw SiteError.cannotWrite(target, String(cString: strerror(errno)))
        }
    }
}

public enum SiteError: Error, CustomStringConvertible {
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); the previous site is left as it was"
        }
    }
}
