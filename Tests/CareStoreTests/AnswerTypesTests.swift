import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// Schema version 7: a time of day and "prefer not to answer" are answers
/// of their own, and a store written before keeps every value it had.
extension CareStoreTests {
    @Test func aTimeOfDayAndPreferNotToAnswerAreStoredAsThemselves() throws {
        let values = [OutcomeValue(kind: "bedtime", value: .time(LocalTime("22:45")!)),
                      OutcomeValue(kind: "pain", value: .preferNotToAnswer)]
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: "checkIn", event: event(1), values: values), at: now)
        #expect(try store.outcomes(participantID: participant.id)[0].values == values)
    }

    @Test func theStoreRefusesATimeThatIsNoneOrAMarkerWithAValue() throws {
        try store.addOutcome(checkIn(0), at: now)
        let raw = try RawSQLite(path: directory.path + "/care.sqlite")
        for (type, value) in [("time", "'25:00'"), ("time", "'8:30'"), ("preferNotToAnswer", "0"), ("preferNotToAnswer", "'no'")] {
            #expect(throws: RawSQLite.Failure.self, "\(type) \(value)") {
                try raw.execute("INSERT INTO outcome_values (outcome_id, position, kind, type, value) VALUES (1, 9, 'x', '\(type)', \(value))")
            }
        }
    }

    @Test func aStoreOfVersion6KeepsItsValuesThroughTheMigration() throws {
        try store.addOutcome(checkIn(0, pain: 6), at: now)
        store.close()
        // Version 6's table, with its narrower CHECK, as an older CareFeed left it.
        try RawSQLite(path: directory.path + "/care.sqlite").undoVersion10()
        try RawSQLite(path: directory.path + "/care.sqlite").execute("""
            CREATE TABLE outcome_values_6 (
                outcome_id INTEGER NOT NULL REFERENCES outcomes (id), position INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (length(kind) > 0), type TEXT NOT NULL, value ANY NOT NULL, unit TEXT,
                PRIMARY KEY (outcome_id, position),
                CHECK ((type = 'integer' AND typeof(value) = 'integer') OR (type = 'decimal' AND typeof(value) = 'real') OR
                       (type = 'boolean' AND typeof(value) = 'integer' AND value IN (0, 1)) OR
                       (type = 'text' AND typeof(value) = 'text') OR
                       (type = 'date' AND typeof(value) = 'text' AND date(value, '+0 days') IS value))) STRICT;
            INSERT INTO outcome_values_6 SELECT * FROM outcome_values;
            DROP TABLE outcome_values;
            ALTER TABLE outcome_values_6 RENAME TO outcome_values;
            DROP TABLE invitations; DROP TABLE device_sessions; DROP TABLE participant_dates; DROP TABLE alert_mail; DROP TABLE IF EXISTS site_key; DROP TRIGGER IF EXISTS outcomes_revise; DROP TRIGGER IF EXISTS outcome_tombstones_revise; DROP TRIGGER IF EXISTS outcome_values_revise; DROP TRIGGER IF EXISTS consent_records_revise; DROP TRIGGER IF EXISTS permission_grants_revise; DROP TRIGGER IF EXISTS withdrawals_revise; DROP TRIGGER IF EXISTS participant_dates_revise; DROP TRIGGER IF EXISTS audit_log_revise; DROP TABLE IF EXISTS participant_revisions;
            PRAGMA user_version = 6;
            """)
        let migrated = try CareStore(path: directory.path + "/care.sqlite")
        #expect(try migrated.schemaVersion() == 11)
        #expect(try migrated.outcomes(participantID: participant.id)[0].values == checkIn(0, pain: 6).values)
        #expect(try migrated.integrityCheck() == ["ok"])
        let raw = try RawSQLite(path: directory.path + "/care.sqlite")
        #expect(throws: RawSQLite.Failure.self, "values stay append-only") {
            try raw.execute("DELETE FROM outcome_values")
        }
    }
}
