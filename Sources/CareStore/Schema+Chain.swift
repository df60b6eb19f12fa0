extension Schema {
    /// Tamper-evident audit trails (SPEC §14): each participant's entries,
    /// and the entries about no participant, form a chain. Every entry holds
    /// its place in its chain, the SHA-256 of the entry before it, the
    /// SHA-256 of the record it logs (an answer's values, a consent as
    /// signed, a permission's answer) and the SHA-256 of all of that with
    /// its own fields. Entries already in a store are chained as they are,
    /// in the order they were written: the log is append-only, so the
    /// trigger that keeps it so steps aside while they are, and only then.
    static let version10 = """
    ALTER TABLE audit_log ADD COLUMN chain_index INTEGER;
    ALTER TABLE audit_log ADD COLUMN previous_sha256 TEXT;
    ALTER TABLE audit_log ADD COLUMN record_sha256 TEXT;
    ALTER TABLE audit_log ADD COLUMN sha256 TEXT;
    DROP TRIGGER audit_log_no_update;
    -- The Markdown each consent version is first published with, so the PDF of a record signed on a version the
    -- content no longer holds is laid out from its own text; a version published before has none. Never changed.
    ALTER TABLE consent_versions ADD COLUMN markdown TEXT;
    """

    /// After the entries a store had are chained.
    static let version10Sealed = """
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    """
}
