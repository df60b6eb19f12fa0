import CareModel
import Foundation
import Support

/// One file's merge into the study's store, inside the store's write
/// transaction: every record of the snapshot is compared with what the
/// store holds, new ones are added, and each contradiction is noted with
/// both sides. The caller rolls everything back when there is any.
struct StoreMerge {
    let database: Database
    let snapshot: StoreSnapshot
    let sharingRules: [SharingRule]
    var report: ImportReport
    var conflicts: [String] = []
    /// The file's task versions as this store numbers them: task → file's version → this store's.
    var versions: [String: [Int: Int]] = [:]

    init(database: Database, snapshot: StoreSnapshot, sharing: [SharingRule], report: ImportReport) {
        self.database = database
        self.snapshot = snapshot
        self.sharingRules = sharing
        self.report = report
    }

    mutating func run() throws {
        try participants()
        strangers()
        // Records of someone else under a held id are not worth comparing.
        guard conflicts.isEmpty else { return }
        try taskVersions()
        try consentVersions()
        try consentRecords()
        try permissionGrants()
        try dates()
        try outcomes()
        // Last: after a withdrawal the store takes nothing new for the participant.
        try withdrawals()
        try auditEntries()
    }

    private mutating func participants() throws {
        for participant in snapshot.participants {
            let held = try database.query("SELECT id, name, time_zone, enrolled_on, language FROM participants WHERE id = ?",
                                          [.text(participant.id)]).first.map(Participant.init(row:))
            guard let held else {
                try CareStore.insertParticipant(participant, into: database)
                report.participants += 1
                continue
            }
            if Self.describe(held) != Self.describe(participant) {
                conflicts.append("participant \(participant.id) names another person: in this file "
                                 + "\(Self.describe(participant)); in the study store \(Self.describe(held))")
            }
        }
    }

    /// Records of a participant the file holds no row for: the file cannot
    /// speak for them (a crafted one could turn another participant's
    /// sharing on), so they refuse it.
    private mutating func strangers() {
        let own = Set(snapshot.participants.map(\.id))
        var ids = snapshot.consentRecords.map(\.participantID) + snapshot.permissionGrants.map(\.participantID)
        ids += snapshot.outcomes.map(\.outcome.participantID) + snapshot.withdrawals.map(\.participantID)
        ids += snapshot.auditEntries.compactMap(\.participantID) + snapshot.dateChanges.map(\.participantID)
        for id in Set(ids).subtracting(own).sorted() {
            conflicts.append("the file holds records of participant \(id) but no participant \(id): "
                             + "a store speaks only for the participants it holds")
        }
    }

    private mutating func taskVersions() throws {
        let held = Dictionary(grouping: try database.query("""
            SELECT task_id, version, effective_from, definition, recorded_at FROM task_versions ORDER BY task_id, version
            """).map(TaskVersion.init(row:)), by: \.taskID)
        for version in snapshot.taskVersions {
            let recorded = held[version.taskID] ?? []
            if let match = version.match(in: recorded) {
                versions[version.taskID, default: [:]][version.version] = match.version
            } else if recorded.isEmpty {
                conflicts.append("task \(version.taskID) version \(version.version) is not part of the study: "
                                 + "the study has no task \(version.taskID)")
            } else {
                conflicts.append("task \(version.taskID) version \(version.version) differs from the study's: its definition "
                                 + "is neither the study's current one nor one it had (the study store holds version"
                                 + "\(recorded.count == 1 ? "" : "s") \(recorded.map { String($0.version) }.joined(separator: ", ")))")
            }
        }
    }

    private mutating func consentVersions() throws {
        for version in snapshot.consentVersions {
            let published = try database.query("""
                SELECT sha256 FROM consent_versions WHERE document_id = ? AND version = ? AND language = ?
                """, [.text(version.documentID), .text(version.version), .text(version.language)])
                .first.map { try $0.text("sha256") }
            guard let published else {
                // Only the study publishes a consent text: a participant's
                // computer cannot add one, nor a record of signing one.
                conflicts.append("consent document \(version.documentID) version \(version.version) (SHA-256 "
                                 + "\(version.sha256)) was never published by this study; import stores of this study's "
                                 + "participants, after building the study with the content that holds that version")
                continue
            }
            if published != version.sha256 {
                conflicts.append("consent document \(version.documentID) version \(version.version) has another text: "
                                 + "in this file SHA-256 \(version.sha256); in the study store SHA-256 \(published)")
            }
        }
    }

