import CareModel
import Foundation

extension CareStore {
    /// Records `definition` as the task's current definition and returns its
    /// version. The first definition is in force for all time; a changed one
    /// becomes a new version in force from `effectiveFrom` (the next local day),
    /// so past events keep the version they had. An unchanged definition
    /// returns the version it already has.
    @discardableResult
    public func recordTaskVersion(taskID: String, definition: String, effectiveFrom: LocalDate,
                                  at instant: Date) throws -> Int {
        // Read first, so an unchanged study needs no write and opens a read-only store.
        if let latest = try read({ try Self.latestVersion(of: taskID, in: $0) }), latest.definition == definition {
            return latest.version
        }
        return try write { database in
            let latest = try Self.latestVersion(of: taskID, in: database)
            if let latest, latest.definition == definition {
                return latest.version
            }
            let version = (latest?.version ?? 0) + 1
            try database.query(
                "INSERT INTO task_versions (task_id, version, effective_from, definition, recorded_at) VALUES (?, ?, ?, ?, ?)",
                [.text(taskID), .integer(Int64(version)), latest == nil ? .null : .text(effectiveFrom.description),
                 .text(definition), .text(Timestamp.utc(instant))])
            try Self.audit(database, at: instant, participantID: nil, action: .taskVersion,
                           subject: .taskVersion(taskID: taskID, version: version),
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
                """).map(TaskVersion.init(row:))
        }
    }

    private static func latestVersion(of taskID: String, in database: Database) throws -> TaskVersion? {
        try database.query("""
            SELECT task_id, version, effective_from, definition, recorded_at
            FROM task_versions WHERE task_id = ? ORDER BY version DESC LIMIT 1
            """, [.text(taskID)]).first.map(TaskVersion.init(row:))
    }
}
