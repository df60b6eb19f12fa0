import CareModel
import Foundation

/// The JSON export's shape: a list of each kind of record, with explicit
/// nulls where a value is withheld.
struct Document: Encodable {
    struct ParticipantRow: Encodable {
        var id: String
        /// Nil without names: written as an explicit null.
        var name: String?
        var timeZone, enrolledOn: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(enrolledOn, forKey: .enrolledOn)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, timeZone, enrolledOn
        }
    }

    struct OutcomeRow: Encodable {
        var participant, task: String
        var taskVersion, occurrence: Int
        /// A log entry's number on its day; absent for every other outcome.
        var entry: Int?
        /// The visit its event is ("Week 6"), for a task whose schedule names them.
        var visit: String?
        var eventDay, eventStart, eventEnd: String
        var values: [ValueRow]
        /// Scores derived from `values`, never stored; absent for a task without scores.
        var scores: [ScoreRow]
        /// Kinds of values the participant declined to share, which `values` leaves out.
        var notShared: [String]
        /// Kinds of values whose sharing the participant has not chosen yet, which `values` leaves out too.
        var notChosen: [String]
        var created: String
        var deleted: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(participant, forKey: .participant)
            try container.encode(task, forKey: .task)
            try container.encode(taskVersion, forKey: .taskVersion)
            try container.encode(occurrence, forKey: .occurrence)
            try container.encodeIfPresent(entry, forKey: .entry)
            try container.encodeIfPresent(visit, forKey: .visit)
            try container.encode(eventDay, forKey: .eventDay)
            try container.encode(eventStart, forKey: .eventStart)
            try container.encode(eventEnd, forKey: .eventEnd)
            try container.encode(values, forKey: .values)
            if !scores.isEmpty { try container.encode(scores, forKey: .scores) }
            try container.encode(notShared, forKey: .notShared)
            try container.encode(notChosen, forKey: .notChosen)
            try container.encode(created, forKey: .created)
            // An explicit null says "not deleted" rather than leaving the reader to guess.
            try container.encode(deleted, forKey: .deleted)
        }

        enum CodingKeys: String, CodingKey {
            case participant, task, taskVersion, occurrence, entry, visit, eventDay, eventStart, eventEnd, values, scores, notShared
            case notChosen
            case created
            case deleted
        }
    }

    struct ScoreRow: Encodable {
        var id: String
        var value: Double
    }

    struct ValueRow: Encodable {
        var kind, type: String
        var value: JSONValue
        var unit: String?
    }

    struct ConsentRow: Encodable {
        var participant, document, version, sha256: String
        /// Nil without names, as is `signature`: written as explicit nulls.
        var printedName: String?
        var signatureKind: String
        var signature: String?
        var signedAt, html: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [(CodingKeys.participant, participant), (.document, document), (.version, version),
                                 (.sha256, sha256), (.signatureKind, signatureKind), (.signedAt, signedAt), (.html, html)] {
                try container.encode(value, forKey: key)
            }
            try container.encode(printedName, forKey: .printedName)
            try container.encode(signature, forKey: .signature)
        }

        enum CodingKeys: String, CodingKey {
            case participant, document, version, sha256, printedName, signatureKind, signature, signedAt, html
        }
    }

    struct GrantRow: Encodable {
        var participant, permission, kind: String
        var granted: Bool
        var detail: String?
        var recorded: String
    }

    struct WithdrawalRow: Encodable {
        var participant, withdrawn: String
        var gaveReason: Bool
        /// The participant's own words: nil without names, written as an explicit null.
        var reason: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(participant, forKey: .participant)
            try container.encode(withdrawn, forKey: .withdrawn)
            try container.encode(gaveReason, forKey: .gaveReason)
            try container.encode(reason, forKey: .reason)
        }

        enum CodingKeys: String, CodingKey {
            case participant, withdrawn, gaveReason, reason
        }
    }

    var participants: [ParticipantRow]
    var outcomes: [OutcomeRow]
    var consentRecords: [ConsentRow]
    var permissionGrants: [GrantRow]
    var withdrawals: [WithdrawalRow]
}

/// An outcome value in its own JSON type: numbers as numbers, booleans as
/// booleans, "prefer not to answer" as null beside its type.
enum JSONValue: Encodable {
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    case text(String)
    case null

    init(_ value: OutcomeValue.Value) {
        switch value {
        case .integer(let integer): self = .integer(integer)
        case .decimal(let decimal): self = .decimal(decimal)
        case .boolean(let boolean): self = .boolean(boolean)
        case .text(let text): self = .text(text)
        case .date(let date): self = .text(date.description)
        case .time(let time): self = .text(time.description)
        case .preferNotToAnswer: self = .null
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let integer): try container.encode(integer)
        case .decimal(let decimal): try container.encode(decimal)
        case .boolean(let boolean): try container.encode(boolean)
        case .text(let text): try container.encode(text)
        case .null: try container.encodeNil()
        }
    }
}
