import CareModel
import Foundation

/// Outcomes: known by participant, task, occurrence and creation time. One
/// already held may gain its tombstone and values shared since; a new one
/// is added with its shared values, live only where the store holds no
/// other live answer for that occurrence. An outcome all of whose values
/// were left out is still added, without values: it records that the task
/// was done, which adherence counts, and nothing the participant kept.
extension StoreMerge {
    /// An outcome of the file with the values the participant shares.
    private struct Incoming {
        var outcome: Outcome
        var taskVersion: Int
        var shared: [PositionedValue]
        var all: [PositionedValue]

        var subject: String { "\(outcome.taskID)#\(outcome.occurrence)" + (outcome.entry.map { " entry \($0)" } ?? "") }
        /// The log entry's number as the store binds it.
        var entry: SQLValue { outcome.entry.map { .integer(Int64($0)) } ?? .null }
    }

    mutating func outcomes() throws {
        // The whole history of each participant's answers decides, the file's (merged in already) and what the study
        // store held before it: a decline in a newer copy keeps an older copy's values out, whichever came first.
        var grants: [PermissionGrant] = []
        for participant in snapshot.participants {
            grants += try CareStore.permissionGrants(in: database, participantID: participant.id)
        }
        let sharing = Sharing.byParticipant(rules: sharingRules, grants: grants)
        var tombstones: [(id: Int64, incoming: Incoming, deletedAt: Date)] = []
        var new: [Incoming] = []
        for source in snapshot.outcomes {
            // A version this store lacks is already a conflict.
            guard let version = versions[source.outcome.taskID]?[source.outcome.taskVersion] else { continue }
            let theirs = sharing(source.outcome.participantID)
            let incoming = Incoming(outcome: source.outcome, taskVersion: version,
                                    shared: source.values.filter { theirs.isShared(taskID: source.outcome.taskID, kind: $0.value.kind) },
                                    all: source.values)
            guard let held = try heldOutcome(incoming) else {
                new.append(incoming)
                continue
            }
            if let tombstone = try compare(incoming, with: held), let deletedAt = incoming.outcome.deletedAt {
                tombstones.append((tombstone, incoming, deletedAt))
            }
        }
        // Tombstones first: an answer the file deleted and redid frees its occurrence for the redo.
        for (id, incoming, deletedAt) in tombstones {
            try database.query("UPDATE outcomes SET deleted_at = ? WHERE id = ?", [.text(Timestamp.utc(deletedAt)), .integer(id)])
            try audit(incoming, deletedAt: deletedAt, id: id)
            report.tombstones += 1
        }
        for incoming in new {
            if incoming.outcome.deletedAt == nil, let live = try liveOutcome(incoming) {
                conflicts.append("participant \(incoming.outcome.participantID)'s answer to \(incoming.subject) contradicts "
                                 + "one already held: in this file \(Self.describe(incoming)) (created \(Timestamp.utc(incoming.outcome.createdAt))); "
                                 + "in the study store \(Self.describe(live.values, createdAt: live.outcome.createdAt))")
                continue
            }
            try insert(incoming)
        }
    }

    private func heldOutcome(_ incoming: Incoming) throws -> (outcome: Outcome, values: [PositionedValue])? {
        try outcome(where: "participant_id = ? AND task_id = ? AND occurrence = ? AND entry IS ? AND created_at = ?", [
            .text(incoming.outcome.participantID), .text(incoming.outcome.taskID),
            .integer(Int64(incoming.outcome.occurrence)), incoming.entry, .text(Timestamp.utc(incoming.outcome.createdAt)),
        ])
    }

    private func liveOutcome(_ incoming: Incoming) throws -> (outcome: Outcome, values: [PositionedValue])? {
        try outcome(where: "participant_id = ? AND task_id = ? AND occurrence = ? AND entry IS ? AND deleted_at IS NULL", [
            .text(incoming.outcome.participantID), .text(incoming.outcome.taskID),
            .integer(Int64(incoming.outcome.occurrence)), incoming.entry,
        ])
    }

    private func outcome(where condition: String, _ arguments: [SQLValue]) throws -> (outcome: Outcome, values: [PositionedValue])? {
        guard let row = try database.query("""
            SELECT id, participant_id, task_id, task_version, occurrence, entry, event_day, event_start, event_end,
                   created_at, deleted_at
            FROM outcomes WHERE \(condition) ORDER BY id LIMIT 1
            """, arguments).first else { return nil }
        let outcome = try Outcome(row: row)
        let values = try database.query("""
            SELECT position, kind, type, value, unit FROM outcome_values WHERE outcome_id = ? ORDER BY position
            """, [.integer(outcome.id)]).map { PositionedValue(position: try $0.int("position"), value: try OutcomeValue(row: $0)) }
        return (outcome, values)
    }

