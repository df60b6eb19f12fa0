import Assets
import CareModel
import Content
import Feed
import Foundation
import Glibc
import Pages
import Support

/// Writes the clinicians' static site: the study index, each participant's
/// summary, day feeds from enrollment to today + 7, insights and consent
/// record, the education notes, the consent documents and the assets.
///
/// A first build, or one after the content or the program changed, is
/// written to a temporary folder beside the output and swapped in, so a
/// failed build leaves the last good site; a file whose bytes did not change
/// is carried over by a hard link. Otherwise the build manifest in the
/// site's marker file tells which participants' data changed since, and only
/// their pages are rendered again; files are replaced one by one by rename,
/// and the manifest is written last, so an interrupted update is redone.
public struct SiteBuilder: Sendable {
    /// What one participant's pages show.
    public struct Records: Sendable {
        public var outcomes: [Outcome]
        public var consentRecords: [ConsentRecord]

        public init(outcomes: [Outcome], consentRecords: [ConsentRecord]) {
            self.outcomes = outcomes
            self.consentRecords = consentRecords
        }
    }

    public struct Input: Sendable {
        public var plan: CarePlan
        public var participants: [Participant]
        /// A participant's records, read when their pages are rendered.
        public var records: @Sendable (Participant) throws -> Records
        /// `CareStore.participantRevisions()`. With it, a rebuild renders only
        /// the participants whose revision or today changed; nil renders all.
        public var revisions: [String: String]?
        /// Names the program that renders: a site written by another one is
        /// rebuilt whole.
        public var renderer: String
        public var assets: Assets
        /// Today for a participant: `--today`, or the real date in their zone.
        public var today: @Sendable (Participant) -> LocalDate

        public init(plan: CarePlan, participants: [Participant], records: @escaping @Sendable (Participant) throws -> Records,
                    revisions: [String: String]?, renderer: String, assets: Assets,
                    today: @escaping @Sendable (Participant) -> LocalDate) {
            self.plan = plan
            self.participants = participants
            self.records = records
            self.revisions = revisions
            self.renderer = renderer
            self.assets = assets
            self.today = today
        }

        /// Every participant's records at once; every page is rendered.
        public init(plan: CarePlan, participants: [Participant], outcomes: [Outcome], consentRecords: [ConsentRecord],
                    assets: Assets, today: @escaping @Sendable (Participant) -> LocalDate) {
            let outcomes = Dictionary(grouping: outcomes, by: \.participantID)
            let consentRecords = Dictionary(grouping: consentRecords, by: \.participantID)
            self.init(plan: plan, participants: participants,
                      records: { Records(outcomes: outcomes[$0.id] ?? [], consentRecords: consentRecords[$0.id] ?? []) },
                      revisions: nil, renderer: "", assets: assets, today: today)
        }
    }

    public struct Report: Sendable {
        public var pages = 0
        public var files = 0
        public var rewritten = 0
        public var bytes = 0
        /// Participants whose pages were rendered, of all of them.
        public var participantsRendered = 0
        public var participants = 0
        /// True when only what changed was rendered, in place.
        public var isUpdate = false

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

