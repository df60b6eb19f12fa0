import CSQLite

/// A second, plain connection to a store file, to try what the store API
/// never does (UPDATE a consent record, DELETE an audit row) and see SQLite refuse it.
final class RawSQLite {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure(message: "cannot open \(path)") }
    }

    deinit {
        sqlite3_close(handle)
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw Failure(message: message.map { String(cString: $0) } ?? "error \(code)")
        }
    }

    /// The first column of each row `sql` gives, as text.
    func strings(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw Failure(message: "cannot prepare \(sql)") }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return rows
    }

    /// Takes a store back to schema version 3, as CareFeed wrote it before
    /// the audit log's typed subject columns and log entries' own numbers:
    /// entry *k* of occurrence *n* (a log offered daily from enrollment) is
    /// then occurrence *n* × 1,000 + *k*.
    /// Takes back schema 10: audit entries without chains, consent versions without their texts.
    func undoVersion10() throws {
        try execute("""
            DROP TABLE IF EXISTS site_key; DROP TRIGGER IF EXISTS outcomes_revise; DROP TRIGGER IF EXISTS outcome_tombstones_revise; DROP TRIGGER IF EXISTS outcome_values_revise; DROP TRIGGER IF EXISTS consent_records_revise; DROP TRIGGER IF EXISTS permission_grants_revise; DROP TRIGGER IF EXISTS withdrawals_revise; DROP TRIGGER IF EXISTS participant_dates_revise; DROP TRIGGER IF EXISTS audit_log_revise; DROP TABLE IF EXISTS participant_revisions;
            ALTER TABLE audit_log DROP COLUMN chain_index; ALTER TABLE audit_log DROP COLUMN previous_sha256;
            ALTER TABLE audit_log DROP COLUMN record_sha256; ALTER TABLE audit_log DROP COLUMN sha256;
            DROP TRIGGER consent_versions_no_update; ALTER TABLE consent_versions DROP COLUMN markdown;
            CREATE TRIGGER consent_versions_no_update BEFORE UPDATE ON consent_versions
            BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
            PRAGMA user_version = 9
            """)
    }

    func downgradeToVersion3() throws {
        try undoVersion10()
        try execute("""
            DROP TRIGGER participants_language_only;
            ALTER TABLE participants DROP COLUMN language;
            ALTER TABLE consent_records DROP COLUMN language;
            CREATE TABLE consent_versions_v5 (
                document_id TEXT NOT NULL CHECK (length(document_id) > 0), version TEXT NOT NULL,
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64), first_seen_at TEXT NOT NULL,
                PRIMARY KEY (document_id, version)) STRICT;
            INSERT INTO consent_versions_v5 SELECT document_id, version, sha256, first_seen_at FROM consent_versions WHERE language = '';
            DROP TABLE consent_versions;
            ALTER TABLE consent_versions_v5 RENAME TO consent_versions;
            CREATE TRIGGER consent_versions_no_update BEFORE UPDATE ON consent_versions
            BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
            CREATE TRIGGER consent_versions_no_delete BEFORE DELETE ON consent_versions
            BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
            DROP TRIGGER audit_log_no_update;
            UPDATE audit_log SET subject = (SELECT o.task_id || '#' || (o.occurrence * 1000 + o.entry) FROM outcomes o
                                            WHERE o.id = audit_log.outcome_id)
                WHERE outcome_id IN (SELECT id FROM outcomes WHERE entry IS NOT NULL);
            CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
            DROP INDEX outcomes_one_live; DROP TRIGGER outcomes_tombstone_only; DROP TRIGGER tombstones_not_after_withdrawal;
            UPDATE outcomes SET occurrence = occurrence * 1000 + entry WHERE entry IS NOT NULL;
            ALTER TABLE outcomes DROP COLUMN entry;
            CREATE UNIQUE INDEX outcomes_one_live ON outcomes (participant_id, task_id, occurrence) WHERE deleted_at IS NULL;
            CREATE TRIGGER outcomes_tombstone_only BEFORE UPDATE ON outcomes
            WHEN OLD.deleted_at IS NOT NULL OR NEW.deleted_at IS NULL OR NEW.occurrence IS NOT OLD.occurrence
            BEGIN SELECT RAISE(ABORT, 'an outcome changes only by setting its deletion tombstone once'); END;
            CREATE TRIGGER tombstones_not_after_withdrawal BEFORE UPDATE ON outcomes
            WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = OLD.participant_id)
            BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
            """ + ["task_id", "occurrence", "outcome_id", "task_version", "document_id", "document_version", "permission_id"]
            .map { "ALTER TABLE audit_log DROP COLUMN \($0);" }.joined() + "DROP TABLE invitations; DROP TABLE device_sessions; DROP TABLE participant_dates; DROP TABLE alert_mail; DROP TABLE IF EXISTS site_key; DROP TRIGGER IF EXISTS outcomes_revise; DROP TRIGGER IF EXISTS outcome_tombstones_revise; DROP TRIGGER IF EXISTS outcome_values_revise; DROP TRIGGER IF EXISTS consent_records_revise; DROP TRIGGER IF EXISTS permission_grants_revise; DROP TRIGGER IF EXISTS withdrawals_revise; DROP TRIGGER IF EXISTS participant_dates_revise; DROP TRIGGER IF EXISTS audit_log_revise; DROP TABLE IF EXISTS participant_revisions; PRAGMA user_version = 3")
    }

    struct Failure: Error {
        var message: String
    }
}
