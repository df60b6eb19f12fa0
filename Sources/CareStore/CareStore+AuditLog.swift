import CareModel
import Foundation

extension CareStore {
    public func auditLog() throws -> [AuditEntry] {
        try read { try Self.auditLog(in: $0) }
    }

    static func auditLog(in database: Database) throws -> [AuditEntry] {
        let chained = try userVersion(of: database) >= 10
        return try database.query("SELECT \(AuditEntry.columns)\(chained ? ", chain_index, sha256" : "") FROM audit_log ORDER BY id")
            .map { try entry($0, chained: chained) }
    }

    /// An entry, with its place in its chain and its hash where the store has chains.
    private static func entry(_ row: Row, chained: Bool) throws -> AuditEntry {
        var entry = try AuditEntry(row: row)
        if chained, case .integer(let index) = try row.value("chain_index") {
            entry.chainIndex = Int(index)
            entry.sha256 = try row.optionalText("sha256")
        }
        return entry
    }

    /// The entries about one participant, with the study's consent
    /// publications, which concern everyone who signed the document; in
    /// the order they were written.
    public func auditLog(participantID: String) throws -> [AuditEntry] {
        // One snapshot for the two reads, so that no write falls between them.
        try read { database in try database.snapshot { try Self.auditLog(in: database, participantID: participantID) } }
    }

    /// With each entry's place in its chain and its hash, where the store has chains.
    /// Two reads of the index, each in the order written, merged: one query
    /// asking for either made SQLite sort every entry again.
    static func auditLog(in database: Database, participantID: String) throws -> [AuditEntry] {
        let chained = try userVersion(of: database) >= 10
        let columns = "\(AuditEntry.columns)\(chained ? ", chain_index, sha256" : "")"
        var own: [AuditEntry] = []
        try database.forEachRow("SELECT \(columns) FROM audit_log WHERE participant_id = ? ORDER BY id",
                                [.text(participantID)]) { own.append(try entry($0, chained: chained)) }
        let publications = try database.query("""
            SELECT \(columns) FROM audit_log WHERE participant_id IS NULL AND action = 'consent.publish' ORDER BY id
            """).map { try entry($0, chained: chained) }
        var merged: [AuditEntry] = []
        merged.reserveCapacity(own.count + publications.count)
        var rest = publications[...]
        for entry in own {
            while let publication = rest.first, publication.id < entry.id {
                merged.append(rest.removeFirst())
            }
            merged.append(entry)
        }
        return merged + rest
    }

    static func audit(_ database: Database, at instant: Date, participantID: String?, action: AuditEntry.Action,
                      subject: AuditEntry.Subject, detail: String?) throws {
        var typed: [String: SQLValue] = [:]
        switch subject {
        case .outcome(let taskID, let occurrence, let outcomeID):
            typed = ["task_id": .text(taskID), "occurrence": .integer(Int64(occurrence)),
                     "outcome_id": outcomeID.map(SQLValue.integer) ?? .null]
        case .consent(let documentID, let version):
            typed = ["document_id": .text(documentID), "document_version": .text(version)]
        case .permission(let id):
            typed = ["permission_id": .text(id)]
        case .taskVersion(let taskID, let version):
            typed = ["task_id": .text(taskID), "task_version": .integer(Int64(version))]
        case .participant, .file, .question:
            break
        }
        var entry = typed
        entry["at"] = .text(Timestamp.utc(instant))
        entry["participant_id"] = participantID.map(SQLValue.text) ?? .null
        entry["action"] = .text(action.rawValue)
        entry["subject"] = .text(subject.text)
        entry["detail"] = detail.map(SQLValue.text) ?? .null
        // Chained in the same transaction as the record it logs, which is stored already.
        let link = try AuditChain.next(entry, in: database)
        let columns = AuditChain.columns + ["chain_index", "previous_sha256", "record_sha256", "sha256"]
        try database.query("""
            INSERT INTO audit_log (\(columns.joined(separator: ", ")))
            VALUES (?\(String(repeating: ", ?", count: columns.count - 1)))
            """, AuditChain.columns.map { entry[$0] ?? .null }
                + [.integer(Int64(link.index)), link.previous.map(SQLValue.text) ?? .null,
                   link.record.map(SQLValue.text) ?? .null, .text(link.sha256)])
    }
}

extension AuditEntry {
    /// The columns of the subject as values, in the order `columns` lists them.
    static let typedColumns = ["task_id", "occurrence", "outcome_id", "task_version", "document_id", "document_version",
                               "permission_id"]

    /// What a query of `audit_log` selects for `init(row:)`.
    static let columns = "id, at, participant_id, action, subject, detail, " + typedColumns.joined(separator: ", ")

    /// Reads a row of `audit_log`: its action, and the subject from the
    /// typed columns that action has.
    init(row: Row) throws {
        // In the order `columns` names them, where a row read as it is asked looks first.
        let (id, at, participantID) = (try row.integer("id"), try row.date("at"), try row.optionalText("participant_id"))
        let action = try row.parsed("action", as: "an audit action", Action.init(rawValue:))
        let subject: Subject
        switch action {
        case .outcomeAdd, .outcomeDelete:
            subject = .outcome(taskID: try row.text("task_id"), occurrence: try row.int("occurrence"),
                               outcomeID: try row.isNull("outcome_id") ? nil : try row.integer("outcome_id"))
        case .consentSign, .consentPublish:
            subject = .consent(documentID: try row.text("document_id"), version: try row.text("document_version"))
        case .permissionRecord:
            subject = .permission(id: try row.text("permission_id"))
        case .participantWithdraw, .participantInvite, .deviceJoin, .deviceSignOut, .deviceRevoke, .participantDate:
            subject = .participant(id: try row.text("subject"))
        case .taskVersion:
            subject = .taskVersion(taskID: try row.text("task_id"), version: try row.int("task_version"))
        case .fileImport:
            subject = .file(path: try row.text("subject"))
        case .consentQuiz:
            subject = .question(id: try row.text("subject"))
        }
        self.init(id: id, at: at, participantID: participantID, action: action, subject: subject,
                  detail: try row.optionalText("detail"))
    }
}