    private mutating func consentRecords() throws {
        // Every record is compared with what the store held before this file, then the new ones are added.
        var new: [ConsentRecord] = []
        for record in snapshot.consentRecords {
            let held = try database.query("""
                SELECT id, participant_id, document_id, version, sha256, html, printed_name,
                       signature_kind, signature, signed_at, time_zone, language
                FROM consent_records WHERE participant_id = ? AND document_id = ? AND version = ? ORDER BY id
                """, [.text(record.participantID), .text(record.documentID), .text(record.version)])
                .map(ConsentRecord.init(row:))
            // A version is published in each of the study's languages: the record signed one of them.
            let texts = try database.query("SELECT language, sha256 FROM consent_versions WHERE document_id = ? AND version = ?",
                                           [.text(record.documentID), .text(record.version)])
                .map { (language: try $0.text("language"), sha256: try $0.text("sha256")) }
            let published = (texts.first { $0.sha256 == record.sha256 } ?? texts.first { $0.language == (record.language ?? "") }
                ?? texts.first)?.sha256
            let digest = SHA256.hex(record.html.markup)
            if digest != record.sha256 {
                conflicts.append("participant \(record.participantID)'s consent record for \(record.documentID) version "
                                 + "\(record.version) does not hold the text it names: it says SHA-256 \(record.sha256), "
                                 + "its text has SHA-256 \(digest)")
            } else if published == nil {
                conflicts.append("participant \(record.participantID) signed \(record.documentID) version \(record.version), "
                                 + "which this study never published")
            } else if let published, published != record.sha256 {
                conflicts.append("participant \(record.participantID) signed \(record.documentID) version \(record.version) "
                                 + "with another text: in this file SHA-256 \(record.sha256); "
                                 + "the study published that version with SHA-256 \(published)")
            } else if held.isEmpty {
                new.append(record)
            } else if !held.contains(where: { Self.sameSignature($0, record) }) {
                conflicts.append("participant \(record.participantID)'s consent to \(record.documentID) version "
                                 + "\(record.version) differs: in this file \(Self.describe(record)); "
                                 + "in the study store \(Self.describe(held[0]))")
            }
        }
        for record in new {
            _ = try CareStore.insertConsentRecord(record, into: database)
            report.consentRecords += 1
        }
    }

    private mutating func permissionGrants() throws {
        var new: [PermissionGrant] = []
        for grant in snapshot.permissionGrants {
            let held = try database.query("""
                SELECT id, participant_id, permission_id, kind, granted, detail, recorded_at FROM permission_grants
                WHERE participant_id = ? AND permission_id = ? AND recorded_at = ? ORDER BY id
                """, [.text(grant.participantID), .text(grant.permissionID), .text(Timestamp.utc(grant.recordedAt))])
                .map(PermissionGrant.init(row:))
            if held.isEmpty {
                new.append(grant)
            } else if !held.contains(where: { Self.describe($0) == Self.describe(grant) }) {
                conflicts.append("participant \(grant.participantID)'s answer to permission \(grant.permissionID) at "
                                 + "\(Timestamp.utc(grant.recordedAt)) differs: in this file \(Self.describe(grant)); "
                                 + "in the study store \(Self.describe(held[0]))")
            }
        }
        for grant in new {
            _ = try CareStore.insertPermissionGrant(grant, into: database)
            report.permissionGrants += 1
        }
    }

    /// The values the file's participants' dates were given, each once,
    /// with its own time, as given by an import, each with its entry in
    /// the audit trail (the file's own entries for them are not copied).
    private mutating func dates() throws {
        for change in snapshot.dateChanges {
            let held = try database.query("""
                SELECT 1 FROM participant_dates WHERE participant_id = ? AND date_id = ? AND day = ? AND set_at = ?
                """, [.text(change.participantID), .text(change.dateID), .text(change.day.description),
                      .text(Timestamp.utc(change.setAt))])
            guard held.isEmpty else { continue }
            try database.query("""
                INSERT INTO participant_dates (participant_id, date_id, day, set_at, source) VALUES (?, ?, ?, ?, 'import')
                """, [.text(change.participantID), .text(change.dateID), .text(change.day.description),
                      .text(Timestamp.utc(change.setAt))])
            try CareStore.audit(database, at: change.setAt, participantID: change.participantID, action: .participantDate,
                                subject: .participant(id: change.participantID), detail: "\(change.dateID) \(change.day) (imported)")
        }
    }