    /// Notes where the held outcome contradicts the file's, adds the values
    /// shared since it was imported, and returns its id when the file
    /// deleted it and the store has not.
    private mutating func compare(_ incoming: Incoming, with held: (outcome: Outcome, values: [PositionedValue])) throws -> Int64? {
        let name = "participant \(incoming.outcome.participantID)'s answer to \(incoming.subject) created "
            + Timestamp.utc(incoming.outcome.createdAt)
        let file = incoming.outcome, stored = held.outcome
        if (file.eventDay, Timestamp.utc(file.eventStart), Timestamp.utc(file.eventEnd), incoming.taskVersion)
            != (stored.eventDay, Timestamp.utc(stored.eventStart), Timestamp.utc(stored.eventEnd), stored.taskVersion) {
            conflicts.append("\(name) differs in its event: in this file \(Self.describeEvent(file, version: incoming.taskVersion)); "
                             + "in the study store \(Self.describeEvent(stored, version: stored.taskVersion))")
            return nil
        }
        let heldByPosition = Dictionary(held.values.map { ($0.position, $0.value) }, uniquingKeysWith: { first, _ in first })
        let filePositions = Set(incoming.all.map(\.position))
        // Against every value of the file, shared or not: a value the study holds must be the participant's.
        let differs = incoming.all.contains { value in heldByPosition[value.position].map { $0 != value.value } ?? false }
            || held.values.contains { !filePositions.contains($0.position) }
        if differs {
            conflicts.append("\(name) differs: in this file \(Self.describe(incoming)); "
                             + "in the study store \(Self.describe(held.values, createdAt: nil))")
            return nil
        }
        for value in incoming.shared where heldByPosition[value.position] == nil {
            try insertValue(value, outcomeID: stored.id)
            report.values += 1
        }
        switch (file.deletedAt.map(Timestamp.utc), stored.deletedAt.map(Timestamp.utc)) {
        case (_?, nil):
            return stored.id
        case (let fileDeleted?, let storeDeleted?) where fileDeleted != storeDeleted:
            conflicts.append("\(name) was deleted at another time: in this file \(fileDeleted); in the study store \(storeDeleted)")
            return nil
        default:
            return nil
        }
    }

    private mutating func insert(_ incoming: Incoming) throws {
        let outcome = incoming.outcome
        try database.query("""
            INSERT INTO outcomes (participant_id, task_id, task_version, occurrence, entry, event_day,
                                  event_start, event_end, created_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(outcome.participantID), .text(outcome.taskID), .integer(Int64(incoming.taskVersion)),
                  .integer(Int64(outcome.occurrence)), incoming.entry, .text(outcome.eventDay.description),
                  .text(Timestamp.utc(outcome.eventStart)), .text(Timestamp.utc(outcome.eventEnd)),
                  .text(Timestamp.utc(outcome.createdAt)), outcome.deletedAt.map { .text(Timestamp.utc($0)) } ?? .null])
        let id = database.lastInsertedRowID
        for value in incoming.shared {
            try insertValue(value, outcomeID: id)
        }
        // The entry the participant's server wrote, with the shared values only.
        try CareStore.audit(database, at: outcome.createdAt, participantID: outcome.participantID, action: .outcomeAdd,
                            subject: .outcome(taskID: outcome.taskID, occurrence: outcome.occurrence, outcomeID: id),
                            detail: incoming.shared.map { "\($0.value.kind)=\($0.value.value.text)" }.joined(separator: " "))
        if let deletedAt = outcome.deletedAt {
            try audit(incoming, deletedAt: deletedAt, id: id)
            report.tombstones += 1
        }
        report.outcomes += 1
        report.values += incoming.shared.count
        report.valuesNotShared += incoming.all.count - incoming.shared.count
    }

    private func insertValue(_ value: PositionedValue, outcomeID: Int64) throws {
        try database.query(
            "INSERT INTO outcome_values (outcome_id, position, kind, type, value, unit) VALUES (?, ?, ?, ?, ?, ?)",
            [.integer(outcomeID), .integer(Int64(value.position)), .text(value.value.kind), .text(value.value.value.typeName),
             CareStore.sqlValue(value.value.value), value.value.unit.map(SQLValue.text) ?? .null])
    }

    private func audit(_ incoming: Incoming, deletedAt: Date, id: Int64) throws {
        try CareStore.audit(database, at: deletedAt, participantID: incoming.outcome.participantID,
                            action: .outcomeDelete,
                            subject: .outcome(taskID: incoming.outcome.taskID, occurrence: incoming.outcome.occurrence, outcomeID: id),
                            detail: "outcome \(id)")
    }

    /// The file's values as messages show them: those not shared are counted, never shown.
    private static func describe(_ incoming: Incoming) -> String {
        let hidden = incoming.all.count - incoming.shared.count
        return (incoming.shared.isEmpty && hidden > 0 ? "" : describe(incoming.shared, createdAt: nil))
            + (hidden == 0 ? "" : "\(incoming.shared.isEmpty ? "" : " and ")\(hidden) value\(hidden == 1 ? "" : "s") not shared")
    }

    static func describe(_ values: [PositionedValue], createdAt: Date?) -> String {
        let text = values.isEmpty ? "no values" : values.map { "\($0.value.kind)=\($0.value.value.text)" }.joined(separator: " ")
        return text + (createdAt.map { " (created \(Timestamp.utc($0)))" } ?? "")
    }

    static func describeEvent(_ outcome: Outcome, version: Int) -> String {
        "version \(version), \(outcome.eventDay) \(Timestamp.utc(outcome.eventStart))–\(Timestamp.utc(outcome.eventEnd))"
    }
}
