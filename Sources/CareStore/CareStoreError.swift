/// Why the store refused a request or could not read what it holds, in
/// words for the person who made the request or has to mend the file.
public enum CareStoreError: Error, CustomStringConvertible, Equatable {
    case alreadyAnswered(taskID: String, occurrence: Int)
    case notFound(String)
    case unknownReference(String)
    case newerSchema(found: Int, supported: Int)
    /// A consent document's version was first published with another text.
    case consentVersionChanged(documentID: String, version: String, language: String)
    /// The participant has withdrawn, so nothing new is stored for them.
    case alreadyWithdrawn(String)
    /// A row the store read lacks a column or holds a value it never writes
    /// there: NULL, another type, or text that is not a time, day or zone.
    case damagedRow(column: String, problem: String, sql: String)

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
        case .consentVersionChanged(let document, let version, let language):
            "consent document \(document) version \(version)\(language.isEmpty ? "" : " in \(language)") was published with "
                + "another text; raise its version"
        case .alreadyWithdrawn(let participant):
            "participant \(participant) has withdrawn from the study; nothing new is stored for them"
        case .damagedRow(let column, let problem, let sql):
            "the store holds a damaged row: column \(column) \(problem) "
                + "(in: \(sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")))"
        }
    }
}
