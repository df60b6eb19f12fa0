extension Schema {
    /// Indexes for reading one participant's records: without them the audit
    /// log, consent records and permission answers were read whole for each
    /// participant, and a site's build read the store over and over. Made on
    /// opening, not by a migration: an index changes no table, so a store
    /// keeps its schema version and an older carefeed still reads it.
    /// `outcomes_revision` holds all a build asks of each participant's
    /// outcomes to know whether they changed (how many, the latest, how many
    /// deleted), so it is answered from the index alone: reading each row for
    /// its tombstone was a fifth of a rebuild that found nothing changed.
    /// `outcomes_by_start` gives a participant's outcomes in the order their
    /// pages show them, so SQLite reads them without sorting.
    static let indexes = """
    CREATE INDEX IF NOT EXISTS audit_log_by_participant ON audit_log (participant_id, id);
    CREATE INDEX IF NOT EXISTS consent_records_by_participant ON consent_records (participant_id, signed_at, id);
    CREATE INDEX IF NOT EXISTS permission_grants_by_participant ON permission_grants (participant_id, recorded_at, id);
    CREATE INDEX IF NOT EXISTS outcomes_revision ON outcomes (participant_id, deleted_at);
    CREATE INDEX IF NOT EXISTS outcomes_by_start ON outcomes (participant_id, event_start, task_id);
    """
}
