extension Schema {
    /// Indexes for reading one participant's records: the audit log, consent
    /// records and permission answers were read whole for each participant,
    /// a site's build reading the store over and over. Each index gives the
    /// order its reader asks for.
    static let version8 = """
    CREATE INDEX IF NOT EXISTS audit_log_by_participant ON audit_log (participant_id, id);
    CREATE INDEX IF NOT EXISTS consent_records_by_participant ON consent_records (participant_id, signed_at, id);
    CREATE INDEX IF NOT EXISTS permission_grants_by_participant ON permission_grants (participant_id, recorded_at, id);
    """
}
