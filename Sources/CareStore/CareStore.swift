import Markup
import CareModel
import CSQLite
import Foundation

/// The care store: one SQLite file holding participants, task versions,
/// outcomes, consent records, permission grants and the audit log.
///
/// Guarantees: WAL with `synchronous=FULL`, so a write that returned is on
/// disk; at most one live outcome per participant, task and occurrence;
/// outcomes are deleted by tombstone; consent records, grants, task versions
/// and the audit log are append-only. Safe to share between threads: calls
/// are serialized on one connection.
public final class CareStore: @unchecked Sendable {
    // Unchecked because the connection is only ever touched with `lock` held.
    private let lock = NSLock()
    private var database: Database
    /// Counts the connections opened, so a change stamp never repeats across a reopen.
    private var generation = 0
    public let path: String

    /// Opens the store at `path`, creating and migrating it as needed. A
    /// store whose file is read-only opens for reading; its writes fail with
    /// `SQLITE_READONLY` until the file is writable again.
    public init(path: String) throws {
        self.path = path
        self.database = try Self.connect(path)
    }

    private static func connect(_ path: String) throws -> Database {
        let database = try Database(path: path)
        try database.execute("PRAGMA busy_timeout = 5000")
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = FULL")
        try database.execute("PRAGMA foreign_keys = ON")
        try migrate(database)
        return database
    }

    /// Closes the connection; every later call throws.
    public func close() {
        lock.withLock { database.close() }
    }

    /// The schema version this store is at.
    public func schemaVersion() throws -> Int {
        try read { Int(try $0.query("PRAGMA user_version")[0][0].integer ?? 0) }
    }

    /// Changes whenever this or any other connection commits a write: a
    /// reader's cache keyed by it is never stale.
    public struct ChangeStamp: Hashable, Sendable {
        var connection: Int
        var otherConnections: Int64
        var thisConnection: Int64
    }

    public func changeStamp() throws -> ChangeStamp {
        try read { database in
            ChangeStamp(connection: generation,
                        otherConnections: try database.query("PRAGMA data_version")[0][0].integer ?? 0,
                        thisConnection: database.totalChanges)
        }
    }

    /// `ok`, or SQLite's list of what is wrong with the file.
    public func integrityCheck() throws -> [String] {
        try read { try $0.query("PRAGMA integrity_check").compactMap { $0[0].text } }
    }

    // MARK: Participants

    public func addParticipant(_ participant: Participant) throws {
        try write { database in try Self.insertParticipant(participant, into: database) }
    }

    private static func insertParticipant(_ participant: Participant, into database: Database) throws {
        try database.query("INSERT INTO participants (id, name, time_zone, enrolled_on) VALUES (?, ?, ?, ?)",
                           [.text(participant.id), .text(participant.name), .text(participant.timeZone.identifier),
                            .text(participant.enrolledOn.description)])
    }

    public func participants() throws -> [Participant] {
        try read { database in
            try database.query("SELECT id, name, time_zone, enrolled_on FROM participants ORDER BY id")
                .map(Self.participant)
        }
    }

    /// For each participant, a value that changes whenever anything stored
    /// about them changes. Outcomes, consent records and grants are only
    /// ever appended, and an outcome's tombstone is set once, so counts and
    /// the newest row id tell every change apart.
    public func participantRevisions() throws -> [String: String] {
        try read { database in
            var revisions: [String: String] = [:]
            for row in try database.query("SELECT id FROM participants") {
                revisions[row[0].text ?? ""] = ""
            }
            // One scan per table, grouped, rather than a lookup per participant.
            for table in ["outcomes", "consent_records", "permission_grants"] {
                let tombstones = table == "outcomes" ? " || '.' || count(deleted_at)" : ""
                for row in try database.query("""
                    SELECT participant_id, count(*) || '.' || max(id)\(tombstones) FROM \(table) GROUP BY participant_id
                    """) {
                    revisions[row[0].text ?? "", default: ""] += "\(table) \(row[1].text ?? "") "
                }
            }
            return revisions
        }
    }

    public func participant(id: String) throws -> Participant? {
        try read { database in
            try database.query("SELECT id, name, time_zone, enrolled_on FROM participants WHERE id = ?", [.text(id)])
                .first.map(Self.participant)
        }
    }

    // MARK: Task versions

