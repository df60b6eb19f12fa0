import CareModel
import CSQLite
import Foundation
import Glibc

/// Everything another CareFeed store holds, read as one consistent snapshot:
/// the file is opened read-only and every table is read inside one read
/// transaction, so a store that a running server is writing (WAL) gives the
/// state of one moment. An older schema gives what it has.
struct StoreSnapshot {
    /// An outcome with its values at the positions the source stored them.
    struct SourceOutcome {
        var outcome: Outcome
        var values: [PositionedValue]
    }

    var schemaVersion: Int
    var participants: [Participant] = []
    var taskVersions: [TaskVersion] = []
    var consentVersions: [ConsentVersion] = []
    var consentRecords: [ConsentRecord] = []
    var permissionGrants: [PermissionGrant] = []
    var outcomes: [SourceOutcome] = []
    var withdrawals: [Withdrawal] = []
    var auditEntries: [AuditEntry] = []
    /// Every value the file's participants' dates were given, in the order it gave them.
    var dateChanges: [DateChange] = []

    /// The tables every CareFeed store has had since its first schema.
    static let requiredTables = ["audit_log", "consent_records", "outcome_values", "outcomes", "participants",
                                 "permission_grants", "task_versions"]

    /// The most memory SQLite may hold while a file is read: far more than
    /// a participant's store needs, far less than a crafted one could ask for.
    static let heapLimit: Int64 = 512 << 20

