import CareModel
import Foundation

extension CareStore {
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

    static func insertOutcome(_ new: NewOutcome, at instant: Date, into database: Database) throws -> Outcome {
        let created = Timestamp.utc(instant)
        try database.query("""
            INSERT INTO outcomes (participant_id, task_id, task_version, occurrence, entry, event_day,
                                  event_start, event_end, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(new.participantID), .text(new.taskID), .integer(Int64(new.event.version)),
                  .integer(Int64(new.event.occurrence)), new.entry.map { .integer(Int64($0)) } ?? .null,
                  .text(new.event.day.description),
                  .text(Timestamp.utc(new.event.start)), .text(Timestamp.utc(new.event.end)), .text(created)])
        let id = database.lastInsertedRowID
        for (position, value) in new.values.enumerated() {
            try database.query(
                "INSERT INTO outcome_values (outcome_id, position, kind, type, value, unit) VALUES (?, ?, ?, ?, ?, ?)",
                [.integer(id), .integer(Int64(position)), .text(value.kind), .text(value.value.typeName),
                 sqlValue(value.value), value.unit.map(SQLValue.text) ?? .null])
        }
        try audit(database, at: instant, participantID: new.participantID, action: .outcomeAdd,
                  subject: .outcome(taskID: new.taskID, occurrence: new.event.occurrence, outcomeID: id),
                  detail: new.values.map { "\($0.kind)=\($0.value.text)" }.joined(separator: " "))
        return Outcome(id: id, participantID: new.participantID, taskID: new.taskID,
                       taskVersion: new.event.version, occurrence: new.event.occurrence, entry: new.entry,
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
            try Self.audit(database, at: instant, participantID: try row.text("participant_id"),
                           action: .outcomeDelete,
                           subject: .outcome(taskID: try row.text("task_id"), occurrence: try row.int("occurrence"), outcomeID: id),
                           detail: "outcome \(id)")
        }
    }

    /// A participant's outcomes in event order; deleted ones only when asked.
    public func outcomes(participantID: String? = nil, includeDeleted: Bool = false) throws -> [Outcome] {
        try read { try Self.outcomes(in: $0, participantID: participantID, includeDeleted: includeDeleted) }
    }

    static func outcomes(in database: Database, participantID: String?, includeDeleted: Bool) throws -> [Outcome] {
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
        var outcomes: [Outcome] = []
        try database.forEachRow("""
            SELECT o.id, o.participant_id, o.task_id, o.task_version, o.occurrence, o.entry, o.event_day,
                   o.event_start, o.event_end, o.created_at, o.deleted_at,
                   v.position, v.kind, v.type, v.value, v.unit
            FROM outcomes o LEFT JOIN outcome_values v ON v.outcome_id = o.id
            \(filter)
            ORDER BY o.participant_id, o.event_start, o.task_id, o.id, v.position
            """, arguments) { row in
            if try outcomes.last?.id != row.integer("id") {
                outcomes.append(try Outcome(row: row))
            }
            // The LEFT JOIN gives an outcome without values one row, its value columns NULL.
            if try !row.isNull("position") {
                outcomes[outcomes.count - 1].values.append(try OutcomeValue(row: row))
            }
        }
        return outcomes
    }

    static func sqlValue(_ value: OutcomeValue.Value) -> SQLValue {
        switch value {
        case .integer(let integer): .integer(Int64(integer))
        case .decimal(let decimal): .real(decimal)
        case .boolean(let boolean): .integer(boolean ? 1 : 0)
        case .text(let text): .text(text)
        case .date(let date): .text(date.description)
        case .time(let time): .text(time.description)
        case .preferNotToAnswer: .integer(1)
        }
    }
}
