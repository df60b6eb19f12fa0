import CareModel
import Foundation

/// Personal links and device sessions of a hosted study. The store holds
/// only each token's SHA-256: what a browser or a letter carries is never
/// written down here.
extension CareStore {
    /// A device session as the store keeps it.
    public struct DeviceSession: Sendable, Equatable {
        public var participantID: String
        public var createdAt: Date
        public var lastUsedAt: Date
        public var endedAt: Date?
        /// `signed out` or `revoked`.
        public var endReason: String?
    }

    /// How long a session lasts unused: half a year, a study's length.
    public static let sessionIdleLimit: TimeInterval = 180 * 24 * 60 * 60

    /// Records a new personal link for `participantID`, valid until
    /// `expires`; any link of theirs not yet used stops working.
    public func addInvitation(tokenSHA256: String, participantID: String, at instant: Date, expires: Date) throws {
        try write { database in
            let now = Timestamp.utc(instant)
            try database.query("""
                UPDATE invitations SET ended_at = ?, end_reason = 'replaced' WHERE participant_id = ? AND ended_at IS NULL
                """, [.text(now), .text(participantID)])
            try database.query("""
                INSERT INTO invitations (token_sha256, participant_id, created_at, expires_at) VALUES (?, ?, ?, ?)
                """, [.text(tokenSHA256), .text(participantID), .text(now), .text(Timestamp.utc(expires))])
            try Self.audit(database, at: instant, participantID: participantID, action: .participantInvite,
                           subject: .participant(id: participantID), detail: "valid until \(Timestamp.utc(expires))")
        }
    }

    /// Uses a personal link: if it is known, unused and not expired, it is
    /// used up and a device session starts for its participant, whose id is
    /// returned; nil for any other link, which changes nothing. The
    /// browser's session before, `ending` (a shared tablet), ends with the
    /// same write, and only when the link works.
    public func join(tokenSHA256: String, sessionSHA256: String, calendarSHA256: String, at instant: Date,
                     device: String?, ending earlier: String? = nil) throws -> String? {
        try write { database in
            let now = Timestamp.utc(instant)
            guard let row = try database.query("""
                SELECT participant_id FROM invitations WHERE token_sha256 = ? AND ended_at IS NULL AND expires_at > ?
                """, [.text(tokenSHA256), .text(now)]).first else { return nil }
            let participantID = try row.text("participant_id")
            if let earlier { try Self.endSession(earlier, at: instant, in: database) }
            try database.query("UPDATE invitations SET ended_at = ?, end_reason = 'used' WHERE token_sha256 = ?",
                               [.text(now), .text(tokenSHA256)])
            try database.query("""
                INSERT INTO device_sessions (token_sha256, calendar_sha256, participant_id, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?)
                """, [.text(sessionSHA256), .text(calendarSHA256), .text(participantID), .text(now), .text(now)])
            try Self.audit(database, at: instant, participantID: participantID, action: .deviceJoin,
                           subject: .participant(id: participantID), detail: device)
            return participantID
        }
    }

    /// The participant of a live session (not ended, and used within
    /// `sessionIdleLimit`), and whether its last use was written now:
    /// at most once an hour, when the browser's cookie is given again for
    /// the whole limit.
    public func sessionParticipant(tokenSHA256: String, at instant: Date,
                                   stamp: ChangeStamp? = nil) throws -> (id: String, renewed: Bool)? {
        guard let (id, lastUsed) = try liveSession("token_sha256", tokenSHA256, at: instant, stamp: stamp) else { return nil }
        guard instant.timeIntervalSince(lastUsed) > 60 * 60 else { return (id, false) }
        // A store that cannot be written still lets the participant read their pages; a session that ended
        // between the lookup and this write (revoked from another process) is not renewed, nor served.
        do {
            let still = try write { database in
                try database.query("""
                    UPDATE device_sessions SET last_used_at = ? WHERE token_sha256 = ? AND ended_at IS NULL RETURNING participant_id
                    """, [.text(Timestamp.utc(instant)), .text(tokenSHA256)])
            }
            return still.isEmpty ? nil : (id, true)
        } catch {
            return (id, false)
        }
    }

