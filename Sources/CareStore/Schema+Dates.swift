extension Schema {
    /// Each participant's own dates (`dates:` in `study.yaml`, such as the
    /// day of their surgery), every value ever given kept in order: the last
    /// is the date, the ones before show what it was. Never rewritten. And
    /// the e-mails answers' alerts raise, kept until they are sent.
    static let version9 = """
    CREATE TABLE participant_dates (
        participant_id TEXT NOT NULL REFERENCES participants (id),
        date_id TEXT NOT NULL,
        day TEXT NOT NULL CHECK (date(day, '+0 days') IS day),
        set_at TEXT NOT NULL,
        -- Who gave it: the invitation, the participant in onboarding, or an imported store.
        source TEXT NOT NULL CHECK (source IN ('invite', 'participant', 'import'))
    ) STRICT;
    CREATE INDEX participant_dates_by_participant ON participant_dates (participant_id, date_id);
    CREATE TRIGGER participant_dates_no_update BEFORE UPDATE ON participant_dates
    BEGIN SELECT RAISE(ABORT, 'participant dates are append-only; give the date again'); END;
    CREATE TRIGGER participant_dates_no_delete BEFORE DELETE ON participant_dates
    BEGIN SELECT RAISE(ABORT, 'participant dates are append-only; give the date again'); END;
    CREATE TRIGGER participant_dates_not_after_withdrawal BEFORE INSERT ON participant_dates
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = NEW.participant_id)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    -- E-mails to the study's contact that answers' alerts raised, when hosted with a mail relay:
    -- kept until sent, so a relay that is down or a restart loses none, and one alert of one answer is one row.
    CREATE TABLE alert_mail (
        id INTEGER PRIMARY KEY,
        outcome_id INTEGER NOT NULL REFERENCES outcomes (id),
        alert INTEGER NOT NULL CHECK (alert >= 0),
        participant_id TEXT NOT NULL REFERENCES participants (id),
        label TEXT NOT NULL,
        event_day TEXT NOT NULL,
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (outcome_id, alert)
    ) STRICT;
    CREATE INDEX alert_mail_unsent ON alert_mail (next_attempt_at) WHERE sent_at IS NULL;
    """
}
