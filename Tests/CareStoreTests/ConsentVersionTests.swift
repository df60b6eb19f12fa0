import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

@Suite struct ConsentVersionTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let participant = Fixtures.participant()
    let now = Fixtures.instant("2026-03-03T13:05:00Z")
    let first = String(repeating: "a", count: 64)
    let second = String(repeating: "b", count: 64)

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        try store.addParticipant(participant)
    }

    func version(_ version: String, _ sha256: String, at instant: Date? = nil) -> ConsentVersion {
        ConsentVersion(documentID: "recover", version: version, sha256: sha256, firstSeenAt: instant ?? now)
    }

    func signature(_ version: String, _ sha256: String, at instant: Date) -> ConsentRecord {
        ConsentRecord(participantID: participant.id, documentID: "recover", version: version, sha256: sha256,
                      html: "<p>I agree.</p>", printedName: "Ada Lovelace", signature: .drawn(pathData: "M10 10 L20 20"),
                      signedAt: instant, timeZone: participant.timeZone)
    }

    /// The store as the first schema left it: no table of published versions.
    func makeFirstSchema() throws {
        let raw = try RawSQLite(path: store.path)
        try raw.execute("DROP TRIGGER outcomes_not_after_withdrawal; DROP TRIGGER tombstones_not_after_withdrawal; "
                        + "DROP TRIGGER grants_not_after_withdrawal; DROP TRIGGER consents_not_after_withdrawal; "
                        + "DROP TRIGGER participants_plain_ids; "
                        + "DROP TRIGGER withdrawals_no_update; "
                        + "DROP TRIGGER withdrawals_no_delete; DROP TABLE withdrawals; "
                        + "DROP TRIGGER consent_versions_no_update; DROP TRIGGER consent_versions_no_delete; "
                        + "DROP TABLE consent_versions; DROP TABLE IF EXISTS invitations; DROP TABLE IF EXISTS device_sessions; DROP TABLE IF EXISTS participant_dates; DROP TABLE IF EXISTS alert_mail; DROP TABLE IF EXISTS site_key; DROP TRIGGER IF EXISTS outcomes_revise; DROP TRIGGER IF EXISTS outcome_tombstones_revise; DROP TRIGGER IF EXISTS outcome_values_revise; DROP TRIGGER IF EXISTS consent_records_revise; DROP TRIGGER IF EXISTS permission_grants_revise; DROP TRIGGER IF EXISTS withdrawals_revise; DROP TRIGGER IF EXISTS participant_dates_revise; DROP TRIGGER IF EXISTS audit_log_revise; DROP TABLE IF EXISTS participant_revisions; "
                        + "PRAGMA user_version = 1")
    }

    @Test func aNewVersionIsPublishedOnceWithItsHashAndAnAuditRow() throws {
        #expect(try store.publishConsentVersions([version("1.0", first)]) == [version("1.0", first)])
        #expect(try store.consentVersions() == [version("1.0", first)])
        let audit = try store.auditLog().last
        #expect(audit?.action == .consentPublish)
        #expect(audit?.subject == .consent(documentID: "recover", version: "1.0"))
        #expect(audit?.detail == "sha256 " + first)
    }

    @Test func publishingAnAlreadyPublishedVersionWritesNothing() throws {
        try store.publishConsentVersions([version("1.0", first)])
        let before = try store.changeStamp()
        #expect(try store.publishConsentVersions([version("1.0", first, at: now.addingTimeInterval(60))]) == [])
        #expect(try store.changeStamp() == before)
        #expect(try store.consentVersions().map(\.firstSeenAt) == [now])
    }

    @Test func anotherTextUnderAPublishedVersionIsRefusedAndNothingIsRecorded() throws {
        try store.publishConsentVersions([version("1.0", first)])
        #expect(throws: CareStoreError.consentVersionChanged(documentID: "recover", version: "1.0", language: "")) {
            try store.publishConsentVersions([version("2.0", second), version("1.0", second)])
        }
        #expect(try store.consentVersions() == [version("1.0", first)])
        #expect(try store.publishConsentVersions([version("2.0", second)]) == [version("2.0", second)])
    }

    @Test func aVersionKeepsTheTextItWasFirstPublishedWithAndNeverAnother() throws {
        var withText = version("1.0", first)
        withText.markdown = "We study knees."
        try store.publishConsentVersions([withText, version("2.0", second)])
        #expect(try store.consentTexts() == [first: "We study knees."], "a version published without a text has none")
        withText.markdown = "We study elbows."
        try store.publishConsentVersions([withText])
        #expect(try store.consentTexts() == [first: "We study knees."], "a text once kept is kept")
        let raw = try RawSQLite(path: store.path)
        #expect(throws: RawSQLite.Failure.self) { try raw.execute("UPDATE consent_versions SET markdown = 'elbows'") }
    }

    @Test func publishedVersionsRefuseUpdateAndDelete() throws {
        try store.publishConsentVersions([version("1.0", first)])
        let raw = try RawSQLite(path: store.path)
        for sql in ["UPDATE consent_versions SET sha256 = '\(second)'", "DELETE FROM consent_versions"] {
            #expect(throws: RawSQLite.Failure.self, "\(sql)") { try raw.execute(sql) }
        }
        #expect(try store.consentVersions() == [version("1.0", first)])
    }

    @Test func migratingAnOlderStorePublishesEachSignedVersionWithItsFirstSignature() throws {
        let later = now.addingTimeInterval(3600)
        try store.addConsentRecord(signature("1.0", second, at: later))
        try store.addConsentRecord(signature("1.0", first, at: now))
        try store.addConsentRecord(signature("2.0", second, at: later))
        store.close()
        try RawSQLite(path: store.path).downgradeToVersion3()
        try makeFirstSchema()
        let migrated = try CareStore(path: store.path)
        #expect(try migrated.schemaVersion() == 11)
        #expect(try migrated.consentVersions() == [version("1.0", first), version("2.0", second, at: later)])
    }

    @Test func aStoreOpenedForReadingOnlyIsNeitherMigratedNorWritten() throws {
        try makeFirstSchema()
        try store.addConsentRecord(signature("1.0", first, at: now))
        let reader = try CareStore(readingOnly: store.path)
        #expect(try reader.schemaVersion() == 1)
        #expect(try reader.consentVersions() == [version("1.0", first)])
        #expect(throws: (any Error).self) { try reader.publishConsentVersions([version("2.0", second)]) }
        #expect(try reader.schemaVersion() == 1)
    }

    @Test func openingAMissingStoreForReadingOnlyFailsAndCreatesNoFile() throws {
        let path = directory.path + "/missing.sqlite"
        #expect(throws: (any Error).self) { try CareStore(readingOnly: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
