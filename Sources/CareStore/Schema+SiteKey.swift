extension Schema {
    /// A key that seals the build manifest a site keeps (`build`): the
    /// manifest holds each participant's worklist row as rendered and their
    /// overview figures, which a rebuild takes as they are, so only a record
    /// sealed with the store's own key is taken; anything else is rendered
    /// again. The key never leaves the store. Made once, with the migration.
    ///
    /// And a revision per participant, a new random number whenever anything
    /// of theirs is written, so a rebuild finds who changed by reading one row
    /// each rather than every answer's index entry (`participantRevisions`).
    static let version11 = """
    CREATE TABLE site_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        key TEXT NOT NULL CHECK (length(key) = 64)
    ) STRICT;

    CREATE TABLE participant_revisions (
        participant_id TEXT PRIMARY KEY,
        revision INTEGER NOT NULL
    ) STRICT;
    \(revisionTriggers)
    """

    /// After every write of a participant's records: outcomes (and their
    /// tombstones), values, consents, permissions, withdrawals, dates and
    /// their audit entries.
    private static let revisionTriggers = [
        ("outcomes_revise", "INSERT ON outcomes", "NEW.participant_id"),
        ("outcome_tombstones_revise", "UPDATE ON outcomes", "NEW.participant_id"),
        ("outcome_values_revise", "INSERT ON outcome_values", "(SELECT participant_id FROM outcomes WHERE id = NEW.outcome_id)"),
        ("consent_records_revise", "INSERT ON consent_records", "NEW.participant_id"),
        ("permission_grants_revise", "INSERT ON permission_grants", "NEW.participant_id"),
        ("withdrawals_revise", "INSERT ON withdrawals", "NEW.participant_id"),
        ("participant_dates_revise", "INSERT ON participant_dates", "NEW.participant_id"),
        ("audit_log_revise", "INSERT ON audit_log", "NEW.participant_id"),
    ].map { name, event, participant in
        """
        CREATE TRIGGER \(name) AFTER \(event) WHEN \(participant) IS NOT NULL
        BEGIN INSERT INTO participant_revisions (participant_id, revision) VALUES (\(participant), random())
        ON CONFLICT (participant_id) DO UPDATE SET revision = excluded.revision; END;
        """
    }.joined(separator: "\n")
}
