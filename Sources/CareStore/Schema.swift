/// The store's schema as an ordered list of migrations. The position of a
/// migration is the `PRAGMA user_version` it leaves behind; a migration, once
/// released, is never edited, only followed by another.
enum Schema {
    static let migrations: [String] = [version1, version2, version3, version4, version5, version6, version7, version8, version9, version10, version11]

    // `date(x, '+0 days') IS x` holds only for a real calendar date in
    // YYYY-MM-DD form: SQLite's plain `date('2026-02-30')` returns it unchanged.
    private static let version1 = """
    CREATE TABLE participants (
        id TEXT PRIMARY KEY CHECK (length(id) > 0),
        name TEXT NOT NULL,
        time_zone TEXT NOT NULL CHECK (length(time_zone) > 0),
        enrolled_on TEXT NOT NULL CHECK (date(enrolled_on, '+0 days') IS enrolled_on)
    ) STRICT;

    CREATE TABLE task_versions (
        task_id TEXT NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 1),
        effective_from TEXT CHECK (effective_from IS NULL OR date(effective_from, '+0 days') IS effective_from),
        definition TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (task_id, version)
    ) STRICT;

    CREATE TABLE outcomes (
        id INTEGER PRIMARY KEY,
        participant_id TEXT NOT NULL REFERENCES participants (id),
        task_id TEXT NOT NULL,
        task_version INTEGER NOT NULL,
        occurrence INTEGER NOT NULL CHECK (occurrence >= 0),
        event_day TEXT NOT NULL CHECK (date(event_day, '+0 days') IS event_day),
        event_start TEXT NOT NULL,
        event_end TEXT NOT NULL,
        created_at TEXT NOT NULL,
        deleted_at TEXT,
        FOREIGN KEY (task_id, task_version) REFERENCES task_versions (task_id, version)
    ) STRICT;

    -- At most one live outcome per participant, task and occurrence.
    CREATE UNIQUE INDEX outcomes_one_live ON outcomes (participant_id, task_id, occurrence)
        WHERE deleted_at IS NULL;
    CREATE INDEX outcomes_by_participant ON outcomes (participant_id, event_day);

    CREATE TABLE outcome_values (
        outcome_id INTEGER NOT NULL REFERENCES outcomes (id),
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (length(kind) > 0),
        type TEXT NOT NULL,
        value ANY NOT NULL,
        unit TEXT,
        PRIMARY KEY (outcome_id, position),
        CHECK (
            (type = 'integer' AND typeof(value) = 'integer') OR
            (type = 'decimal' AND typeof(value) = 'real') OR
            (type = 'boolean' AND typeof(value) = 'integer' AND value IN (0, 1)) OR
            (type = 'text' AND typeof(value) = 'text') OR
            (type = 'date' AND typeof(value) = 'text' AND date(value, '+0 days') IS value)
        )
    ) STRICT;

    CREATE TABLE consent_records (
        id INTEGER PRIMARY KEY,
        participant_id TEXT NOT NULL REFERENCES participants (id),
        document_id TEXT NOT NULL,
        version TEXT NOT NULL,
        sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
        html TEXT NOT NULL,
        printed_name TEXT NOT NULL CHECK (length(trim(printed_name)) > 0),
        signature_kind TEXT NOT NULL CHECK (signature_kind IN ('drawn', 'typed')),
        signature TEXT NOT NULL CHECK (length(signature) > 0),
        signed_at TEXT NOT NULL,
        time_zone TEXT NOT NULL
    ) STRICT;

    CREATE TABLE permission_grants (
        id INTEGER PRIMARY KEY,
        participant_id TEXT NOT NULL REFERENCES participants (id),
        permission_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
        detail TEXT,
        recorded_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        participant_id TEXT,
        action TEXT NOT NULL,
        subject TEXT NOT NULL,
        detail TEXT
    ) STRICT;

    -- What was signed, granted, versioned or logged is history: never rewritten.
    CREATE TRIGGER consent_records_no_update BEFORE UPDATE ON consent_records
    BEGIN SELECT RAISE(ABORT, 'consent records are append-only'); END;
    CREATE TRIGGER consent_records_no_delete BEFORE DELETE ON consent_records
    BEGIN SELECT RAISE(ABORT, 'consent records are append-only'); END;
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER permission_grants_no_update BEFORE UPDATE ON permission_grants
    BEGIN SELECT RAISE(ABORT, 'permission grants are append-only; record a new answer'); END;
    CREATE TRIGGER permission_grants_no_delete BEFORE DELETE ON permission_grants
    BEGIN SELECT RAISE(ABORT, 'permission grants are append-only; record a new answer'); END;
    CREATE TRIGGER task_versions_no_update BEFORE UPDATE ON task_versions
    BEGIN SELECT RAISE(ABORT, 'task versions are append-only; record a new version'); END;
    CREATE TRIGGER task_versions_no_delete BEFORE DELETE ON task_versions
    BEGIN SELECT RAISE(ABORT, 'task versions are append-only; record a new version'); END;

    -- An outcome is deleted by a tombstone, set once; its row and values stay.
    CREATE TRIGGER outcomes_tombstone_only BEFORE UPDATE ON outcomes
    WHEN OLD.deleted_at IS NOT NULL OR NEW.deleted_at IS NULL
        OR NEW.id IS NOT OLD.id OR NEW.participant_id IS NOT OLD.participant_id
        OR NEW.task_id IS NOT OLD.task_id OR NEW.task_version IS NOT OLD.task_version
        OR NEW.occurrence IS NOT OLD.occurrence OR NEW.event_day IS NOT OLD.event_day
        OR NEW.event_start IS NOT OLD.event_start OR NEW.event_end IS NOT OLD.event_end
        OR NEW.created_at IS NOT OLD.created_at
    BEGIN SELECT RAISE(ABORT, 'an outcome changes only by setting its deletion tombstone once'); END;
    CREATE TRIGGER outcomes_no_delete BEFORE DELETE ON outcomes
    BEGIN SELECT RAISE(ABORT, 'outcomes are never removed; delete one by its tombstone'); END;
    CREATE TRIGGER outcome_values_no_update BEFORE UPDATE ON outcome_values
    BEGIN SELECT RAISE(ABORT, 'outcome values are never changed'); END;
    CREATE TRIGGER outcome_values_no_delete BEFORE DELETE ON outcome_values
    BEGIN SELECT RAISE(ABORT, 'outcome values are never removed'); END;
    """