    private mutating func withdrawals() throws {
        for withdrawal in snapshot.withdrawals {
            let held = try database.query("SELECT participant_id, withdrawn_at, reason FROM withdrawals WHERE participant_id = ?",
                                          [.text(withdrawal.participantID)]).first.map(Withdrawal.init(row:))
            guard let held else {
                try CareStore.insertWithdrawal(withdrawal, into: database)
                report.withdrawals += 1
                continue
            }
            if Self.describe(held) != Self.describe(withdrawal) {
                conflicts.append("participant \(withdrawal.participantID)'s withdrawal differs: in this file "
                                 + "\(Self.describe(withdrawal)); in the study store \(Self.describe(held))")
            }
        }
    }

    /// The file's audit entries about its participants, each once, with its
    /// time. `outcome.add` and `participant.date` entries are not copied: each added outcome has
    /// its own, written from the values shared, so a value left out does
    /// not reach the log through an entry's detail. Entries about no
    /// participant tell the file's own task and consent numbering, which the
    /// study's store keeps for itself.
    private mutating func auditEntries() throws {
        var held: Set<String> = []
        for participant in snapshot.participants {
            for entry in try CareStore.auditLog(in: database, participantID: participant.id) {
                held.insert(Self.key(entry, participantID: participant.id))
            }
        }
        // A date's entry is written with the date itself, from its stored value.
        for entry in snapshot.auditEntries where entry.action != .outcomeAdd && entry.action != .participantDate {
            guard let participantID = entry.participantID, held.insert(Self.key(entry, participantID: participantID)).inserted
            else { continue }
            try CareStore.audit(database, at: entry.at, participantID: participantID, action: entry.action,
                                subject: try localSubject(entry, participantID: participantID), detail: entry.detail)
        }
    }

    /// What makes two entries one: when, what, to whom and to which record.
    /// An outcome is named by its task alone, since its occurrence and row
    /// differ between stores (a log entry's occurrence was numbered otherwise before).
    private static func key(_ entry: AuditEntry, participantID: String) -> String {
        let subject = if case .outcome(let taskID, _, _) = entry.subject { "outcome " + taskID } else { entry.subject.text }
        return "\(Timestamp.utc(entry.at)) \(entry.action.rawValue) \(subject) \(participantID)"
    }

    /// The entry's subject in this store: an outcome is named by its
    /// occurrence and row here, found by when the file says it was deleted.
    private func localSubject(_ entry: AuditEntry, participantID: String) throws -> AuditEntry.Subject {
        guard case .outcome(let taskID, let occurrence, _) = entry.subject else { return entry.subject }
        let row = try database.query("""
            SELECT id, occurrence FROM outcomes WHERE participant_id = ? AND task_id = ? AND deleted_at = ? ORDER BY id LIMIT 1
            """, [.text(participantID), .text(taskID), .text(Timestamp.utc(entry.at))]).first
        guard let row else { return .outcome(taskID: taskID, occurrence: occurrence, outcomeID: nil) }
        return .outcome(taskID: taskID, occurrence: try row.int("occurrence"), outcomeID: try row.integer("id"))
    }
}

extension StoreMerge {
    static func describe(_ participant: Participant) -> String {
        "\(participant.name), enrolled \(participant.enrolledOn) in \(participant.timeZone.identifier)"
    }

    static func describe(_ record: ConsentRecord) -> String {
        "signed \(Timestamp.utc(record.signedAt)) (\(record.timeZone.identifier)) by \(record.printedName) "
            + "with a \(record.signature.kind) signature, SHA-256 \(record.sha256)"
    }

    /// Equal records, including the exact text and signature, which the description shortens.
    static func sameSignature(_ one: ConsentRecord, _ other: ConsentRecord) -> Bool {
        describe(one) == describe(other) && one.html == other.html && one.signature == other.signature
    }

    static func describe(_ grant: PermissionGrant) -> String {
        "\(grant.granted ? "granted" : "declined") (\(grant.kind)\(grant.detail.map { ", browser said \($0)" } ?? ""))"
    }

    static func describe(_ withdrawal: Withdrawal) -> String {
        "withdrawn \(Timestamp.utc(withdrawal.withdrawnAt))" + (withdrawal.reason.map { ", reason \"\($0)\"" } ?? ", no reason given")
    }
}

extension TaskVersion {
    /// The study's version that this one (from a participant's file) is:
    /// the one with the same task and the very same definition, of the same
    /// number where the study numbered it so; nil when the study never had
    /// this definition. A file's versions are judged by this match, never by
    /// the definition the file carries.
    public func match(in studyVersions: [TaskVersion]) -> TaskVersion? {
        let same = studyVersions.filter { $0.taskID == taskID && $0.definition == definition }
        return same.first { $0.version == version } ?? same.last
    }
}