    /// - Parameter progress: called now and then with pages written and pages to write.
    public func build(into output: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Report {
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        try Self.checkReplaceable(output)
        let inputs = inputsDigest()
        if input.revisions != nil, let manifest = BuildManifest.read(output), manifest.inputs == inputs {
            var writer = FileWriter(root: output, mode: .inPlace)
            var report = Report()
            let entries = try writePages(&writer, previous: manifest, report: &report, progress: progress)
            report.add(writer.report)
            report.isUpdate = true
            guard report.rewritten > 0 || entries != manifest.participants else { return report }
            if report.rewritten > 0 {
                sync()
            }
            try writer.replace(Self.marker, BuildManifest(inputs: inputs, participants: entries).data())
            return report
        }
        let staging = output + ".building-\(getpid())"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var writer = FileWriter(root: staging, mode: .staged(previous: output))
        var report = Report()
        do {
            let entries = try writePages(&writer, previous: nil, report: &report, progress: progress)
            try writer.write(Self.marker, BuildManifest(inputs: inputs, participants: entries).data())
            // On disk before the swap, so a crash never leaves a half-written
            // site in place of a whole one. (syncfs is not exposed to Swift.)
            sync()
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        try swap(staging, into: output)
        report.add(writer.report)
        return report
    }

    /// Marks a folder as a site this builder wrote, which it may replace, and
    /// holds the build manifest.
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

    /// What every page may depend on besides a participant's own data: the
    /// program, the content, the task versions and the list of assets.
    func inputsDigest() -> String {
        var parts = ["format \(BuildManifest.format)", input.renderer, input.plan.study.sourceDigest]
        parts += input.plan.versions.map { "\($0.taskID) \($0.version) \($0.effectiveFrom?.description ?? "-")" }.sorted()
        parts += input.assets.files.keys.sorted()
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// What a participant's pages depend on beyond the inputs; nil without revisions.
    func fingerprint(_ participant: Participant, today: LocalDate) -> String? {
        guard let revision = input.revisions?[participant.id] else { return nil }
        return SHA256.hex([participant.id, participant.name, participant.timeZone.identifier,
                           participant.enrolledOn.description, today.description, revision].joined(separator: "\n"))
    }

    /// Writes the participants whose fingerprint differs from `previous`
    /// (all of them without one), then the study's pages and the assets.
    /// Returns the manifest entries of every participant.
    private func writePages(_ writer: inout FileWriter, previous: BuildManifest?, report: inout Report,
                            progress: (@Sendable (Int, Int) -> Void)?) throws -> [String: BuildManifest.Entry] {
        let plan = input.plan
        let study = plan.study
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

        var entries: [String: BuildManifest.Entry] = [:]
        var changed: [(participant: Participant, fingerprint: String?)] = []
        for participant in input.participants {
            let fingerprint = fingerprint(participant, today: todays[participant.id]!)
            if let fingerprint, let entry = previous?.participants[participant.id], entry.fingerprint == fingerprint {
                entries[participant.id] = entry
            } else {
                changed.append((participant, fingerprint))
            }
        }
        report.participants = input.participants.count
        report.participantsRendered = changed.count

        // Participants are independent: render them on every core.
        let (todayOf, daysOf) = (todays, feedRanges)
        try FileManager.default.createDirectory(atPath: writer.root + "/participants", withIntermediateDirectories: true)
        let total = changed.reduce(0) { $0 + feedRanges[$1.participant.id]!.count + 3 } + 2 + study.notes.count
            + study.consentDocuments.count
        let work = changed
        var pagesDone: (@Sendable (Int) -> Void)?
        if let progress {
            pagesDone = { progress($0, total) }
        }
        let rows = try Self.concurrently(work.count, writer: &writer, progress: pagesDone) { (index: Int, local: inout FileWriter) in
            let participant = work[index].participant
            let row = try writeParticipant(participant, today: todayOf[participant.id]!, days: daysOf[participant.id]!,
                                           records: try input.records(participant), writer: &local, links: links)
            if previous != nil {
                try local.removeFeedPages(of: participant.id, except: daysOf[participant.id]!)
            }
            return row
        }
        for (index, row) in rows.enumerated() {
            let (participant, fingerprint) = work[index]
            entries[participant.id] = BuildManifest.Entry(fingerprint: fingerprint ?? "", indexRow: row)
        }
        if let previous {
            for id in previous.participants.keys where entries[id] == nil {
                try writer.remove("participants/\(id)")
            }
        }
        try writer.page("index.html", StudyPages.index(study: study, rows: input.participants.map { entries[$0.id]?.indexRow ?? "" },
                                                       links: links("index.html")))
        try writer.page("education/index.html", EducationPages.index(study: study, links: links("education/index.html")))
        // A study may have thousands of notes, all in one folder. Threads
        // creating files in one folder wait on its lock, so one thread
        // writes them while the others render the next batch.
        let notes = study.notes
        let noteWriter = Locked(NoteWriter(writer: FileWriter(root: writer.root, mode: writer.mode)))
        let queue = DispatchQueue(label: "carefeed.site.notes")
        let batchesAhead = DispatchSemaphore(value: 2)
        for start in stride(from: 0, to: notes.count, by: 256) {
            let batch = Array(notes[start..<min(start + 256, notes.count)])
            let pages = concurrentMap(batch) { note in
                EducationPages.note(note, study: study, links: links("education/\(note.slug).html"))
            }
            batchesAhead.wait()
            queue.async {
                noteWriter.update { state in
                    for (note, html) in zip(batch, pages) where state.error == nil {
                        do {
                            try state.writer.page("education/\(note.slug).html", html)
                        } catch {
                            state.error = error
                        }
                    }
                }
                batchesAhead.signal()
            }
        }
        queue.sync {}
        if let error = noteWriter.value.error { throw error }
        writer.report.add(noteWriter.value.writer.report)
        for document in study.consentDocuments {
            let path = "consent/\(document.id).html"
            try writer.page(path, ConsentPages.document(document, study: study, links: links(path)))
        }
        for path in input.assets.files.keys.sorted() {
            guard let data = input.assets.contents(path) else { continue }
            try writer.write("assets/" + path, data)
        }
        return entries
    }

    private struct NoteWriter: Sendable {
        var writer: FileWriter
        var error: (any Error)?
    }

    /// Runs `body` for 0..<count on every core, each run with its own writer
    /// into `writer`'s folder; returns what the runs returned, in order, and
    /// adds their counts to `writer`. The first error is rethrown.
    private static func concurrently(_ count: Int, writer: inout FileWriter, progress: (@Sendable (Int) -> Void)?,
                                     _ body: @Sendable (Int, inout FileWriter) throws -> String) throws -> [String] {
        struct Outcome: Sendable {
            var value: String?
            var report: Report
            var error: (any Error)?
        }
        let (root, mode) = (writer.root, writer.mode)
        let outcomes = Locked(Array(repeating: Outcome?.none, count: count))
        let pages = Locked(0)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var local = FileWriter(root: root, mode: mode)
            let outcome: Outcome
            do {
                outcome = Outcome(value: try body(index, &local), report: local.report, error: nil)
            } catch {
                outcome = Outcome(value: nil, report: local.report, error: error)
            }
            outcomes.update { $0[index] = outcome }
            if let progress {
                var done = 0
                pages.update { $0 += outcome.report.pages; done = $0 }
                progress(done)
            }
        }
        var values: [String] = []
        for outcome in outcomes.value {
            guard let outcome else { continue }
            if let error = outcome.error { throw error }
            writer.report.add(outcome.report)
            values.append(outcome.value ?? "")
        }
        return values
    }

    /// A participant's summary, day feeds, insights and consent record;
    /// returns their row of the study index.
    private func writeParticipant(_ participant: Participant, today: LocalDate, days: ClosedRange<Int>, records: Records,
                                  writer: inout FileWriter, links: (String) -> SiteLinks) throws -> String {
        let plan = input.plan
        let study = plan.study
        let outcomes = records.outcomes.filter { !$0.isDeleted }
        let feed = plan.feed(for: participant, outcomes: outcomes, today: today)
        let summary = ParticipantSummary(participant: participant, feed: feed, outcomes: outcomes,
                                         records: records.consentRecords, study: study)
        let folder = "participants/\(participant.id)/"
        try writer.page(folder + "index.html", StudyPages.participant(summary, study: study, links: links(folder + "index.html")))
        for feedDay in feed.days(LocalDate(ordinal: days.lowerBound)...LocalDate(ordinal: days.upperBound)) {
            let path = folder + "feed/\(feedDay.day).html"
            try writer.page(path, FeedPage.render(feedDay, plan: plan, links: links(path)))
        }
        try writer.page(folder + "insights.html",
                        InsightsPage.render(participant: participant, outcomes: outcomes, day: today, today: today,
                                            plan: plan, links: links(folder + "insights.html")))
        try writer.page(folder + "consent.html",
                        ConsentPages.record(participant: participant, records: records.consentRecords, today: today,
                                            study: study, links: links(folder + "consent.html")))
        return StudyPages.indexRow(summary, study: study, links: links("index.html"))
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

/// Writes a site's files. Staged: into a new folder, linking files that did
/// not change from the previous site. In place: over the site itself,
/// replacing only files whose bytes changed, each by an atomic rename.
struct FileWriter {
    enum Mode: Sendable {
        case staged(previous: String)
        case inPlace
    }

    let root: String
    let mode: Mode
    var report = SiteBuilder.Report()
    private var folders: Set<String> = []

    init(root: String, mode: Mode) {
        self.root = root
        self.mode = mode
    }

    mutating func page(_ path: String, _ html: String) throws {
        report.pages += 1
        try write(path, Data(html.utf8))
    }

    mutating func write(_ path: String, _ data: Data) throws {
        report.files += 1
        report.bytes += data.count
        let target = root + "/" + path
        let folder = (target as NSString).deletingLastPathComponent
        if folders.insert(folder).inserted {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        switch mode {
        case .staged(let previous):
            let old = previous + "/" + path
            if Self.hasContents(old, data), link(old, target) == 0 {
                return
            }
            report.rewritten += 1
            try Self.create(target, data)
        case .inPlace:
            if Self.hasContents(target, data) {
                return
            }
            report.rewritten += 1
            try replace(path, data)
        }
    }

    /// Writes `data` beside `path` and renames it over `path`: a reader sees
    /// the old file or the new one, never part of one.
    func replace(_ path: String, _ data: Data) throws {
        let target = root + "/" + path
        let temporary = target + ".carefeed-\(getpid())"
        try Self.create(temporary, data)
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SiteError.cannotWrite(target, reason)
        }
    }

    /// Removes a participant's day feeds outside `days`, e.g. after `--today` moved back.
    mutating func removeFeedPages(of participantID: String, except days: ClosedRange<Int>) throws {
        let folder = "participants/\(participantID)/feed"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
            guard name.hasSuffix(".html"), let day = LocalDate(iso: String(name.dropLast(5))), !days.contains(day.ordinal) else {
                continue
            }
            try remove(folder + "/" + name)
        }
    }

    mutating func remove(_ path: String) throws {
        report.rewritten += 1
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    /// Whether the file at `path` holds exactly `data`; a size check first
    /// spares reading files that changed length.
    static func hasContents(_ path: String, _ data: Data) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) == data.count,
              let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == data
    }

    /// Plain open-write-close: a staging folder is swapped in whole, and an
    /// in-place file is renamed over its old one.
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
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); the site is left as it was, or with only some pages updated, "
                + "which the next build completes"
        case .notASite(let path):
            "\(path) exists and is not a site that carefeed build wrote, so it is not replaced; "
                + "choose another --out, or empty or remove that folder first"
        }
    }
}

