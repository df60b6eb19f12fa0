import Foundation

/// One line of the append-only audit log: what happened, to which record,
/// when, and to whom, as typed values; `detail` adds what a person reads.
public struct AuditEntry: Hashable, Sendable {
    /// What happened.
    public enum Action: String, Hashable, Sendable {
        case outcomeAdd = "outcome.add"
        case outcomeDelete = "outcome.delete"
        case consentSign = "consent.sign"
        /// A consent document's version seen for the first time: about everyone who signs it.
        case consentPublish = "consent.publish"
        case permissionRecord = "permission.record"
        case participantWithdraw = "participant.withdraw"
        case taskVersion = "task.version"
        /// Another store merged into this one: about no one participant.
        case fileImport = "import"
        /// A personal link made for a participant (`invite`).
        case participantInvite = "participant.invite"
        /// A device that joined by a personal link, and one that signed out or was revoked.
        case deviceJoin = "device.join"
        case deviceSignOut = "device.signOut"
        case deviceRevoke = "device.revoke"
        /// A participant's own date (their surgery) given, or changed.
        case participantDate = "participant.date"
        /// An answer to a question about the consent, before signing it: right, or asked again.
        case consentQuiz = "consent.quiz"
    }

    /// What it happened to.
    public enum Subject: Hashable, Sendable {
        /// An answer, a tap or a log entry: the task's occurrence, and the
        /// outcome's row in this store where it is known.
        case outcome(taskID: String, occurrence: Int, outcomeID: Int64?)
        case consent(documentID: String, version: String)
        case permission(id: String)
        case participant(id: String)
        case taskVersion(taskID: String, version: Int)
        case file(path: String)
        /// A question of the onboarding task, by its item's id.
        case question(id: String)

        /// As the log's `subject` column reads: `checkIn#3`, `recover 1.0`, `checkIn v2`.
        public var text: String {
            switch self {
            case .outcome(let taskID, let occurrence, _): "\(taskID)#\(occurrence)"
            case .consent(let documentID, let version): "\(documentID) \(version)"
            case .permission(let id), .participant(let id), .question(let id): id
            case .taskVersion(let taskID, let version): "\(taskID) v\(version)"
            case .file(let path): path
            }
        }
    }

    public var id: Int64
    public var at: Date
    public var participantID: String?
    public var action: Action
    public var subject: Subject
    public var detail: String?
    /// Its place in its chain, from 1, and its SHA-256 (SPEC §14); nil in a store from before chains.
    public var chainIndex: Int?
    public var sha256: String?

    public init(id: Int64, at: Date, participantID: String?, action: Action, subject: Subject, detail: String?) {
        self.id = id
        self.at = at
        self.participantID = participantID
        self.action = action
        self.subject = subject
        self.detail = detail
    }
}