    /// Consent versions as first published, so a text cannot change under
    /// a version already out. Versions signed before this table existed
    /// were published with the text their first signer signed.
    private static let version2 = """
    CREATE TABLE consent_versions (
        document_id TEXT NOT NULL CHECK (length(document_id) > 0),
        version TEXT NOT NULL,
        sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
        first_seen_at TEXT NOT NULL,
        PRIMARY KEY (document_id, version)
    ) STRICT;

    -- SQLite takes a bare column (sha256) from the row that gave MIN.
    INSERT INTO consent_versions (document_id, version, sha256, first_seen_at)
    SELECT document_id, version, sha256, MIN(signed_at) FROM consent_records GROUP BY document_id, version;

    CREATE TRIGGER consent_versions_no_update BEFORE UPDATE ON consent_versions
    BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
    CREATE TRIGGER consent_versions_no_delete BEFORE DELETE ON consent_versions
    BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
    """

    /// Withdrawals, once per participant and final: after one, the store
    /// refuses new outcomes, deletions and permission answers for them.
    private static let version3 = """
    CREATE TABLE withdrawals (
        participant_id TEXT PRIMARY KEY REFERENCES participants (id),
        withdrawn_at TEXT NOT NULL,
        reason TEXT
    ) STRICT;
    -- Participant ids name folders and URLs: a letter, then letters, digits, '-' or '_', at most 64.
    CREATE TRIGGER participants_plain_ids BEFORE INSERT ON participants
    WHEN NEW.id NOT GLOB '[A-Za-z]*' OR NEW.id GLOB '*[^A-Za-z0-9_-]*' OR length(NEW.id) > 64
    BEGIN SELECT RAISE(ABORT, 'a participant id is a letter, then letters, digits, - or _'); END;
    CREATE TRIGGER withdrawals_no_update BEFORE UPDATE ON withdrawals
    BEGIN SELECT RAISE(ABORT, 'a withdrawal is final and append-only'); END;
    CREATE TRIGGER withdrawals_no_delete BEFORE DELETE ON withdrawals
    BEGIN SELECT RAISE(ABORT, 'a withdrawal is final and append-only'); END;
    CREATE TRIGGER outcomes_not_after_withdrawal BEFORE INSERT ON outcomes
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = NEW.participant_id)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    CREATE TRIGGER tombstones_not_after_withdrawal BEFORE UPDATE ON outcomes
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = OLD.participant_id)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    CREATE TRIGGER grants_not_after_withdrawal BEFORE INSERT ON permission_grants
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = NEW.participant_id)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    -- A signature given before the withdrawal (an import of older records) is history; a later one is refused.
    CREATE TRIGGER consents_not_after_withdrawal BEFORE INSERT ON consent_records
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = NEW.participant_id AND withdrawn_at <= NEW.signed_at)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    """

