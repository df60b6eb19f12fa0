import CareModel
import Foundation
import Support

/// The audit log as chains of hashes (SPEC §14): one per participant, one
/// for the entries about no participant. An entry's `sha256` covers its own
/// fields, its place in its chain, the hash of the entry before it and the
/// hash of the record it logs as that record is stored, so an edited value,
/// time or text, or a row taken out of a chain, shows.
enum AuditChain {
    /// What a chained entry's columns hold.
    struct Link {
        var index: Int
        var previous: String?
        var record: String?
        var sha256: String
    }

    static let columns = ["at", "participant_id", "action", "subject", "detail"] + AuditEntry.typedColumns

    /// The link of an entry about to be written, by its `columns`: after the newest entry of its chain.
    static func next(_ entry: [String: SQLValue], in database: Database) throws -> Link {
        let last = try database.query("""
            SELECT chain_index, sha256 FROM audit_log WHERE participant_id IS ? AND sha256 IS NOT NULL ORDER BY id DESC LIMIT 1
            """, [entry["participant_id"] ?? .null]).first
        return try link(entry, after: try last.map { (try $0.int("chain_index"), try $0.text("sha256")) }, in: database)
    }

    /// The link of `entry` (its `columns`) after `previous`, the chain's entry before it.
    static func link(_ entry: [String: SQLValue], after previous: (index: Int, sha256: String)?, in database: Database) throws -> Link {
        let record = try recordHash(entry, in: database)
        let index = (previous?.index ?? 0) + 1
        let fields = columns.map { entry[$0] ?? .null }
            + [.integer(Int64(index)), previous.map { .text($0.sha256) } ?? .null, record.map(SQLValue.text) ?? .null]
        return Link(index: index, previous: previous?.sha256, record: record, sha256: SHA256.hex(canonical(fields)))
    }

    /// A row's `columns`, by name.
    static func fields(_ row: Row) throws -> [String: SQLValue] {
        Dictionary(uniqueKeysWithValues: try columns.map { ($0, try row.value($0)) })
    }

    /// The hash of the record an entry logs, as it is stored now: an
    /// answer's row and values, a signed consent, a permission's answer; nil
    /// for an entry that logs no record of its own.
    static func recordHash(_ entry: [String: SQLValue], in database: Database) throws -> String? {
        guard case .text(let action)? = entry["action"] else { return nil }
        let participant = entry["participant_id"] ?? .null
        let rows: [[SQLValue]]
        switch action {
        case AuditEntry.Action.outcomeAdd.rawValue, AuditEntry.Action.outcomeDelete.rawValue:
            guard case .integer(let outcome)? = entry["outcome_id"] else { return nil }
            let columns = ["participant_id", "task_id", "task_version", "occurrence", "entry", "event_day", "event_start",
                           "event_end", "created_at"] + (action == AuditEntry.Action.outcomeDelete.rawValue ? ["deleted_at"] : [])
            rows = try database.query("SELECT \(columns.joined(separator: ", ")) FROM outcomes WHERE id = ?", [.integer(outcome)])
                .map { row in try columns.map { try row.value($0) } }
                + database.query("SELECT position, kind, type, value, unit FROM outcome_values WHERE outcome_id = ? ORDER BY position",
                                 [.integer(outcome)])
                .map { row in try ["position", "kind", "type", "value", "unit"].map { try row.value($0) } }
        case AuditEntry.Action.consentSign.rawValue:
            let columns = ["document_id", "version", "sha256", "html", "printed_name", "signature_kind", "signature", "signed_at",
                           "time_zone", "language"]
            rows = try database.query("""
                SELECT \(columns.joined(separator: ", ")) FROM consent_records
                WHERE participant_id IS ? AND document_id = ? AND version = ? AND signed_at = ? ORDER BY id
                """, [participant, entry["document_id"] ?? .null, entry["document_version"] ?? .null, entry["at"] ?? .null])
                .map { row in try columns.map { try row.value($0) } }
        case AuditEntry.Action.permissionRecord.rawValue:
            let columns = ["permission_id", "kind", "granted", "detail", "recorded_at"]
            rows = try database.query("""
                SELECT \(columns.joined(separator: ", ")) FROM permission_grants
                WHERE participant_id IS ? AND permission_id = ? AND recorded_at = ? ORDER BY id
                """, [participant, entry["permission_id"] ?? .null, entry["at"] ?? .null])
                .map { row in try columns.map { try row.value($0) } }
        default:
            return nil
        }
        return rows.isEmpty ? nil : SHA256.hex(rows.map(canonical).joined(separator: "\n"))
    }

    /// Values as one text that no other values give: each typed, and text prefixed with its length.
    static func canonical(_ values: [SQLValue]) -> String {
        values.map { value in
            switch value {
            case .null: "n"
            case .integer(let integer): "i\(integer)"
            case .real(let real): "r\(String(real.bitPattern, radix: 16))"
            case .text(let text): "t\(text.utf8.count):\(text)"
            }
        }.joined(separator: "|")
    }

    /// Chains the entries a store had before chains, each chain in the order its entries were written.
    static func chainExisting(in database: Database) throws {
        var last: [String: (index: Int, sha256: String)] = [:]
        for row in try database.query("SELECT id, \(columns.joined(separator: ", ")) FROM audit_log ORDER BY id") {
            let chain = try row.optionalText("participant_id") ?? ""
            let link = try self.link(try fields(row), after: last[chain], in: database)
            try database.query("UPDATE audit_log SET chain_index = ?, previous_sha256 = ?, record_sha256 = ?, sha256 = ? WHERE id = ?",
                               [.integer(Int64(link.index)), link.previous.map(SQLValue.text) ?? .null,
                                link.record.map(SQLValue.text) ?? .null, .text(link.sha256), .integer(try row.integer("id"))])
            last[chain] = (link.index, link.sha256)
        }
    }
}
