/// What the store holds of one participant, read at one moment: what their
/// pages, their feed and their own copy of their data are made from.
public struct ParticipantRecords: Sendable {
    /// Live and deleted, in event order: the audit trail shows what a deleted answer held.
    public var outcomes: [Outcome]
    public var consentRecords: [ConsentRecord]
    /// What decides which of their values leave their computer.
    public var permissionGrants: [PermissionGrant]
    public var withdrawal: Withdrawal?
    /// Entries about them, with the study's consent publications; empty
    /// when read without them, as the participant's own server reads.
    public var auditLog: [AuditEntry]
    /// Every value their own dates were given, oldest first, with the audit log.
    public var dateChanges: [DateChange] = []

    public init(outcomes: [Outcome], consentRecords: [ConsentRecord], permissionGrants: [PermissionGrant],
                withdrawal: Withdrawal? = nil, auditLog: [AuditEntry] = []) {
        self.outcomes = outcomes
        self.consentRecords = consentRecords
        self.permissionGrants = permissionGrants
        self.withdrawal = withdrawal
        self.auditLog = auditLog
    }

    /// The outcomes not deleted.
    public var liveOutcomes: [Outcome] { outcomes.filter { !$0.isDeleted } }
}
