import Foundation

/// What a participant answered for one event of a task, as in CareKit's
/// `OCKOutcome`: typed values, each with its kind and unit.
public struct Outcome: Hashable, Sendable {
    /// The store's row id.
    public var id: Int64
    public var participantID: String
    public var taskID: String
    public var taskVersion: Int
    public var occurrence: Int
    /// A log's entry: its number among the entries of the occurrence's day,
    /// from 0; nil for every other outcome, one per occurrence.
    public var entry: Int?
    /// The local day the event belongs to.
    public var eventDay: LocalDate
    public var eventStart: Date
    public var eventEnd: Date
    public var values: [OutcomeValue]
    public var createdAt: Date
    /// Set when the outcome was deleted; the row itself is never removed.
    public var deletedAt: Date?

    public init(id: Int64, participantID: String, taskID: String, taskVersion: Int, occurrence: Int, entry: Int? = nil,
                eventDay: LocalDate, eventStart: Date, eventEnd: Date, values: [OutcomeValue],
                createdAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.participantID = participantID
        self.taskID = taskID
        self.taskVersion = taskVersion
        self.occurrence = occurrence
        self.entry = entry
        self.eventDay = eventDay
        self.eventStart = eventStart
        self.eventEnd = eventEnd
        self.values = values
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }

    public var isDeleted: Bool { deletedAt != nil }

    /// The first value of `kind`, as a form item's answer is looked up.
    public func value(_ kind: String) -> OutcomeValue? {
        values.first { $0.kind == kind }
    }
}

/// An outcome about to be stored: everything but the id and the times the
/// store assigns.
public struct NewOutcome: Hashable, Sendable {
    public var participantID: String
    public var taskID: String
    public var event: ScheduledEvent
    /// A log's entry number on the event's day; nil for any other task.
    public var entry: Int?
    public var values: [OutcomeValue]

    public init(participantID: String, taskID: String, event: ScheduledEvent, entry: Int? = nil, values: [OutcomeValue]) {
        self.participantID = participantID
        self.taskID = taskID
        self.event = event
        self.entry = entry
        self.values = values
    }
}

/// One typed answer: `kind` names the form item, `unit` comes from its format.
public struct OutcomeValue: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case integer(Int)
        case decimal(Double)
        case boolean(Bool)
        case text(String)
        case date(LocalDate)
        case time(LocalTime)
        /// The participant chose "Prefer not to answer": an answer of its
        /// own, never a missing or zero value.
        case preferNotToAnswer

        /// The name the store and exports use for the type.
        public var typeName: String {
            switch self {
            case .integer: "integer"
            case .decimal: "decimal"
            case .boolean: "boolean"
            case .text: "text"
            case .date: "date"
            case .time: "time"
            case .preferNotToAnswer: "preferNotToAnswer"
            }
        }

        /// A number for charts; nil for text.
        public var number: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .decimal(let value): value
            case .boolean(let value): value ? 1 : 0
            case .text, .date, .time, .preferNotToAnswer: nil
            }
        }

        /// Plain text as exports write it: `7.5`, `true`, `2026-03-08`,
        /// `08:30`; empty for "prefer not to answer", which exports mark by its type.
        public var text: String {
            switch self {
            case .integer(let value): String(value)
            case .decimal(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            case .boolean(let value): value ? "true" : "false"
            case .text(let value): value
            case .date(let value): value.description
            case .time(let value): value.description
            case .preferNotToAnswer: ""
            }
        }
    }

    public var kind: String
    public var value: Value
    public var unit: String?

    public init(kind: String, value: Value, unit: String? = nil) {
        self.kind = kind
        self.value = value
        self.unit = unit
    }
}
