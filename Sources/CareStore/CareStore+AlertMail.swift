import CareModel
import Foundation

/// The e-mails answers' alerts raise when a study is hosted with a mail
/// relay: written with the answer, in one transaction, and kept until the
/// relay takes them, so neither a relay that is down nor a restart loses
/// one, and one alert of one answer is one e-mail.
extension CareStore {
    /// An alert to e-mail: what it says, never a value, a name or a free text.
    public struct AlertMail: Sendable, Equatable {
        public var id: Int64
        public var outcomeID: Int64
        public var participantID: String
        /// The alert's label, in the study's own language.
        public var label: String
        public var eventDay: LocalDate
        public var attempts: Int
    }

    /// Stores an answer and, with it, an e-mail for each alert it raises
    /// (the alert's number among the task's, and its label).
    @discardableResult
    public func addOutcome(_ new: NewOutcome, at instant: Date, mailing alerts: [(alert: Int, label: String)]) throws -> Outcome {
        guard !alerts.isEmpty else { return try addOutcome(new, at: instant) }
        do {
            return try write { database in
                let outcome = try Self.insertOutcome(new, at: instant, into: database)
                for (alert, label) in alerts {
                    try database.query("""
                        INSERT INTO alert_mail (outcome_id, alert, participant_id, label, event_day, created_at, next_attempt_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (outcome_id, alert) DO NOTHING
                        """, [.integer(outcome.id), .integer(Int64(alert)), .text(new.participantID), .text(label),
                              .text(new.event.day.description), .text(Timestamp.utc(instant)), .text(Timestamp.utc(instant))])
                }
                return outcome
            }
        } catch let error as DatabaseError where error.isUniqueViolation {
            throw CareStoreError.alreadyAnswered(taskID: new.taskID, occurrence: new.event.occurrence)
        }
    }

    /// The e-mails not yet sent whose next attempt is due at `instant`, oldest first.
    public func dueAlertMail(at instant: Date) throws -> [AlertMail] {
        try read { database in
            try database.query("""
                SELECT id, outcome_id, participant_id, label, event_day, attempts FROM alert_mail
                WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY id
                """, [.text(Timestamp.utc(instant))]).map { row in
                AlertMail(id: try row.integer("id"), outcomeID: try row.integer("outcome_id"),
                          participantID: try row.text("participant_id"), label: try row.text("label"),
                          eventDay: try row.localDate("event_day"), attempts: try row.int("attempts"))
            }
        }
    }

    /// When the next unsent e-mail is due; nil when none waits.
    public func nextAlertMailAttempt() throws -> Date? {
        try read { database in
            try database.query("SELECT min(next_attempt_at) AS next FROM alert_mail WHERE sent_at IS NULL")[0]
                .optionalDate("next")
        }
    }

    /// The relay took the e-mail: it is never sent again.
    public func alertMailSent(id: Int64, at instant: Date) throws {
        try write { database in
            _ = try database.query("UPDATE alert_mail SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?",
                                   [.text(Timestamp.utc(instant)), .integer(id)])
        }
    }

    /// The relay did not take it: tried again at `retry`.
    public func alertMailFailed(id: Int64, error: String, retry: Date) throws {
        try write { database in
            _ = try database.query("UPDATE alert_mail SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
                                   [.text(error), .text(Timestamp.utc(retry)), .integer(id)])
        }
    }
}
