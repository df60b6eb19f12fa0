import CareModel
import Foundation

extension CareStore {
    public func auditLog() throws -> [AuditEntry] {
        try read { database in
            try database.query("SELECT id, at, participant_id, action, subject, detail FROM audit_log ORDER BY id")
                .map(AuditEntry.init(row:))
        }
    }

    static func audit(_ database: Database, at instant: Date, participantID: String?, action: String,
                      subject: String, detail: String?) throws {
        try database.query("INSERT INTO audit_log (at, participant_id, action, subject, detail) VALUES (?, ?, ?, ?, ?)",
                           [.text(Timestamp.utc(instant)), participantID.map(SQLValue.text) ?? .null,
                            .text(action), .text(subject), detail.map(SQLValue.text) ?? .null])
    }
}
