import Assets
import CareModel
import StudyModel
import Feed
import Foundation
import Words

/// Writes the clinicians' static site: the study index, each participant's
/// summary, day feeds from enrollment to today + 7, insights, consent
/// record and audit trail, the education notes, the consent documents and
/// the assets. Participants are shown by study ID unless `names` is set,
/// and only with the values they share (`Sharing`).
///
/// A first build, or one after the content or the program changed, is
/// written to a temporary folder beside the output and swapped in, so a
/// failed build leaves the last good site; a file whose bytes did not change
/// is carried over by a hard link. Otherwise the build manifest in the
/// site's marker file tells which participants' data changed since, and only
/// their pages are rendered again; files are replaced one by one by rename,
/// and the manifest is written last, so an interrupted update is redone.
public struct SiteBuilder: Sendable {
    public struct Input: Sendable {
        public var plan: CarePlan
        public var participants: [Participant]
        /// A participant's records, read when their pages are rendered.
        public var records: @Sendable (Participant) throws -> ParticipantRecords
        /// `CareStore.participantRevisions()`. With it and `manifestKey`, a
        /// rebuild renders only the participants whose revision or today
        /// changed; nil renders all.
        public var revisions: [String: String]?
        /// `CareStore.siteKey()`: the build manifest is sealed with it, and a
        /// manifest is only reused where every seal is its own. Nil renders all.
        public var manifestKey: [UInt8]?
        /// Names the program that renders: a site written by another one is
        /// rebuilt whole.
        public var renderer: String
        public var assets: Assets
        /// Today for a participant: `--today`, or the real date in their zone.
        public var today: @Sendable (Participant) -> LocalDate
        /// Whether pages show participants' names beside their study IDs
        /// (`build --names`); without it, names and signatures never leave the store.
        public var names: Bool
        /// When the store was read, shown on the index as "Data as of" in
        /// the study's zone; nil leaves the line out. Only the index shows
        /// it, so a rebuild with nothing new rewrites only the index.
        public var dataAsOf: Date?
        /// The language the site is written in: the study's own, or `build --language`.
        public var language: Language
        /// The consent versions the store has published, for the protocol page.
        public var consentVersions: [ConsentVersion] = []
        /// The last build's manifest, if the command began reading it early.
        public var earlyManifest: EarlyManifest?
        /// Called as each step of the build ends, with its name (`build --timings`).
        public var stepDone: (@Sendable (String) -> Void)?

        /// - Parameter language: nil for the study's own language.
        public init(plan: CarePlan, participants: [Participant], records: @escaping @Sendable (Participant) throws -> ParticipantRecords,
                    revisions: [String: String]?, renderer: String, assets: Assets, names: Bool = false,
                    dataAsOf: Date? = nil, language: Language? = nil, today: @escaping @Sendable (Participant) -> LocalDate) {
            self.language = language ?? plan.study.ownLanguage
            self.plan = plan
            self.participants = participants
            self.records = records
            self.revisions = revisions
            self.renderer = renderer
            self.assets = assets
            self.names = names
            self.dataAsOf = dataAsOf
            self.today = today
        }

        /// Every participant's records at once; every page is rendered.
        public init(plan: CarePlan, participants: [Participant], outcomes: [Outcome], consentRecords: [ConsentRecord],
                    permissionGrants: [PermissionGrant], withdrawals: [Withdrawal] = [], auditLog: [AuditEntry] = [],
                    assets: Assets, names: Bool = false, today: @escaping @Sendable (Participant) -> LocalDate) {
            let outcomes = Dictionary(grouping: outcomes, by: \.participantID)
            let consentRecords = Dictionary(grouping: consentRecords, by: \.participantID)
            let grants = Dictionary(grouping: permissionGrants, by: \.participantID)
            let withdrawals = Dictionary(withdrawals.map { ($0.participantID, $0) }, uniquingKeysWith: { first, _ in first })
            self.init(plan: plan, participants: participants,
                      records: { participant in
                          ParticipantRecords(outcomes: outcomes[participant.id] ?? [],
                                             consentRecords: consentRecords[participant.id] ?? [],
                                             permissionGrants: grants[participant.id] ?? [], withdrawal: withdrawals[participant.id],
                                             auditLog: auditLog.filter { $0.participantID == participant.id || $0.participantID == nil })
                      },
                      revisions: nil, renderer: "", assets: assets, names: names, today: today)
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
        /// Folders that builds which were stopped left beside the site, removed by this one.
        public var leftoversRemoved: [String] = []

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
        // Participant ids become folder names: one that is not a plain id is refused before anything is written.
        if let bad = input.participants.first(where: { !Identifier.isValid($0.id) }) {
            throw SiteError.invalidParticipantID(bad.id)
        }
        // A trailing slash would make lstat follow the link it is to catch.
        var folder = output
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        var status = stat()
        if lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder)) ?? "somewhere"
            throw SiteError.outputIsLink(folder, destination)
        }
        let plan = try BuildPlan(input, output: output)
        let leftovers = Self.removeLeftovers(beside: plan.output)
        input.stepDone?("manifest read, changes found")
        if let previous = plan.previous {
            var writer = FileWriter(root: plan.output, mode: .inPlace)
            let participants = try writePages(plan, into: &writer, progress: progress)
            var report = try finishUpdate(plan, previous: previous, participants: participants, writer: writer)
            input.stepDone?("synced, manifest written")
            report.leftoversRemoved = leftovers
            return report
        }
        var writer = try Self.stagingWriter(beside: plan.output)
        do {
            let participants = try writePages(plan, into: &writer, progress: progress)
            try Self.seal(&writer, BuildManifest(inputs: plan.inputs, participants: participants), key: input.manifestKey ?? [])
            input.stepDone?("synced, manifest written")
        } catch {
            Self.discard(writer)
            throw error
        }
        do {
            try Self.swap(writer.root, into: plan.output)
        } catch {
            Self.discard(writer)
            throw error as? SiteError ?? SiteError.cannotWrite(plan.output, Self.words(error))
        }
        input.stepDone?("swapped in")
        var report = plan.report
        report.add(writer.report)
        report.leftoversRemoved = leftovers
        return report
    }

    /// Every file of the site but its manifest; returns the manifest's
    /// entries of every participant.
    private func writePages(_ plan: BuildPlan, into writer: inout FileWriter,
                            progress: (@Sendable (Int, Int) -> Void)?) throws -> [String: BuildManifest.Entry] {
        let participants = try writeParticipantPages(plan, into: &writer, progress: progress)
        input.stepDone?("participants' pages")
        try writeIndex(plan, participants: participants, into: &writer)
        input.stepDone?("index")
        try writeOverview(plan, participants: participants, into: &writer)
        input.stepDone?("overview")
        try writeProtocol(plan, into: &writer)
        try writeNotes(plan, into: &writer)
        try writeAssets(into: &writer)
        input.stepDone?("protocol, notes and assets")
        return participants
    }

    private func writeAssets(into writer: inout FileWriter) throws {
        for path in input.assets.files.keys.sorted() {
            guard let data = input.assets.contents(path) else { continue }
            try writer.write("assets/" + path, data)
        }
    }
}
