extension Schema {
    /// Indexes for reading one participant's records: without them the audit
    /// log, consent records and permission answers were read whole for each
    /// participant, and a site's build read the store over and over. Made on
    /// opening, not by a migration: an index changes no table, so a store
    /// keeps its schema version and an older carefeed still reads it.
    static let indexes = """
    CREATE INDEX IF NOT EXISTS audit_log_by_participant ON audit_log (participant_id, id);
    CREATE INDEX IF NOT EXISTS consent_records_by_participant ON consent_records (participant_id, signed_at, id);
    CREATE INDEX IF NOT EXISTS permission_grants_by_participant ON permission_grants (participant_id, recorded_at, id);
    """
}
