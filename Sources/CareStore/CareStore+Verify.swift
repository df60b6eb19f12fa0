import CareModel
import Foundation
import Support

/// What `carefeed verify` checks (SPEC §14): every chain of the audit log
/// and every consent record's hash.
public struct Verification: Sendable {
    /// A row that does not agree with what was chained, in words that name it.
    public var problems: [String] = []
    public var chains = 0
    public var entries = 0
    public var consentRecords = 0
    /// The newest entry of each chain, by participant; "" for the entries about no participant.
    public var heads: [String: String] = [:]
}

extension CareStore {
    /// Checks each chain from its first entry: its place, the hash of the
    /// entry before it, the hash of the record it logs as stored now and its
    /// own hash. The first entry of a chain that does not agree is named, and
    /// the chain is not read further; then every consent record's text
    /// against its hash, and every answer against an entry that logs it.
    public func verify() throws -> Verification {
        try read { try Self.verification(in: $0) }
    }

    /// - Parameter consentTexts: whether to check each consent record's text against its hash; `import` checks it
    ///   itself, against the study's published texts, and names both sides.
    static func verification(in database: Database, consentTexts: Bool = true) throws -> Verification {
        guard try Self.userVersion(of: database) >= 10 else {
            return Verification(problems: ["the store was written before audit trails were chained (schema "
                + "\(try Self.userVersion(of: database))): open it once with this carefeed, which chains the entries it has"])
        }
        var result = Verification()
        var last: [String: (index: Int, sha256: String)] = [:]
        var broken: Set<String> = []
        let rows = try database.query("""
            SELECT id, chain_index, previous_sha256, record_sha256, sha256, \(AuditChain.columns.joined(separator: ", "))
            FROM audit_log ORDER BY id
            """)
        for row in rows {
            result.entries += 1
            let chain = try row.optionalText("participant_id") ?? ""
            guard !broken.contains(chain) else { continue }
            let id = try row.integer("id")
            let name = "audit entry \(id) (\(chain.isEmpty ? "the study's own chain" : "participant \(chain)"), "
                + "\(try row.text("action")) \(try row.text("subject")) at \(try row.text("at")))"
            func fail(_ problem: String) {
                result.problems.append("\(name): \(problem)")
                broken.insert(chain)
            }
            guard case .integer(let index) = try row.value("chain_index"), let stored = try row.optionalText("sha256") else {
                fail("it has no place in a chain: it was written outside CareFeed")
                continue
            }
            let expected = (last[chain]?.index ?? 0) + 1
            if index > expected {
                fail("entr\(index - Int64(expected) == 1 ? "y" : "ies") \(expected)\(index - Int64(expected) == 1 ? "" : "–\(index - 1)") "
                     + "of the chain before it \(index - Int64(expected) == 1 ? "is" : "are") missing: removed from the log")
                continue
            }
            guard index == expected, try row.optionalText("previous_sha256") == last[chain]?.sha256 else {
                fail("it does not follow the entry before it in its chain (place \(index), expected \(expected)): "
                     + "the log was reordered or an entry copied")
                continue
            }
            let link = try AuditChain.link(try AuditChain.fields(row), after: last[chain], in: database)
            if link.record != (try row.optionalText("record_sha256")) {
                fail("the record it logs (\(Self.recordName(try row.text("action")))) was changed after it was logged")
                continue
            }
            guard link.sha256 == stored else {
                fail("the entry itself was changed (its time, subject or detail) after it was written")
                continue
            }
            last[chain] = (Int(index), stored)
        }
        result.chains = Set(try rows.map { try $0.optionalText("participant_id") ?? "" }).count
        result.heads = last.mapValues(\.sha256)
        for row in try database.query("SELECT id, participant_id, sha256, html FROM consent_records ORDER BY id") where consentTexts {
            result.consentRecords += 1
            if SHA256.hex(try row.text("html")) != (try row.text("sha256")) {
                result.problems.append("consent record \(try row.integer("id")) (participant \(try row.text("participant_id"))): "
                                       + "its text does not match its SHA-256: the text signed was changed")
            }
        }
        // A record no entry logs was written past CareFeed, which logs every one: an answer, its deletion, a
        // signature, a permission's answer, a withdrawal.
        let unlogged: [(what: String, sql: String)] = [
            ("an answer", """
                SELECT id, participant_id FROM outcomes WHERE id NOT IN
                (SELECT outcome_id FROM audit_log WHERE action = 'outcome.add' AND outcome_id IS NOT NULL) ORDER BY id
                """),
            ("the deletion of an answer", """
                SELECT id, participant_id FROM outcomes WHERE deleted_at IS NOT NULL AND id NOT IN
                (SELECT outcome_id FROM audit_log WHERE action = 'outcome.delete' AND outcome_id IS NOT NULL) ORDER BY id
                """),
            ("a signed consent", """
                SELECT id, participant_id FROM consent_records AS r WHERE NOT EXISTS (SELECT 1 FROM audit_log AS a
                WHERE a.action = 'consent.sign' AND a.participant_id = r.participant_id AND a.document_id = r.document_id
                AND a.document_version = r.version AND a.at = r.signed_at) ORDER BY id
                """),
            ("a permission's answer", """
                SELECT id, participant_id FROM permission_grants AS g WHERE NOT EXISTS (SELECT 1 FROM audit_log AS a
                WHERE a.action = 'permission.record' AND a.participant_id = g.participant_id AND a.permission_id = g.permission_id
                AND a.at = g.recorded_at) ORDER BY id
                """),
            ("a withdrawal", """
                SELECT rowid AS id, participant_id FROM withdrawals AS w WHERE NOT EXISTS (SELECT 1 FROM audit_log AS a
                WHERE a.action = 'participant.withdraw' AND a.participant_id = w.participant_id) ORDER BY participant_id
                """),
        ]
        for (what, sql) in unlogged {
            for row in try database.query(sql) {
                result.problems.append("\(what) (row \(try row.integer("id")), participant \(try row.text("participant_id"))): "
                                       + "no audit entry logs it: it was written outside CareFeed")
            }
        }
        return result
    }

    private static func recordName(_ action: String) -> String {
        switch action {
        case AuditEntry.Action.outcomeAdd.rawValue, AuditEntry.Action.outcomeDelete.rawValue: "an answer and its values"
        case AuditEntry.Action.consentSign.rawValue: "the signed consent"
        case AuditEntry.Action.permissionRecord.rawValue: "the permission's answer"
        default: "its record"
        }
    }
}