    /// Records `definition` as the task's current definition and returns its
    /// version. The first definition is in force for all time; a changed one
    /// becomes a new version in force from `effectiveFrom` (the next local day),
    /// so past events keep the version they had. An unchanged definition
    /// returns the version it already has.
    @discardableResult
    public func recordTaskVersion(taskID: String, definition: String, effectiveFrom: LocalDate,
                                  at instant: Date) throws -> Int {
        let latestSQL = "SELECT version, definition FROM task_versions WHERE task_id = ? ORDER BY version DESC LIMIT 1"
        // Read first, so an unchanged study needs no write and opens a read-only store.
        if let latest = try read({ try $0.query(latestSQL, [.text(taskID)]).first }), latest[1].text == definition {
            return Int(latest[0].integer ?? 1)
        }
        return try write { database in
            let latest = try database.query(latestSQL, [.text(taskID)]).first
            if let latest, latest[1].text == definition {
                return Int(latest[0].integer ?? 1)
            }
            let version = Int(latest?[0].integer ?? 0) + 1
            try database.query(
                "INSERT INTO task_versions (task_id, version, effective_from, definition, recorded_at) VALUES (?, ?, ?, ?, ?)",
                [.text(taskID), .integer(Int64(version)), latest == nil ? .null : .text(effectiveFrom.description),
                 .text(definition), .text(Timestamp.utc(instant))])
            try Self.audit(database, at: instant, participantID: nil, action: "task.version",
                           subject: "\(taskID) v\(version)",
                           detail: latest == nil ? "first version" : "in force from \(effectiveFrom)")
            return version
        }
    }

    /// Every recorded version, by task and version.
    public func taskVersions() throws -> [TaskVersion] {
        try read { database in
            try database.query("""
                SELECT task_id, version, effective_from, definition, recorded_at
                FROM task_versions ORDER BY task_id, version
                """).map { row in
                TaskVersion(taskID: row[0].text ?? "", version: Int(row[1].integer ?? 0),
                            effectiveFrom: row[2].text.flatMap { LocalDate(iso: $0) },
                            definition: row[3].text ?? "",
                            recordedAt: row[4].text.flatMap(Timestamp.parse) ?? .distantPast)
            }
        }
    }

    // MARK: Outcomes

    /// Stores an outcome for an event, with an audit row, in one transaction.
    ///
    /// Throws `CareStoreError.alreadyAnswered` when the occurrence has a live
    /// outcome: a second submission never creates a second outcome.
    @discardableResult
    public func addOutcome(_ new: NewOutcome, at instant: Date) throws -> Outcome {
        do {
            return try write { database in try Self.insertOutcome(new, at: instant, into: database) }
        } catch let error as DatabaseError where error.isUniqueViolation {
            throw CareStoreError.alreadyAnswered(taskID: new.taskID, occurrence: new.event.occurrence)
        } catch let error as DatabaseError where error.isForeignKeyViolation {
            throw CareStoreError.unknownReference(
                "participant \(new.participantID) or version \(new.event.version) of task \(new.taskID)")
        }
    }

    /// Writes many records in one transaction, as an import or the demo
    /// does: all of them, or none when any is refused.
    public func addBatch(participants: [Participant], consentRecords: [ConsentRecord],
                         permissionGrants: [PermissionGrant], outcomes: [(outcome: NewOutcome, createdAt: Date)]) throws {
        try write { database in
            for participant in participants {
                try Self.insertParticipant(participant, into: database)
            }
            for record in consentRecords {
                _ = try Self.insertConsentRecord(record, into: database)
            }
            for grant in permissionGrants {
                _ = try Self.insertPermissionGrant(grant, into: database)
            }
            for (outcome, createdAt) in outcomes {
                _ = try Self.insertOutcome(outcome, at: createdAt, into: database)
            }
        }
    }

