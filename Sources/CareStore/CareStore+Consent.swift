import CareModel
import Foundation

extension CareStore {
    /// Appends a consent record and its audit row.
    @discardableResult
    public func addConsentRecord(_ record: ConsentRecord) throws -> ConsentRecord {
        try write { database in try Self.insertConsentRecord(record, into: database) }
    }

    static func insertConsentRecord(_ record: ConsentRecord, into database: Database) throws -> ConsentRecord {
        try database.query("""
            INSERT INTO consent_records (participant_id, document_id, version, sha256, html, printed_name,
                                         signature_kind, signature, signed_at, time_zone, language)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(record.participantID), .text(record.documentID), .text(record.version),
                  .text(record.sha256), .text(record.html.markup), .text(record.printedName),
                  .text(record.signature.kind), .text(record.signature.content),
                  .text(Timestamp.utc(record.signedAt)), .text(record.timeZone.identifier),
                  record.language.map { .text($0) } ?? .null])
        var stored = record
        stored.id = database.lastInsertedRowID
        try audit(database, at: record.signedAt, participantID: record.participantID, action: .consentSign,
                  subject: .consent(documentID: record.documentID, version: record.version),
                  detail: "sha256 \(record.sha256), \(record.signature.kind) signature"
                      + (record.language.map { ", \($0)" } ?? ""))
        return stored
    }

    public func consentRecords(participantID: String? = nil) throws -> [ConsentRecord] {
        try read { try Self.consentRecords(in: $0, participantID: participantID) }
    }

    static func consentRecords(in database: Database, participantID: String?) throws -> [ConsentRecord] {
        let filter = participantID == nil ? "" : "WHERE participant_id = ?"
        return try database.query("""
            SELECT id, participant_id, document_id, version, sha256, html, printed_name,
                   signature_kind, signature, signed_at, time_zone, language
            FROM consent_records \(filter) ORDER BY participant_id, signed_at, id
            """, participantID.map { [.text($0)] } ?? []).map(ConsentRecord.init(row:))
    }

    /// Appends a permission answer and its audit row.
    @discardableResult
    public func addPermissionGrant(_ grant: PermissionGrant) throws -> PermissionGrant {
        try write { database in try Self.insertPermissionGrant(grant, into: database) }
    }

    static func insertPermissionGrant(_ grant: PermissionGrant, into database: Database) throws -> PermissionGrant {
        try database.query("""
            INSERT INTO permission_grants (participant_id, permission_id, kind, granted, detail, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(grant.participantID), .text(grant.permissionID), .text(grant.kind),
                  .integer(grant.granted ? 1 : 0), grant.detail.map(SQLValue.text) ?? .null,
                  .text(Timestamp.utc(grant.recordedAt))])
        var stored = grant
        stored.id = database.lastInsertedRowID
        try audit(database, at: grant.recordedAt, participantID: grant.participantID,
                  action: .permissionRecord, subject: .permission(id: grant.permissionID),
                  detail: (grant.granted ? "granted" : "declined") + (grant.detail.map { " (\($0))" } ?? ""))
        return stored
    }

    public func permissionGrants(participantID: String? = nil) throws -> [PermissionGrant] {
        try read { try Self.permissionGrants(in: $0, participantID: participantID) }
    }

    static func permissionGrants(in database: Database, participantID: String?) throws -> [PermissionGrant] {
        let filter = participantID == nil ? "" : "WHERE participant_id = ?"
        return try database.query("""
            SELECT id, participant_id, permission_id, kind, granted, detail, recorded_at
            FROM permission_grants \(filter) ORDER BY participant_id, recorded_at, id
            """, participantID.map { [.text($0)] } ?? []).map(PermissionGrant.init(row:))
    }
}

extension CareStore {
    /// Records what a participant chose where it differs from the choice in
    /// force: one current answer per permission, each change kept as history,
    /// no duplicates. Returns the answers that were recorded.
    @discardableResult
    public func recordPermissionChoices(_ grants: [PermissionGrant]) throws -> [PermissionGrant] {
        try write { database in try Self.insertChangedGrants(grants, into: database) }
    }

    static func insertChangedGrants(_ grants: [PermissionGrant], into database: Database) throws -> [PermissionGrant] {
        var recorded: [PermissionGrant] = []
        for grant in grants {
            let current = try database.query("""
                SELECT id, participant_id, permission_id, kind, granted, detail, recorded_at FROM permission_grants
                WHERE participant_id = ? AND permission_id = ? ORDER BY recorded_at DESC, id DESC LIMIT 1
                """, [.text(grant.participantID), .text(grant.permissionID)]).map(PermissionGrant.init(row:)).first
            if let current, current.granted == grant.granted, current.detail == grant.detail, current.kind == grant.kind {
                continue
            }
            recorded.append(try insertPermissionGrant(grant, into: database))
        }
        return recorded
    }

    /// Onboarding, stored at once or not at all: the consent records not yet
    /// held (one per document and version), the permission choices that
    /// changed, and the onboarding outcome that marks it complete. A second
    /// call for the same onboarding stores nothing new.
    public func completeOnboarding(dates: [String: LocalDate] = [:], quiz: [QuizAttempt] = [], consents: [ConsentRecord],
                                   grants: [PermissionGrant], outcome: NewOutcome, at instant: Date) throws {
        try write { database in
            let answered = try database.query("""
                SELECT 1 FROM outcomes WHERE participant_id = ? AND task_id = ? AND occurrence = ? AND deleted_at IS NULL
                """, [.text(outcome.participantID), .text(outcome.taskID), .integer(Int64(outcome.event.occurrence))])
            // Each answer to a question about the consent, in the order given, before the consent they led to; once.
            for attempt in quiz where answered.isEmpty {
                try Self.audit(database, at: attempt.at, participantID: outcome.participantID, action: .consentQuiz,
                               subject: .question(id: attempt.itemID), detail: attempt.answer)
            }
            for (id, day) in dates.sorted(by: { $0.key < $1.key }) {
                _ = try Self.setDate(id, to: day, participantID: outcome.participantID, at: instant, source: .participant,
                                     in: database)
            }
            for record in consents {
                let held = try database.query("""
                    SELECT 1 FROM consent_records WHERE participant_id = ? AND document_id = ? AND version = ?
                    """, [.text(record.participantID), .text(record.documentID), .text(record.version)])
                if held.isEmpty {
                    _ = try Self.insertConsentRecord(record, into: database)
                }
            }
            _ = try Self.insertChangedGrants(grants, into: database)
            if answered.isEmpty {
                _ = try Self.insertOutcome(outcome, at: instant, into: database)
            }
        }
    }
}
