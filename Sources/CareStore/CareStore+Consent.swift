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
                                         signature_kind, signature, signed_at, time_zone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(record.participantID), .text(record.documentID), .text(record.version),
                  .text(record.sha256), .text(record.html.markup), .text(record.printedName),
                  .text(record.signature.kind), .text(record.signature.content),
                  .text(Timestamp.utc(record.signedAt)), .text(record.timeZone.identifier)])
        var stored = record
        stored.id = database.lastInsertedRowID
        try audit(database, at: record.signedAt, participantID: record.participantID, action: "consent.sign",
                  subject: "\(record.documentID) \(record.version)",
                  detail: "sha256 \(record.sha256), \(record.signature.kind) signature")
        return stored
    }

    public func consentRecords(participantID: String? = nil) throws -> [ConsentRecord] {
        try read { database in
            let filter = participantID == nil ? "" : "WHERE participant_id = ?"
            return try database.query("""
                SELECT id, participant_id, document_id, version, sha256, html, printed_name,
                       signature_kind, signature, signed_at, time_zone
                FROM consent_records \(filter) ORDER BY participant_id, signed_at, id
                """, participantID.map { [.text($0)] } ?? []).map(ConsentRecord.init(row:))
        }
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
                  action: "permission.record", subject: grant.permissionID,
                  detail: (grant.granted ? "granted" : "declined") + (grant.detail.map { " (\($0))" } ?? ""))
        return stored
    }

    public func permissionGrants(participantID: String? = nil) throws -> [PermissionGrant] {
        try read { database in
            let filter = participantID == nil ? "" : "WHERE participant_id = ?"
            return try database.query("""
                SELECT id, participant_id, permission_id, kind, granted, detail, recorded_at
                FROM permission_grants \(filter) ORDER BY participant_id, recorded_at, id
                """, participantID.map { [.text($0)] } ?? []).map(PermissionGrant.init(row:))
        }
    }
}