    /// The participant whose live session has this calendar token. A
    /// calendar's fetches do not keep the session in use: a lost phone's
    /// session still ends after 180 days, whatever calendar still asks.
    public func calendarParticipant(calendarSHA256: String, at instant: Date) throws -> String? {
        try liveSession("calendar_sha256", calendarSHA256, at: instant)?.id
    }

    private func liveSession(_ column: String, _ hash: String, at instant: Date,
                             stamp: ChangeStamp? = nil) throws -> (id: String, lastUsed: Date)? {
        let found = try remembered(column + ":" + hash, stamp: stamp) { () -> (id: String, lastUsed: Date)? in
            let row = try read { database in
                try database.query("SELECT participant_id, last_used_at FROM device_sessions WHERE \(column) = ? AND ended_at IS NULL",
                                   [.text(hash)]).first
            }
            return try row.map { (try $0.text("participant_id"), try $0.date("last_used_at")) }
        }
        guard let found, instant.timeIntervalSince(found.lastUsed) < Self.sessionIdleLimit else { return nil }
        return found
    }

    /// Ends one session, as its browser signs out.
    public func signOut(tokenSHA256: String, at instant: Date) throws {
        try write { database in try Self.endSession(tokenSHA256, at: instant, in: database) }
    }

    private static func endSession(_ tokenSHA256: String, at instant: Date, in database: Database) throws {
        guard let row = try database.query("SELECT participant_id FROM device_sessions WHERE token_sha256 = ? AND ended_at IS NULL",
                                           [.text(tokenSHA256)]).first else { return }
        let participantID = try row.text("participant_id")
        try database.query("UPDATE device_sessions SET ended_at = ?, end_reason = 'signed out' WHERE token_sha256 = ?",
                           [.text(Timestamp.utc(instant)), .text(tokenSHA256)])
        try audit(database, at: instant, participantID: participantID, action: .deviceSignOut,
                  subject: .participant(id: participantID), detail: nil)
    }

    /// Ends every live session of a participant (a lost phone), and any
    /// link of theirs not yet used; the number of sessions ended.
    @discardableResult
    public func revokeDevices(participantID: String, at instant: Date) throws -> Int {
        try write { database in
            let now = Timestamp.utc(instant)
            let live = try database.query("SELECT count(*) AS n FROM device_sessions WHERE participant_id = ? AND ended_at IS NULL",
                                          [.text(participantID)])[0].int("n")
            try database.query("""
                UPDATE device_sessions SET ended_at = ?, end_reason = 'revoked' WHERE participant_id = ? AND ended_at IS NULL
                """, [.text(now), .text(participantID)])
            try database.query("""
                UPDATE invitations SET ended_at = ?, end_reason = 'replaced' WHERE participant_id = ? AND ended_at IS NULL
                """, [.text(now), .text(participantID)])
            try Self.audit(database, at: instant, participantID: participantID, action: .deviceRevoke,
                           subject: .participant(id: participantID), detail: "\(live) device\(live == 1 ? "" : "s")")
            return live
        }
    }

    /// A participant's sessions, the newest first.
    public func deviceSessions(participantID: String) throws -> [DeviceSession] {
        try read { database in
            try database.query("""
                SELECT participant_id, created_at, last_used_at, ended_at, end_reason FROM device_sessions
                WHERE participant_id = ? ORDER BY created_at DESC, rowid DESC
                """, [.text(participantID)]).map { row in
                DeviceSession(participantID: try row.text("participant_id"), createdAt: try row.date("created_at"),
                              lastUsedAt: try row.date("last_used_at"),
                              endedAt: try row.isNull("ended_at") ? nil : try row.date("ended_at"),
                              endReason: try row.optionalText("end_reason"))
            }
        }
    }
}
