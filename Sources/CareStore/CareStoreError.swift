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
