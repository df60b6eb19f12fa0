import CareModel
import Content
import Feed
import Foundation
import Glibc
import Pages

/// Writes the clinicians' static site: the study index, each participant's
/// summary, day feeds from enrollment to today + 7, insights and consent
/// record, the education notes, the consent documents and the assets.
///
/// The site is written to a temporary folder beside the output and swapped
/// in, so a failed build leaves the last good site. A file whose bytes did
/// not change is carried over by a hard link, not rewritten.
public struct SiteBuilder: Sendable {
    public struct Input: Sendable {
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

        mutating func add(_ other: Report) {
            pages += other.pages
            files += other.files
            rewritten += other.rewritten
            bytes += other.bytes
        }
    }

    public let input: Input

    public init(_ input: Input) {
        self.input = input
    }

    /// - Parameter progress: called now and then with pages written and pages in all.
    public func build(into output: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Report {
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        try Self.checkReplaceable(output)
        let staging = output + ".building-\(getpid())"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var writer = FileWriter(staging: staging, previous: output)
        do {
            try writePages(&writer, progress: progress)
            for path in input.assets.files.keys.sorted() {
                guard let data = input.assets.contents(path) else { continue }
                try writer.write("assets/" + path, data)
            }
            try writer.write(Self.marker, Data("Written by carefeed build; the whole folder is replaced on each build.\n".utf8))
            // On disk before the swap, so a crash never leaves a half-written
            // site in place of a whole one. (syncfs is not exposed to Swift.)
            sync()
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        try swap(staging, into: output)
        return writer.report
    }

    /// Marks a folder as a site this builder wrote, which it may replace.
    static let marker = ".carefeed-site"

    /// Refuses to replace a folder that is neither missing, empty nor a site
    /// written here: `--out .` or `--out content` must not lose anything.
    static func checkReplaceable(_ output: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw SiteError.notASite(output) }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        guard contents.isEmpty || contents.contains(marker) else { throw SiteError.notASite(output) }
    }

    private func writePages(_ writer: inout FileWriter, progress: (@Sendable (Int, Int) -> Void)?) throws {
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
        let links: @Sendable (String) -> SiteLinks = { page in SiteLinks(page: page, feedDays: feedDays) }

        // Participants are independent: render them on every core, each
        // with its own writer, and merge the counts.
        let participants = input.participants
        let (staging, previous, todayOf, daysOf) = (writer.staging, writer.previous, todays, feedRanges)
        try FileManager.default.createDirectory(atPath: staging + "/participants", withIntermediateDirectories: true)
        let results = Locked(Array(repeating: ParticipantResult?.none, count: participants.count))
        let total = feedRanges.values.reduce(0) { $0 + $1.count + 3 } + 2 + study.notes.count + study.consentDocuments.count
        let done = Locked(0)
        DispatchQueue.concurrentPerform(iterations: participants.count) { index in
            let participant = participants[index]
            var local = FileWriter(staging: staging, previous: previous)
            let result: ParticipantResult
            do {
                let summary = try writeParticipant(participant, today: todayOf[participant.id]!, days: daysOf[participant.id]!,
                                                   outcomes: outcomesByParticipant[participant.id] ?? [],
                                                   records: recordsByParticipant[participant.id] ?? [],
                                                   writer: &local, links: links)
                result = ParticipantResult(summary: summary, report: local.report, error: nil)
            } catch {
                result = ParticipantResult(summary: nil, report: local.report, error: error)
            }
            results.update { $0[index] = result }
            if let progress {
                var pages = 0
                done.update { $0 += result.report.pages; pages = $0 }
                progress(pages, total)
            }
        }
        var summaries: [ParticipantSummary] = []
        for result in results.value.compactMap({ $0 }) {
            if let error = result.error { throw error }
            writer.report.add(result.report)
            if let summary = result.summary { summaries.append(summary) }
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

    private struct ParticipantResult: Sendable {
        var summary: ParticipantSummary?
        var report: Report
        var error: (any Error)?
    }

    /// A participant's summary, day feeds, insights and consent record.
    private func writeParticipant(_ participant: Participant, today: LocalDate, days: ClosedRange<Int>, outcomes: [Outcome],
                                  records: [ConsentRecord], writer: inout FileWriter,
                                  links: (String) -> SiteLinks) throws -> ParticipantSummary {
        let plan = input.plan
        let study = plan.study
        let feed = plan.feed(for: participant, outcomes: outcomes, today: today)
        let summary = ParticipantSummary(participant: participant, feed: feed, outcomes: outcomes, records: records, study: study)
        let folder = "participants/\(participant.id)/"
        try writer.page(folder + "index.html", StudyPages.participant(summary, study: study, links: links(folder + "index.html")))
        for ordinal in days {
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
        return summary
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
        if Self.hasContents(old, data), link(old, target) == 0 {
            return
        }
        report.rewritten += 1
        try Self.create(target, data)
    }

    /// Whether the file at `path` holds exactly `data`; a size check first
    /// spares reading files that changed length.
    static func hasContents(_ path: String, _ data: Data) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) == data.count,
              let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == data
    }

    /// Plain open-write-close: the staging folder is swapped in whole, so
    /// each file needs no atomic rename of its own.
    static func create(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteError.cannotWrite(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { throw SiteError.cannotWrite(path, String(cString: strerror(errno))) }
                offset += written
            }
        }
    }
}

public enum SiteError: Error, CustomStringConvertible {
    case cannotWrite(String, String)
    case notASite(String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); the previous site is left as it was"
        case .notASite(let path):
            "\(path) exists and is not a site that carefeed build wrote, so it is not replaced; "
                + "choose another --out, or empty or remove that folder first"
        }
    }
}

/// A value shared between threads, touched only with its lock held.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `stored` is only read or written inside `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
