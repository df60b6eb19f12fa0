extension Schema {
    /// Each participant's own dates (`dates:` in `study.yaml`, such as the
    /// day of their surgery), every value ever given kept in order: the last
    /// is the date, the ones before show what it was. Never rewritten.
    static let version9 = """
    CREATE TABLE participant_dates (
        participant_id TEXT NOT NULL REFERENCES participants (id),
        date_id TEXT NOT NULL,
        day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        set_at TEXT NOT NULL,
        -- Who gave it: the invitation, the participant in onboarding, or an imported store.
        source TEXT NOT NULL CHECK (source IN ('invite', 'participant', 'import'))
    ) STRICT;
    CREATE INDEX participant_dates_by_participant ON participant_dates (participant_id, date_id);
    CREATE TRIGGER participant_dates_no_update BEFORE UPDATE ON participant_dates
    BEGIN SELECT RAISE(ABORT, 'participant dates are append-only; give the date again'); END;
    CREATE TRIGGER participant_dates_no_delete BEFORE DELETE ON participant_dates
    BEGIN SELECT RAISE(ABORT, 'participant dates are append-only; give the date again'); END;
    """
}
