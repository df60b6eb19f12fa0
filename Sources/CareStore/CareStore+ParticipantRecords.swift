import CareModel

extension CareStore {
    /// Everything about one participant, from one snapshot of the store:
    /// the one read the site, the server and a participant's download share.
    /// - Parameter includingAuditLog: whether to read their audit trail too,
    ///   which only the site shows; the server, reading after every answer, does not.
    public func records(participantID: String, includingAuditLog: Bool) throws -> ParticipantRecords {
        try read { database in
            try database.snapshot {
                let id = participantID
                return ParticipantRecords(outcomes: try Self.outcomes(in: database, participantID: id, includeDeleted: true),
                                          consentRecords: try Self.consentRecords(in: database, participantID: id),
                                          permissionGrants: try Self.permissionGrants(in: database, participantID: id),
                                          withdrawal: try Self.withdrawals(in: database, participantID: id).first,
                                          auditLog: includingAuditLog ? try Self.auditLog(in: database, participantID: id) : [])
            }
        }
    }
}