    /// Reads the store at `path`; throws `ImportRefusal` for a file that is
    /// missing, not a regular file (a named pipe would never end), not
    /// SQLite, SQLite without CareFeed's tables or with a column CareFeed
    /// never makes, or newer than this carefeed understands.
    static func read(path: String) throws -> StoreSnapshot {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ImportRefusal(file: path, reasons: ["no such file"])
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = switch status.st_mode & S_IFMT {
            case S_IFDIR: "a folder"
            case S_IFIFO: "a named pipe"
            case S_IFSOCK: "a socket"
            case S_IFCHR, S_IFBLK: "a device"
            default: "a special file"
            }
            throw ImportRefusal(file: path, reasons: ["is \(kind), not a store file; give the file a participant's carefeed wrote"])
        }
        // The limit is the process's: an import reads one file at a time, and writes only after.
        let previousLimit = sqlite3_hard_heap_limit64(heapLimit)
        defer { sqlite3_hard_heap_limit64(previousLimit) }
        let database: Database
        do {
            database = try Database(path: path, readOnly: true)
        } catch let error as DatabaseError {
            throw ImportRefusal(file: path, reasons: ["cannot be opened: \(error.message)"])
        }
        defer { database.close() }
        do {
            try database.execute("PRAGMA busy_timeout = 5000")
            try database.execute("BEGIN")
        } catch let error as DatabaseError where error.isNotADatabase {
            throw ImportRefusal(file: path, reasons: ["not a CareFeed store: not a SQLite database"])
        }
        do {
            let snapshot = try read(database, path: path)
            try database.execute("COMMIT")
            return snapshot
        } catch {
            try? database.execute("ROLLBACK")
            if let error = error as? DatabaseError, error.isNotADatabase {
                throw ImportRefusal(file: path, reasons: ["not a CareFeed store: not a SQLite database"])
            }
            if case .damagedRow(let column, let problem, let sql) = error as? CareStoreError {
                let table = sql.components(separatedBy: " FROM ").dropFirst().first?.split(separator: " ").first ?? "a table"
                throw ImportRefusal(file: path, reasons: ["not a store CareFeed wrote: in \(table), column \(column) \(problem)"])
            }
            throw error
        }
    }

    private static func read(_ database: Database, path: String) throws -> StoreSnapshot {
        let tables = Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.text("name") })
        let missing = requiredTables.filter { !tables.contains($0) }
        guard missing.isEmpty else {
            throw ImportRefusal(file: path, reasons: [
                "not a CareFeed store: a SQLite database without CareFeed's tables (no \(missing.joined(separator: ", ")))",
            ])
        }
        // A generated column could make any value, of any size, when read: CareFeed never writes one.
        for table in requiredTables + ["consent_versions", "withdrawals"] where tables.contains(table) {
            let generated = try database.query("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3)", [.text(table)])
            if let column = try generated.first?.text("name") {
                throw ImportRefusal(file: path, reasons: [
                    "not a CareFeed store: \(table).\(column) is a generated column, which a CareFeed store never has",
                ])
            }
        }
        let version = try CareStore.userVersion(of: database)
        guard version <= Schema.migrations.count else {
            throw ImportRefusal(file: path, reasons: [
                "written by a newer CareFeed: schema version \(version), this carefeed reads up to \(Schema.migrations.count)",
            ])
        }
        // A store with chains is taken only as it was written: an edited or removed row is not carried into the study;
        // one that has chains but names an older schema was set back by hand.
        let chained = try !database.query("SELECT 1 FROM pragma_table_info('audit_log') WHERE name = 'sha256'").isEmpty
        if chained && version < 10 {
            throw ImportRefusal(file: path, reasons: ["its audit trail has chains, but the file says it is schema \(version), "
                + "from before chains: it was changed outside CareFeed"])
        }
        if version >= 10 {
            let problems = try CareStore.verification(in: database, consentTexts: false).problems
            guard problems.isEmpty else {
                throw ImportRefusal(file: path, reasons: problems.map { "its records do not agree with its audit trail: \($0)" })
            }
        }
        var snapshot = StoreSnapshot(schemaVersion: version)
        let language = version >= 6 ? "language" : "NULL AS language"
        snapshot.participants = try database.query("SELECT id, name, time_zone, enrolled_on, \(language) FROM participants ORDER BY id")
            .map(Participant.init(row:))
        snapshot.taskVersions = try database.query("""
            SELECT task_id, version, effective_from, definition, recorded_at FROM task_versions ORDER BY task_id, version
            """).map(TaskVersion.init(row:))
        // A store from before versions were kept gives each signed version with its first signer's hash, as the migration does.
        let versions = version >= 6 ? "consent_versions"
            : tables.contains("consent_versions") ? "(SELECT *, '' AS language FROM consent_versions)" : """
            (SELECT document_id, version, sha256, MIN(signed_at) AS first_seen_at, '' AS language
             FROM consent_records GROUP BY document_id, version)
            """
        snapshot.consentVersions = try database.query("""
            SELECT document_id, version, language, sha256, first_seen_at FROM \(versions) ORDER BY document_id, version, language
            """).map(ConsentVersion.init(row:))
        snapshot.consentRecords = try database.query("""
            SELECT id, participant_id, document_id, version, sha256, html, printed_name,
                   signature_kind, signature, signed_at, time_zone, \(language)
            FROM consent_records ORDER BY id
            """).map(ConsentRecord.init(row:))
        snapshot.permissionGrants = try database.query("""
            SELECT id, participant_id, permission_id, kind, granted, detail, recorded_at FROM permission_grants ORDER BY id
            """).map(PermissionGrant.init(row:))
        snapshot.outcomes = try outcomes(database, version: version)
        if tables.contains("withdrawals") {
            snapshot.withdrawals = try database.query("SELECT participant_id, withdrawn_at, reason FROM withdrawals ORDER BY participant_id")
                .map(Withdrawal.init(row:))
        }
        // A store from before the log's typed columns gives them from its subjects, as the migration does.
        if tables.contains("participant_dates") {
            snapshot.dateChanges = try database.query("""
                SELECT participant_id, date_id, day, set_at, source FROM participant_dates ORDER BY set_at, rowid
                """).map { row in
                DateChange(participantID: try row.text("participant_id"), dateID: try row.text("date_id"),
                           day: try row.localDate("day"), setAt: try row.date("set_at"),
                           source: DateSource(rawValue: try row.text("source")) ?? .import)
            }
            // Each participant's dates as the file last gave them: what its answers' events count from.
            for change in snapshot.dateChanges {
                guard let index = snapshot.participants.firstIndex(where: { $0.id == change.participantID }) else { continue }
                snapshot.participants[index].dates[change.dateID] = change.day
            }
        }
        let auditColumns = version >= 4 ? AuditEntry.columns
            : "id, at, participant_id, action, subject, detail, " + Schema.legacyAuditColumns
        snapshot.auditEntries = try database.query("SELECT \(auditColumns) FROM audit_log ORDER BY id")
            .map(AuditEntry.init(row:))
        return snapshot
    }

    private static func outcomes(_ database: Database, version: Int) throws -> [SourceOutcome] {
        var values: [Int64: [PositionedValue]] = [:]
        for row in try database.query("""
            SELECT outcome_id, position, kind, type, value, unit FROM outcome_values ORDER BY outcome_id, position
            """) {
            values[try row.integer("outcome_id"), default: []].append(
                PositionedValue(position: try row.int("position"), value: try OutcomeValue(row: row)))
        }
        // A store from before log entries had their own number gives them theirs, as the migration does.
        let occurrence = version >= 5 ? "occurrence, entry" : """
            CASE WHEN \(Schema.legacyLogEntry) THEN occurrence / 1000 ELSE occurrence END AS occurrence,
            CASE WHEN \(Schema.legacyLogEntry) THEN occurrence % 1000 END AS entry
            """
        return try database.query("""
            SELECT id, participant_id, task_id, task_version, \(occurrence), event_day, event_start, event_end,
                   created_at, deleted_at
            FROM outcomes ORDER BY id
            """).map { row in
            let outcome = try Outcome(row: row)
            return SourceOutcome(outcome: outcome, values: values[outcome.id] ?? [])
        }
    }
}

/// One outcome value and its place among the outcome's values.
struct PositionedValue: Hashable {
    var position: Int
    var value: OutcomeValue
}
