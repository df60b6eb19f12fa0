import CareModel
import Foundation

extension CareStore {
    public func auditLog() throws -> [AuditEntry] {
        try read { try Self.auditLog(in: $0) }
    }

    static func auditLog(in database: Database) throws -> [AuditEntry] {
        try database.query("SELECT id, at, participant_id, action, subject, detail FROM audit_log ORDER BY id")
            .map(AuditEntry.init(row:))
    }

    /// The entries about one participant, with the study's consent
    /// publications, which concern everyone who signed the document; in
    /// the order they were written.
    public func auditLog(participantID: String) throws -> [AuditEntry] {
        try read { try Self.auditLog(in: $0, participantID: participantID) }
    }

    static func auditLog(in database: Database, participantID: String) throws -> [AuditEntry] {
        try database.query("""
            SELECT id, at, participant_id, action, subject, detail FROM audit_log
            WHERE participant_id = ? OR (participant_id IS NULL AND action = 'consent.publish') ORDER BY id
            """, [.text(participantID)]).map(AuditEntry.init(row:))
    }

    static func audit(_ database: Database, at instant: Date, participantID: String?, action: String,
                      subject: String, detail: String?) throws {
        try database.query("INSERT INTO audit_log (at, participant_id, action, subject, detail) VALUES (?, ?, ?, ?, ?)",
                           [.text(Timestamp.utc(instant)), participantID.map(SQLValue.text) ?? .null,
                            .text(action), .text(subject), detail.map(SQLValue.text) ?? .null])
    }
}
