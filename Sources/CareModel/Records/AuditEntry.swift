import Foundation

/// One line of the append-only audit log.
public struct AuditEntry: Hashable, Sendable {
    public var id: Int64
    public var at: Date
    public var participantID: String?
    /// What happened, as a verb: `outcome.add`, `outcome.delete`, `consent.sign`, `permission.record`.
    public var action: String
    /// What it happened to: `checkIn#3`, `recover 1.0`.
    public var subject: String
    public var detail: String?

    public init(id: Int64, at: Date, participantID: String?, action: String, subject: String, detail: String?) {
        self.id = id
        self.at = at
        self.participantID = participantID
        self.action = action
        self.subject = subject
        self.detail = detail
    }
}
