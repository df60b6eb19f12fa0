import CareModel
import Foundation

extension CareStore {
    public func addParticipant(_ participant: Participant) throws {
        try write { database in try Self.insertParticipant(participant, into: database) }
    }

    static func insertParticipant(_ participant: Participant, into database: Database) throws {
        try database.query("INSERT INTO participants (id, name, time_zone, enrolled_on, language) VALUES (?, ?, ?, ?, ?)",
                           [.text(participant.id), .text(participant.name), .text(participant.timeZone.identifier),
                            .text(participant.enrolledOn.description), participant.language.map { .text($0) } ?? .null])
    }

    /// Stores the language a participant chose, such as `de-DE`.
    public func setLanguage(_ tag: String, participantID: String) throws {
        try write { database in
            try database.query("UPDATE participants SET language = ? WHERE id = ?", [.text(tag), .text(participantID)])
        }
    }

    public func participants() throws -> [Participant] {
        try read { database in
            let dates = try Self.presentDates(in: database)
            return try database.query("SELECT id, name, time_zone, enrolled_on, language FROM participants ORDER BY id")
                .map { row in
                    let participant = try Participant(row: row)
                    return (dates[participant.id] ?? HeldDates()).given(to: participant)
                }
        }
    }

    /// For each participant, a value that changes whenever anything stored
    /// about them changes: since schema 11, a random number the store's
    /// triggers draw anew with each write of theirs. A store of an older
    /// schema, opened only to read, is counted: outcomes, consent records,
    /// grants and withdrawals are only ever appended, and an outcome's
    /// tombstone is set once, so counts and the newest row id tell every
    /// change apart.
    public func participantRevisions() throws -> [String: String] {
        try read { database in
            var revisions: [String: String] = [:]
            // Kept by triggers since schema 11: a row per participant, not a scan of every answer.
            if try Self.userVersion(of: database) >= 11 {
                for row in try database.query("""
                    SELECT p.id, coalesce(r.revision, 0) AS revision
                    FROM participants p LEFT JOIN participant_revisions r ON r.participant_id = p.id
                    """) {
                    revisions[try row.text("id")] = "revision \(try row.integer("revision"))"
                }
                return revisions
            }
            for row in try database.query("SELECT id FROM participants") {
                revisions[try row.text("id")] = ""
            }
            // One scan per table, grouped, rather than a lookup per participant.
            for table in ["outcomes", "consent_records", "permission_grants", "withdrawals", "participant_dates"] {
                let tombstones = table == "outcomes" ? " || '.' || count(deleted_at)" : ""
                for row in try database.query("""
                    SELECT participant_id, count(*) || '.' || max(rowid)\(tombstones) AS revision
                    FROM \(table) GROUP BY participant_id
                    """) {
                    revisions[try row.text("participant_id"), default: ""] += "\(table) \(try row.text("revision")) "
                }
            }
            return revisions
        }
    }

    public func participant(id: String) throws -> Participant? {
        try read { database in
            guard let participant = try database.query("""
                SELECT id, name, time_zone, enrolled_on, language FROM participants WHERE id = ?
                """, [.text(id)]).first.map(Participant.init(row:)) else { return nil }
            return (try Self.presentDates(in: database, participantID: id)[id] ?? HeldDates()).given(to: participant)
        }
    }
}