    /// The audit log's subjects as typed columns: the task and occurrence of
    /// an answer with its outcome's row, the document and version of a
    /// consent, the permission, the task version. Rows written before are
    /// given theirs from their subject text, once, by `legacyAuditColumns`.
    private static let version4 = """
    ALTER TABLE audit_log ADD COLUMN task_id TEXT;
    ALTER TABLE audit_log ADD COLUMN occurrence INTEGER;
    ALTER TABLE audit_log ADD COLUMN outcome_id INTEGER;
    ALTER TABLE audit_log ADD COLUMN task_version INTEGER;
    ALTER TABLE audit_log ADD COLUMN document_id TEXT;
    ALTER TABLE audit_log ADD COLUMN document_version TEXT;
    ALTER TABLE audit_log ADD COLUMN permission_id TEXT;
    DROP TRIGGER audit_log_no_update;
    UPDATE audit_log SET (task_id, occurrence, outcome_id, task_version, document_id, document_version, permission_id)
        = (SELECT \(legacyAuditColumns));
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    """

    /// A log entry's own number. Before it, entry *k* of the *n*-th day of
    /// the study was stored as occurrence *n* × 1,000 + *k*; now the
    /// occurrence is the day's and `entry` is *k*, and the one live outcome
    /// per occurrence becomes one per occurrence and entry.
    private static let version5 = """
    ALTER TABLE outcomes ADD COLUMN entry INTEGER CHECK (entry IS NULL OR entry >= 0);
    DROP INDEX outcomes_one_live;
    DROP TRIGGER outcomes_tombstone_only;
    DROP TRIGGER tombstones_not_after_withdrawal;
    UPDATE outcomes SET entry = occurrence % 1000, occurrence = occurrence / 1000 WHERE \(legacyLogEntry);
    -- The audit log's typed columns follow the outcomes they name; its subject text stays as written.
    DROP TRIGGER audit_log_no_update;
    UPDATE audit_log SET occurrence = (SELECT o.occurrence FROM outcomes o WHERE o.id = audit_log.outcome_id)
        WHERE outcome_id IN (SELECT id FROM outcomes WHERE entry IS NOT NULL);
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE UNIQUE INDEX outcomes_one_live ON outcomes (participant_id, task_id, occurrence, ifnull(entry, -1))
        WHERE deleted_at IS NULL;
    CREATE TRIGGER outcomes_tombstone_only BEFORE UPDATE ON outcomes
    WHEN OLD.deleted_at IS NOT NULL OR NEW.deleted_at IS NULL
        OR NEW.id IS NOT OLD.id OR NEW.participant_id IS NOT OLD.participant_id
        OR NEW.task_id IS NOT OLD.task_id OR NEW.task_version IS NOT OLD.task_version
        OR NEW.occurrence IS NOT OLD.occurrence OR NEW.entry IS NOT OLD.entry OR NEW.event_day IS NOT OLD.event_day
        OR NEW.event_start IS NOT OLD.event_start OR NEW.event_end IS NOT OLD.event_end
        OR NEW.created_at IS NOT OLD.created_at
    BEGIN SELECT RAISE(ABORT, 'an outcome changes only by setting its deletion tombstone once'); END;
    CREATE TRIGGER tombstones_not_after_withdrawal BEFORE UPDATE ON outcomes
    WHEN EXISTS (SELECT 1 FROM withdrawals WHERE participant_id = OLD.participant_id)
    BEGIN SELECT RAISE(ABORT, 'the participant has withdrawn: nothing new is stored'); END;
    """

