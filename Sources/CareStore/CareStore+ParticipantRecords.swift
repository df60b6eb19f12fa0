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
                var records = ParticipantRecords(outcomes: try Self.outcomes(in: database, participantID: id, includeDeleted: true),
                                                 consentRecords: try Self.consentRecords(in: database, participantID: id),
                                                 permissionGrants: try Self.permissionGrants(in: database, participantID: id),
                                                 withdrawal: try Self.withdrawals(in: database, participantID: id).first,
                                                 auditLog: includingAuditLog ? try Self.auditLog(in: database, participantID: id) : [])
                if includingAuditLog { records.dateChanges = try Self.dateChanges(in: database, participantID: id) }
                return records
            }
        }
    }
}

extension CareStore {
    /// Changes whenever anything about one participant changes, as their
    /// audit trail records every change (answers, deletions, signatures,
    /// choices, a withdrawal, an import), or the study's own entries (a new
    /// task or consent version), or their language; and not when someone
    /// else's does, so a server holding many participants keeps the others'
    /// pages when one answers.
    public struct ParticipantStamp: Hashable, Sendable {
        var latestEntry: Int64?
        var latestStudyEntry: Int64?
        var language: String?
    }

    /// - Parameter stamp: the store's, read just before, when the caller has it.
    public func participantStamp(id: String, stamp: ChangeStamp? = nil) throws -> ParticipantStamp {
        try remembered("participant:" + id, stamp: stamp) { try readParticipantStamp(id: id) }!
    }

    private func readParticipantStamp(id: String) throws -> ParticipantStamp {
        try read { database in
            let row = try database.query("""
                SELECT (SELECT max(id) FROM audit_log WHERE participant_id = ?1) AS latest,
                       (SELECT max(id) FROM audit_log WHERE participant_id IS NULL) AS study,
                       (SELECT language FROM participants WHERE id = ?1) AS language
                """, [.text(id)])[0]
            return ParticipantStamp(latestEntry: try row.isNull("latest") ? nil : try row.integer("latest"),
                                    latestStudyEntry: try row.isNull("study") ? nil : try row.integer("study"),
                                    language: try row.optionalText("language"))
        }
    }
}
