import CareModel

extension CareStore {
    /// Everything about one participant, from one snapshot of the store:
    /// the one read the site, the server and a participant's download share.
    public func records(participantID: String) throws -> ParticipantRecords {
        try read { database in
            try database.snapshot {
                ParticipantRecords(outcomes: try Self.outcomes(in: database, participantID: participantID, includeDeleted: true),
                                   consentRecords: try Self.consentRecords(in: database, participantID: participantID),
                                   permissionGrants: try Self.permissionGrants(in: database, participantID: participantID),
                                   withdrawal: try Self.withdrawals(in: database, participantID: participantID).first,
                                   auditLog: try Self.auditLog(in: database, participantID: participantID))
            }
        }
    }
}
