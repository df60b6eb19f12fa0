import CareModel
import Foundation

extension CareStore {
    public func auditLog() throws -> [AuditEntry] {
        try read { database in
            try database.query("SELECT id, at, participant_id, action, subject, detail FROM audit_log ORDER BY id")
                .map { row in
                    AuditEntry(id: row[0].integer ?? 0, at: row[1].text.flatMap(Timestamp.parse) ?? .distantPast,
                               participantID: row[2].text, action: row[3].text ?? "", subject: row[4].text ?? "",
                               detail: row[5].text)
                }
        }
    }

    static func audit(_ database: Database, at instant: Date, participantID: String?, action: String,
                      subject: String, detail: String?) throws {
        try database.query("INSERT INTO audit_log (at, participant_id, action, subject, detail) VALUES (?, ?, ?, ?, ?)",
                           [.text(Timestamp.utc(instant)), participantID.map(SQLValue.text) ?? .null,
                            .text(action), .text(subject), detail.map(SQLValue.text) ?? .null])
    }
}