    private static func insertOutcome(_ new: NewOutcome, at instant: Date, into database: Database) throws -> Outcome {
        let created = Timestamp.utc(instant)
        try database.query("""
            INSERT INTO outcomes (participant_id, task_id, task_version, occurrence, event_day,
                                  event_start, event_end, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(new.participantID), .text(new.taskID), .integer(Int64(new.event.version)),
                  .integer(Int64(new.event.occurrence)), .text(new.event.day.description),
                  .text(Timestamp.utc(new.event.start)), .text(Timestamp.utc(new.event.end)), .text(created)])
        let id = database.lastInsertedRowID
        for (position, value) in new.values.enumerated() {
            try database.query(
                "INSERT INTO outcome_values (outcome_id, position, kind, type, value, unit) VALUES (?, ?, ?, ?, ?, ?)",
                [.integer(id), .integer(Int64(position)), .text(value.kind), .text(value.value.typeName),
                 sqlValue(value.value), value.unit.map(SQLValue.text) ?? .null])
        }
        try audit(database, at: instant, participantID: new.participantID, action: "outcome.add",
                  subject: "\(new.taskID)#\(new.event.occurrence)",
                  detail: new.values.map { "\($0.kind)=\($0.value.text)" }.joined(separator: " "))
        return Outcome(id: id, participantID: new.participantID, taskID: new.taskID,
                       taskVersion: new.event.version, occurrence: new.event.occurrence,
                       eventDay: new.event.day, eventStart: new.event.start, eventEnd: new.event.end,
                       values: new.values, createdAt: Timestamp.parse(created) ?? instant)
    }

    /// Marks an outcome deleted with a tombstone and an audit row; the row
    /// and its values stay. Throws `notFound` for an outcome that is not live.
    public func deleteOutcome(id: Int64, at instant: Date) throws {
        try write { database in
            guard let row = try database.query(
                "SELECT participant_id, task_id, occurrence FROM outcomes WHERE id = ? AND deleted_at IS NULL",
                [.integer(id)]).first else {
                throw CareStoreError.notFound("no live outcome with id \(id)")
            }
            try database.query("UPDATE outcomes SET deleted_at = ? WHERE id = ?",
                               [.text(Timestamp.utc(instant)), .integer(id)])
            try Self.audit(database, at: instant, participantID: row[0].text, action: "outcome.delete",
                           subject: "\(row[1].text ?? "")#\(row[2].integer ?? 0)", detail: "outcome \(id)")
        }
    }

    /// A participant's outcomes in event order; deleted ones only when asked.
    public func outcomes(participantID: String? = nil, includeDeleted: Bool = false) throws -> [Outcome] {
        try read { database in
            var conditions: [String] = []
            var arguments: [SQLValue] = []
            if let participantID {
                conditions.append("o.participant_id = ?")
                arguments.append(.text(participantID))
            }
            if !includeDeleted {
                conditions.append("o.deleted_at IS NULL")
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let rows = try database.query("""
                SELECT o.id, o.participant_id, o.task_id, o.task_version, o.occurrence, o.event_day,
                       o.event_start, o.event_end, o.created_at, o.deleted_at,
                       v.kind, v.type, v.value, v.unit
                FROM outcomes o LEFT JOIN outcome_values v ON v.outcome_id = o.id
                \(filter)
                ORDER BY o.participant_id, o.event_start, o.task_id, o.id, v.position
                """, arguments)
            var outcomes: [Outcome] = []
            for row in rows {
                let id = row[0].integer ?? 0
                if outcomes.last?.id != id {
                    outcomes.append(Outcome(
                        id: id, participantID: row[1].text ?? "", taskID: row[2].text ?? "",
                        taskVersion: Int(row[3].integer ?? 0), occurrence: Int(row[4].integer ?? 0),
                        eventDay: row[5].text.flatMap { LocalDate(iso: $0) } ?? LocalDate(ordinal: 0),
                        eventStart: row[6].text.flatMap(Timestamp.parse) ?? .distantPast,
                        eventEnd: row[7].text.flatMap(Timestamp.parse) ?? .distantPast, values: [],
                        createdAt: row[8].text.flatMap(Timestamp.parse) ?? .distantPast,
                        deletedAt: row[9].text.flatMap(Timestamp.parse)))
                }
                if let kind = row[10].text, let type = row[11].text, let value = Self.outcomeValue(type, row[12]) {
                    outcomes[outcomes.count - 1].values.append(OutcomeValue(kind: kind, value: value, unit: row[13].text))
                }
            }
            return outcomes
        }
    }

    // MARK: Consent and permissions

    /// Appends a consent record and its audit row.
    @discardableResult
    public func addConsentRecord(_ record: ConsentRecord) throws -> ConsentRecord {
        try write { database in try Self.insertConsentRecord(record, into: database) }
    }

    private static func insertConsentRecord(_ record: ConsentRecord, into database: Database) throws -> ConsentRecord {
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
                """, participantID.map { [.text($0)] } ?? []).map { row in
                let content = row[8].text ?? ""
                return ConsentRecord(
                    id: row[0].integer ?? 0, participantID: row[1].text ?? "", documentID: row[2].text ?? "",
                    version: row[3].text ?? "", sha256: row[4].text ?? "", html: HTML(trusted: row[5].text ?? ""),
                    printedName: row[6].text ?? "",
                    signature: row[7].text == "typed" ? .typed(name: content) : .drawn(pathData: content),
                    signedAt: row[9].text.flatMap(Timestamp.parse) ?? .distantPast,
                    timeZone: row[10].text.flatMap(TimeZone.init(identifier:)) ?? .gmt)
            }
        }
    }

    /// Appends a permission answer and its audit row.
    @discardableResult
    public func addPermissionGrant(_ grant: PermissionGrant) throws -> PermissionGrant {
        try write { database in try Self.insertPermissionGrant(grant, into: database) }
    }

    private static func insertPermissionGrant(_ grant: PermissionGrant, into database: Database) throws -> PermissionGrant {
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
                """, participantID.map { [.text($0)] } ?? []).map { row in
                PermissionGrant(id: row[0].integer ?? 0, participantID: row[1].text ?? "",
                                permissionID: row[2].text ?? "", kind: row[3].text ?? "",
                                granted: row[4].integer == 1, detail: row[5].text,
                                recordedAt: row[6].text.flatMap(Timestamp.parse) ?? .distantPast)
            }
        }
    }

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

    // MARK: Internals

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock { try body(database) }
    }

    /// Runs `body` in a transaction. A connection that opened read-only is
    /// reopened first, so a store made writable again needs no restart.
    private func write<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock {
            if database.isReadOnly, let reopened = try? Self.connect(path), !reopened.isReadOnly {
                database = reopened
                generation += 1
            }
            return try database.transaction { try body(database) }
        }
    }

    private static func migrate(_ database: Database) throws {
        let current = Int(try database.query("PRAGMA user_version")[0][0].integer ?? 0)
        guard current <= Schema.migrations.count else {
            throw CareStoreError.newerSchema(found: current, supported: Schema.migrations.count)
        }
        for (index, migration) in Schema.migrations.enumerated().dropFirst(current) {
            try database.transaction {
                try database.execute(migration)
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    private static func audit(_ database: Database, at instant: Date, participantID: String?, action: String,
                              subject: String, detail: String?) throws {
        try database.query("INSERT INTO audit_log (at, participant_id, action, subject, detail) VALUES (?, ?, ?, ?, ?)",
                           [.text(Timestamp.utc(instant)), participantID.map(SQLValue.text) ?? .null,
                            .text(action), .text(subject), detail.map(SQLValue.text) ?? .null])
    }

    private static func participant(_ row: Row) -> Participant {
        Participant(id: row[0].text ?? "", name: row[1].text ?? "",
                    timeZone: row[2].text.flatMap(TimeZone.init(identifier:)) ?? .gmt,
                    enrolledOn: row[3].text.flatMap { LocalDate(iso: $0) } ?? LocalDate(ordinal: 0))
    }

    private static func sqlValue(_ value: OutcomeValue.Value) -> SQLValue {
        switch value {
        case .integer(let integer): .integer(Int64(integer))
        case .decimal(let decimal): .real(decimal)
        case .boolean(let boolean): .integer(boolean ? 1 : 0)
        case .text(let text): .text(text)
        case .date(let date): .text(date.description)
        }
    }

    private static func outcomeValue(_ type: String, _ value: SQLValue) -> OutcomeValue.Value? {
        switch type {
        case "integer": value.integer.map { .integer(Int($0)) }
        case "decimal": value.real.map(OutcomeValue.Value.decimal)
        case "boolean": value.integer.map { .boolean($0 == 1) }
        case "text": value.text.map(OutcomeValue.Value.text)
        case "date": value.text.flatMap { LocalDate(iso: $0) }.map(OutcomeValue.Value.date)
        default: nil
        }
    }
}

/// Why the store refused a request, in words for the person who made it.
public enum CareStoreError: Error, CustomStringConvertible, Equatable {
    case alreadyAnswered(taskID: String, occurrence: Int)
    case notFound(String)
    case unknownReference(String)
    case newerSchema(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .alreadyAnswered(let task, let occurrence):
            "\(task) occurrence \(occurrence) already has an answer; delete it first to answer again"
        case .notFound(let what):
            what
        case .unknownReference(let what):
            "the store has no \(what)"
        case .newerSchema(let found, let supported):
            "the store is at schema version \(found), newer than this carefeed understands (\(supported)); use a newer carefeed"
        }
    }
}