    /// Languages. A participant's choice of language; the language of the
    /// text each consent record holds (NULL for records signed before
    /// languages were kept: the study's own); and each consent version
    /// published in each language, so the version guard holds per language.
    /// `language` '' is a document's own file, in the study's own language.
    private static let version6 = """
    ALTER TABLE participants ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 35);
    ALTER TABLE consent_records ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 35);
    CREATE TABLE consent_versions_by_language (
        document_id TEXT NOT NULL CHECK (length(document_id) > 0),
        version TEXT NOT NULL,
        language TEXT NOT NULL,
        sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
        first_seen_at TEXT NOT NULL,
        PRIMARY KEY (document_id, version, language)
    ) STRICT;
    INSERT INTO consent_versions_by_language (document_id, version, language, sha256, first_seen_at)
    SELECT document_id, version, '', sha256, first_seen_at FROM consent_versions;
    DROP TABLE consent_versions;
    ALTER TABLE consent_versions_by_language RENAME TO consent_versions;
    CREATE TRIGGER consent_versions_no_update BEFORE UPDATE ON consent_versions
    BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
    CREATE TRIGGER consent_versions_no_delete BEFORE DELETE ON consent_versions
    BEGIN SELECT RAISE(ABORT, 'consent versions are append-only; publish a new version'); END;
    -- A participant's row changes only by their choice of language.
    CREATE TRIGGER participants_language_only BEFORE UPDATE ON participants
    WHEN NEW.id IS NOT OLD.id OR NEW.name IS NOT OLD.name OR NEW.time_zone IS NOT OLD.time_zone
        OR NEW.enrolled_on IS NOT OLD.enrolled_on
    BEGIN SELECT RAISE(ABORT, 'a participant changes only by their choice of language'); END;
    """

    /// Two more kinds of answer: a time of day, `HH:MM`, and "prefer not to
    /// answer", a marker of its own. SQLite cannot change a table's CHECK,
    /// so `outcome_values` is copied into a table with the wider one; its
    /// rows and triggers are as they were.
    private static let version7 = """
    CREATE TABLE outcome_values_7 (
        outcome_id INTEGER NOT NULL REFERENCES outcomes (id),
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (length(kind) > 0),
        type TEXT NOT NULL,
        value ANY NOT NULL,
        unit TEXT,
        PRIMARY KEY (outcome_id, position),
        CHECK (
            (type = 'integer' AND typeof(value) = 'integer') OR
            (type = 'decimal' AND typeof(value) = 'real') OR
            (type = 'boolean' AND typeof(value) = 'integer' AND value IN (0, 1)) OR
            (type = 'text' AND typeof(value) = 'text') OR
            (type = 'date' AND typeof(value) = 'text' AND date(value, '+0 days') IS value) OR
            (type = 'time' AND typeof(value) = 'text' AND length(value) = 5 AND time(value) IS value || ':00') OR
            (type = 'preferNotToAnswer' AND typeof(value) = 'integer' AND value = 1 AND unit IS NULL)
        )
    ) STRICT;
    INSERT INTO outcome_values_7 (outcome_id, position, kind, type, value, unit)
    SELECT outcome_id, position, kind, type, value, unit FROM outcome_values;
    DROP TABLE outcome_values;
    ALTER TABLE outcome_values_7 RENAME TO outcome_values;
    CREATE TRIGGER outcome_values_no_update BEFORE UPDATE ON outcome_values
    BEGIN SELECT RAISE(ABORT, 'outcome values are never changed'); END;
    CREATE TRIGGER outcome_values_no_delete BEFORE DELETE ON outcome_values
    BEGIN SELECT RAISE(ABORT, 'outcome values are never removed'); END;
    """

