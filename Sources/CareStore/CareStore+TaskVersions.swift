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
}
