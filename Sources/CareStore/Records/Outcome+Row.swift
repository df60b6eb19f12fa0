import CareModel

extension Outcome {
    /// Reads a row of `outcomes`, without values: they are rows of
    /// `outcome_values`, which the store appends.
    init(row: Row) throws {
        self.init(id: try row.integer("id"), participantID: try row.text("participant_id"),
                  taskID: try row.text("task_id"), taskVersion: try row.int("task_version"),
                  occurrence: try row.int("occurrence"),
                  entry: try row.isNull("entry") ? nil : try row.int("entry"), eventDay: try row.localDate("event_day"),
                  eventStart: try row.date("event_start"), eventEnd: try row.date("event_end"), values: [],
                  createdAt: try row.date("created_at"), deletedAt: try row.optionalDate("deleted_at"))
    }
}

extension OutcomeValue {
    /// Reads a row of `outcome_values`, whose `type` says how to read `value`.
    init(row: Row) throws {
        // In the order queries name the columns, where a row read as it is asked looks first.
        let kind = try row.text("kind")
        let value: Value = switch try row.text("type") {
        case "integer": .integer(try row.int("value"))
        case "decimal": .decimal(try row.real("value"))
        case "boolean": .boolean(try row.bool("value"))
        case "text": .text(try row.text("value"))
        case "date": .date(try row.localDate("value"))
        case "time": .time(try row.localTime("value"))
        case "preferNotToAnswer": .preferNotToAnswer
        case let type: throw row.damaged("type", "holds \"\(type)\", not a value type")
        }
        self.init(kind: kind, value: value, unit: try row.optionalText("unit"))
    }
}