    /// Whether an `outcomes` row is a log entry numbered the old way: a tap
    /// at one moment (its event starts and ends then) of a task whose
    /// recorded definition is a log, or, for a definition that is not JSON,
    /// whose one value is `logged`, true. Part of migration 5 and of reading
    /// a participant's store an older CareFeed wrote: never edited, as a
    /// released migration is not.
    static let legacyLogEntry = """
    outcomes.event_start = outcomes.event_end AND (
        EXISTS (SELECT 1 FROM task_versions tv WHERE tv.task_id = outcomes.task_id AND tv.version = outcomes.task_version
                    AND json_valid(tv.definition) AND json_extract(tv.definition, '$.log') = 1)
        OR ((SELECT count(*) FROM outcome_values v WHERE v.outcome_id = outcomes.id) = 1
            AND EXISTS (SELECT 1 FROM outcome_values v WHERE v.outcome_id = outcomes.id
                            AND v.kind = 'logged' AND v.type = 'boolean' AND v.value = 1)))
    """

    /// The typed subject columns of an `audit_log` row written before they
    /// existed, from its action, subject and detail: `checkIn#3` with the
    /// outcome saved, or deleted, at the entry's time (for a deletion, else
    /// the `outcome 12` it names, if that is the same participant's answer to
    /// the same task), `recover 1.0`, `checkIn v2`, a permission's id. Part
    /// of migration 4 and of reading a participant's store an older CareFeed
    /// wrote: never edited, as a released migration is not.
    static let legacyAuditColumns = """
    CASE WHEN audit_log.action IN ('outcome.add', 'outcome.delete')
             THEN substr(audit_log.subject, 1, instr(audit_log.subject, '#') - 1)
         WHEN audit_log.action = 'task.version' THEN substr(audit_log.subject, 1, instr(audit_log.subject, ' v') - 1) END AS task_id,
    CASE WHEN audit_log.action IN ('outcome.add', 'outcome.delete')
             THEN CAST(substr(audit_log.subject, instr(audit_log.subject, '#') + 1) AS INTEGER) END AS occurrence,
    CASE WHEN audit_log.action = 'outcome.delete'
             THEN coalesce(
                 (SELECT o.id FROM outcomes o WHERE o.participant_id = audit_log.participant_id
                      AND o.task_id = substr(audit_log.subject, 1, instr(audit_log.subject, '#') - 1)
                      AND o.occurrence = CAST(substr(audit_log.subject, instr(audit_log.subject, '#') + 1) AS INTEGER)
                      AND o.deleted_at = audit_log.at ORDER BY o.id LIMIT 1),
                 (SELECT o.id FROM outcomes o WHERE audit_log.detail LIKE 'outcome %'
                      AND o.id = CAST(substr(audit_log.detail, 9) AS INTEGER) AND o.participant_id = audit_log.participant_id
                      AND o.task_id = substr(audit_log.subject, 1, instr(audit_log.subject, '#') - 1)))
         WHEN audit_log.action = 'outcome.add'
             THEN (SELECT o.id FROM outcomes o WHERE o.participant_id = audit_log.participant_id
                       AND o.task_id = substr(audit_log.subject, 1, instr(audit_log.subject, '#') - 1)
                       AND o.occurrence = CAST(substr(audit_log.subject, instr(audit_log.subject, '#') + 1) AS INTEGER)
                       AND o.created_at = audit_log.at ORDER BY o.id LIMIT 1) END AS outcome_id,
    CASE WHEN audit_log.action = 'task.version'
             THEN CAST(substr(audit_log.subject, instr(audit_log.subject, ' v') + 2) AS INTEGER) END AS task_version,
    CASE WHEN audit_log.action IN ('consent.sign', 'consent.publish')
             THEN substr(audit_log.subject, 1, instr(audit_log.subject, ' ') - 1) END AS document_id,
    CASE WHEN audit_log.action IN ('consent.sign', 'consent.publish')
             THEN substr(audit_log.subject, instr(audit_log.subject, ' ') + 1) END AS document_version,
    CASE WHEN audit_log.action = 'permission.record' THEN audit_log.subject END AS permission_id
    """
}
