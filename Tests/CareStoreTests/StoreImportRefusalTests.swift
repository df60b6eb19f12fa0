import CareModel
import CareStore
import Foundation
import Markup
import Support
import Testing
import TestSupport

/// Files the study's store refuses whole: contradictions, named on both
/// sides, and files that are not stores this carefeed can read.
@Suite struct StoreImportRefusalTests {
    let directory: TemporaryDirectory
    let study: CareStore
    let sharing = [SharingRule(permissionID: "shareHealthData", types: ["checkIn"])]
    let now = Fixtures.instant("2026-03-10T12:00:00Z")
    let ada = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))

    init() throws {
        directory = try TemporaryDirectory()
        study = try Fixtures.studyStore(in: directory)
    }

    /// The reasons the import of `path` was refused, after checking the study's store did not change.
    func refusal(_ path: String) throws -> [String] {
        let audit = try study.auditLog()
        let outcomes = try study.outcomes(includeDeleted: true)
        do {
            try study.importStore(at: path, sharing: sharing, at: now)
        } catch let refusal as ImportRefusal {
            #expect(refusal.file == path)
            #expect(try study.auditLog() == audit)
            #expect(try study.outcomes(includeDeleted: true) == outcomes)
            return refusal.reasons
        }
        Issue.record("the import of \(path) was not refused")
        return []
    }

    /// Ada's own store, imported into the study's store.
    func imported() throws -> ParticipantStoreMaker {
        let source = try ParticipantStoreMaker(in: directory, ada)
        try source.fill()
        try study.importStore(at: source.path, sharing: sharing, at: now)
        return source
    }

    @Test func anotherLiveAnswerForAnOccurrenceRefusesTheWholeFileNamingBothAnswers() throws {
        _ = try imported()
        let other = try ParticipantStoreMaker(in: directory, ada)
        try other.onboard()
        try other.checkIn(0, pain: 3)
        try other.checkIn(2, pain: 9, minute: 7)
        try other.checkIn(3, pain: 1)

        #expect(try refusal(other.path) == [
            "participant p1's answer to checkIn#2 contradicts one already held: "
                + "in this file pain=9 sleep=7.5 (created 2026-03-03T13:07:00.250Z); "
                + "in the study store pain=2 sleep=7.5 (created 2026-03-03T13:05:00.250Z)",
        ])
        #expect(try study.outcomes(participantID: ada.id).contains { $0.occurrence == 3 } == false)
    }

    @Test func theSameAnswerWithOtherValuesIsRefusedNamingBoth() throws {
        _ = try imported()
        let other = try ParticipantStoreMaker(in: directory, ada)
        try other.onboard()
        try other.checkIn(0, pain: 9)
        #expect(try refusal(other.path) == [
            "participant p1's answer to checkIn#0 created 2026-03-01T13:05:00.250Z differs: "
                + "in this file pain=9 sleep=7.5; in the study store pain=3 sleep=7.5",
        ])

        // A value the participant has since declined to share is compared too, and counted, not shown.
        let declining = try ParticipantStoreMaker(in: directory, ada)
        try declining.store.addPermissionGrant(PermissionGrant(participantID: ada.id, permissionID: "shareHealthData",
                                                               kind: "health", granted: false,
                                                               recordedAt: declining.instant(day: 2, hour: 9)))
        try declining.checkIn(0, pain: 9)
        #expect(try refusal(declining.path) == [
            "participant p1's answer to checkIn#0 created 2026-03-01T13:05:00.250Z differs: "
                + "in this file 2 values not shared; in the study store pain=3 sleep=7.5",
        ])
    }

    @Test func anotherSignedConsentForTheSameDocumentAndVersionIsRefused() throws {
        _ = try imported()
        let other = try ParticipantStoreMaker(in: directory, ada)
        try other.store.addConsentRecord(other.consent(signedAt: other.instant(day: 0, hour: 14)))

        #expect(try refusal(other.path) == [
            "participant p1's consent to recover version 1.0 differs: "
                + "in this file signed 2026-03-01T14:00:00.250Z (America/New_York) by Ada Lovelace with a drawn signature, "
                + "SHA-256 \(ParticipantStoreMaker.sha); "
                + "in the study store signed 2026-03-01T13:00:00.250Z (America/New_York) by Ada Lovelace with a drawn signature, "
                + "SHA-256 \(ParticipantStoreMaker.sha)",
        ])
    }

    @Test func anotherWithdrawalIsRefused() throws {
        let source = try imported()
        try source.withdraw()
        try study.importStore(at: source.path, sharing: sharing, at: now)
        let other = try ParticipantStoreMaker(in: directory, ada)
        try other.store.withdraw(Withdrawal(participantID: ada.id, withdrawnAt: other.instant(day: 5, hour: 9)))

        #expect(try refusal(other.path) == [
            "participant p1's withdrawal differs: in this file withdrawn 2026-03-06T09:00:00.250Z, no reason given; "
                + "in the study store withdrawn 2026-03-04T10:00:00.250Z, reason \"Moving away\"",
        ])
    }

    @Test func aParticipantIDNamingAnotherPersonIsRefused() throws {
        _ = try imported()
        let impostor = Participant(id: "p1", name: "Charles Babbage", timeZone: Fixtures.newYork,
                                   enrolledOn: Fixtures.date("2026-03-04"))
        let other = try ParticipantStoreMaker(in: directory, impostor)
        try other.fill()

        #expect(try refusal(other.path) == [
            "participant p1 names another person: in this file Charles Babbage, enrolled 2026-03-04 in America/New_York; "
                + "in the study store Ada Lovelace, enrolled 2026-03-01 in America/New_York",
        ])
    }

    @Test func aTaskVersionTheStudyNeverHadIsRefusedNamingTheTask() throws {
        let source = try ParticipantStoreMaker(in: directory, ada,
                                               definitions: ["onboarding": "onboarding v1", "checkIn": "checkIn, an old draft"])
        try source.fill()

        #expect(try refusal(source.path) == [
            "task checkIn version 1 differs from the study's: its definition is neither the study's current one nor one it had "
                + "(the study store holds version 1)",
        ])
    }

    @Test func aConsentVersionWithAnotherTextIsRefused() throws {
        let other = SHA256.hex("<p>We study elbows.</p>")
        let source = try ParticipantStoreMaker(in: directory, ada, publishing: other)
        #expect(try refusal(source.path) == [
            "consent document recover version 1.0 has another text: in this file SHA-256 \(other); "
                + "in the study store SHA-256 \(ParticipantStoreMaker.sha)",
        ])
    }

    @Test func aConsentVersionTheStudyNeverPublishedIsRefusedWithItsRecords() throws {
        let source = try ParticipantStoreMaker(in: directory, ada)
        let text = "<p>Version two.</p>"
        try source.store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "2.0",
                                                                sha256: SHA256.hex(text), firstSeenAt: source.instant(day: 0, hour: 9))])
        var record = source.consent(html: text)
        record.version = "2.0"
        try source.store.addConsentRecord(record)
        #expect(try refusal(source.path) == [
            "consent document recover version 2.0 (SHA-256 \(SHA256.hex(text))) was never published by this study; "
                + "import stores of this study's participants, after building the study with the content that holds that version",
            "participant p1 signed recover version 2.0, which this study never published",
        ])
    }

    @Test func aConsentRecordWhoseTextIsNotTheOneItsDigestNamesIsRefused() throws {
        let source = try ParticipantStoreMaker(in: directory, ada)
        var record = source.consent()
        record.html = HTML(trusted: "<p>We study knees, and share your answers with sponsors.</p>")
        try source.store.addConsentRecord(record)
        #expect(try refusal(source.path) == [
            "participant p1's consent record for recover version 1.0 does not hold the text it names: it says SHA-256 "
                + "\(ParticipantStoreMaker.sha), its text has SHA-256 \(SHA256.hex(record.html.markup))",
        ])
    }

    @Test func recordsOfAParticipantTheFileDoesNotHoldAreRefused() throws {
        _ = try imported()
        // Someone else's store, with a grant slipped in for Ada (foreign keys are off in a plain SQLite session).
        let grace = Participant(id: "p2", name: "Grace Hopper", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
        let other = try ParticipantStoreMaker(in: directory, grace)
        try other.onboard()
        try RawSQLite(path: other.path).execute("""
            INSERT INTO permission_grants (participant_id, permission_id, kind, granted, detail, recorded_at)
            VALUES ('p1', 'shareHealthData', 'health', 1, NULL, '2026-03-09T12:00:00.000Z')
            """)
        // The grant no entry of the file's audit trail logs is refused before anything else is read.
        let reasons = try refusal(other.path)
        #expect(reasons.count == 1 && reasons[0].hasPrefix("its records do not agree with its audit trail: a permission's answer (row ")
                && reasons[0].hasSuffix("participant p1): no audit entry logs it: it was written outside CareFeed"), "\(reasons)")
        #expect(try study.permissionGrants(participantID: "p1").allSatisfy { $0.recordedAt != Fixtures.instant("2026-03-09T12:00:00Z") })
    }

    @Test func aFileThatIsNotSQLiteIsNamedAsNotAStore() throws {
        let path = try directory.write("notes.sqlite", "Dear study team, here are my answers.\n")
        #expect(try refusal(path) == ["not a CareFeed store: not a SQLite database"])
        #expect(try refusal(directory.path + "/missing.sqlite") == ["no such file"])
    }

    @Test func aSQLiteFileWithoutCareFeedsTablesIsNamedAsNotAStore() throws {
        let path = directory.path + "/other.sqlite"
        try RawSQLite(path: path).execute("CREATE TABLE recipes (name TEXT)")
        #expect(try refusal(path) == [
            "not a CareFeed store: a SQLite database without CareFeed's tables (no audit_log, consent_records, "
                + "outcome_values, outcomes, participants, permission_grants, task_versions)",
        ])
    }

    @Test func whatIsNotARegularFileIsRefusedAtOnceNotWaitedOn() throws {
        let pipe = directory.path + "/store.sqlite"
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(try refusal(pipe) == ["is a named pipe, not a store file; give the file a participant's carefeed wrote"])
        #expect(try refusal(directory.path) == ["is a folder, not a store file; give the file a participant's carefeed wrote"])
    }

    @Test func aStoreWithAGeneratedColumnIsRefusedWithoutReadingIt() throws {
        let source = try ParticipantStoreMaker(in: directory, ada)
        try source.onboard()
        source.store.close()
        // Two gigabytes, were it ever read.
        try RawSQLite(path: source.path).execute("""
            ALTER TABLE outcome_values ADD COLUMN padding TEXT GENERATED ALWAYS AS (printf('%.*c', 2000000000, 'x')) VIRTUAL
            """)
        #expect(try refusal(source.path)
                == ["not a CareFeed store: outcome_values.padding is a generated column, which a CareFeed store never has"])
    }

    @Test func textThatIsNotUTF8IsRefusedNotReadAsSomethingElse() throws {
        let source = try ParticipantStoreMaker(in: directory, ada)
        try source.fill()
        source.store.close()
        // A crafted file need not keep the triggers that keep CareFeed's own stores whole.
        try RawSQLite(path: source.path).execute("""
            DROP TRIGGER participants_language_only;
            UPDATE participants SET name = CAST(X'416461FF' AS TEXT)
            """)
        #expect(try refusal(source.path) == [
            "not a store CareFeed wrote: in participants, column name holds text that is not valid UTF-8, which CareFeed never writes",
        ])
        #expect(try study.participants().isEmpty)
    }

    @Test func aStoreFromANewerSchemaIsRefused() throws {
        let source = try ParticipantStoreMaker(in: directory, ada)
        source.store.close()
        try RawSQLite(path: source.path).execute("PRAGMA user_version = 12")
        #expect(try refusal(source.path) == ["written by a newer CareFeed: schema version 12, this carefeed reads up to 11"])
    }

    @Test func theStudyStoreItselfIsRefused() throws {
        #expect(try refusal(study.path) == ["is the study's store itself; give a participant's store"])
    }
}
