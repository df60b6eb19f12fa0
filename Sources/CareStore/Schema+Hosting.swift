extension Schema {
    /// A hosted study (`carefeed host`): personal links and the device
    /// sessions they start, each kept only as the SHA-256 of its token, so
    /// a copy of the store lets no one in. A link is used once; a session
    /// ends at sign-out, at revocation, or unused for 180 days. Its
    /// calendar token is read-only and ends with it.
    static let version8 = """
    CREATE TABLE invitations (
        token_sha256 TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
        participant_id TEXT NOT NULL REFERENCES participants (id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        -- Set once: when the link was used, or replaced by a newer one.
        ended_at TEXT,
        end_reason TEXT CHECK (end_reason IS NULL OR end_reason IN ('used', 'replaced'))
    ) STRICT;
    CREATE INDEX invitations_by_participant ON invitations (participant_id);
    CREATE TABLE device_sessions (
        token_sha256 TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
        calendar_sha256 TEXT NOT NULL UNIQUE CHECK (length(calendar_sha256) = 64),
        participant_id TEXT NOT NULL REFERENCES participants (id),
        created_at TEXT NOT NULL,
        last_used_at TEXT NOT NULL,
        ended_at TEXT,
        end_reason TEXT CHECK (end_reason IS NULL OR end_reason IN ('signed out', 'revoked'))
    ) STRICT;
    CREATE INDEX device_sessions_by_participant ON device_sessions (participant_id);
    CREATE TRIGGER invitations_end_once BEFORE UPDATE ON invitations
    WHEN OLD.ended_at IS NOT NULL OR NEW.token_sha256 IS NOT OLD.token_sha256
        OR NEW.participant_id IS NOT OLD.participant_id OR NEW.created_at IS NOT OLD.created_at
        OR NEW.expires_at IS NOT OLD.expires_at
    BEGIN SELECT RAISE(ABORT, 'an invitation changes only by ending, once'); END;
    CREATE TRIGGER device_sessions_end_once BEFORE UPDATE ON device_sessions
    WHEN OLD.ended_at IS NOT NULL OR NEW.token_sha256 IS NOT OLD.token_sha256
        OR NEW.calendar_sha256 IS NOT OLD.calendar_sha256 OR NEW.participant_id IS NOT OLD.participant_id
        OR NEW.created_at IS NOT OLD.created_at
    BEGIN SELECT RAISE(ABORT, 'a device session changes only by being used, or by ending once'); END;
    """
}
