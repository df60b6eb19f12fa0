import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// Tamper-evident audit trails (SPEC §14): `verify` passes on a store as
/// written and names the row after each kind of edit, and a store from
/// before chains is chained with the entries it has.
@Suite struct AuditChainTests {
    let directory: TemporaryDirectory
    let ada = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A participant's store, onboarded, with three check-ins (one deleted): closed, its path.
    func written() throws -> String {
        let maker = try ParticipantStoreMaker(in: directory, ada)
        try maker.fill()
        maker.store.close()
        return maker.path
    }

    func verify(_ path: String) throws -> Verification {
        let store = try CareStore(readingOnly: path)
        defer { store.close() }
        return try store.verify()
    }

    @Test func aStoreAsWrittenVerifiesWithAHeadForEachChain() throws {
        let result = try verify(try written())
        #expect(result.problems == [])
        #expect(result.chains == 2 && result.heads.keys.sorted() == ["", "p1"] && result.consentRecords == 1)
        #expect(result.heads.values.allSatisfy { $0.count == 64 })
    }

    /// Each edit, made past CareFeed as someone with the file could, and what verify says of it.
    @Test(arguments: [
        ("DROP TRIGGER outcome_values_no_update; UPDATE outcome_values SET value = 9 WHERE kind = 'pain' AND value = 4",
         "the record it logs (an answer and its values) was changed after it was logged"),
        ("DROP TRIGGER audit_log_no_update; UPDATE audit_log SET at = '2026-03-05T09:00:00.000Z' WHERE action = 'outcome.delete'",
         "the entry itself was changed (its time, subject or detail) after it was written"),
        ("DROP TRIGGER consent_records_no_update; UPDATE consent_records SET html = '<p>We study elbows.</p>'",
         "its text does not match its SHA-256: the text signed was changed"),
        ("DROP TRIGGER audit_log_no_delete; DELETE FROM audit_log WHERE id = (SELECT id FROM audit_log WHERE participant_id = 'p1' "
            + "ORDER BY id LIMIT 1 OFFSET 2)",
         "entry 3 of the chain before it is missing: removed from the log"),
        ("DROP TRIGGER consent_records_no_update; UPDATE consent_records SET printed_name = 'Someone Else'",
         "the record it logs (the signed consent) was changed after it was logged"),
    ])
    func eachEditIsNamed(sql: String, said: String) throws {
        let path = try written()
        try RawSQLite(path: path).execute(sql)
        let problems = try verify(path).problems
        #expect(problems.contains { $0.hasSuffix(said) }, "\(problems)")
        // A changed consent text shows twice, against its own hash and the entry that logged it; a removed entry
        // leaves the record it logged unlogged.
        #expect(problems.count == (sql.contains("SET html") || sql.contains("DELETE") ? 2 : 1), "\(problems)")
    }

    @Test func anAnswerWrittenPastCareFeedIsNamed() throws {
        let path = try written()
        try RawSQLite(path: path).execute("""
            INSERT INTO outcomes (participant_id, task_id, task_version, occurrence, event_day, event_start, event_end, created_at)
            VALUES ('p1', 'checkIn', 1, 40, '2026-04-09', '2026-04-09T12:00:00.000Z', '2026-04-09T13:00:00.000Z', '2026-04-09T12:30:00.000Z')
            """)
        let problems = try verify(path).problems
        #expect(problems.count == 1 && problems[0].hasPrefix("an answer (row ")
                && problems[0].hasSuffix("participant p1): no audit entry logs it: it was written outside CareFeed"))
    }

    @Test func aStoreFromBeforeChainsIsChainedWithTheEntriesItHas() throws {
        let path = try written()
        let entries = try CareStore(readingOnly: path).auditLog().count
        try RawSQLite(path: path).undoVersion10()
        #expect(try verify(path).problems.first?.contains("before audit trails were chained (schema 9)") == true)
        let migrated = try CareStore(path: path)
        #expect(try migrated.schemaVersion() == 11 && migrated.auditLog().count == entries)
        migrated.close()
        #expect(try verify(path).problems == [])
    }

    @Test func anImportedStoresEntriesChainOnInTheStudyStore() throws {
        let study = try Fixtures.studyStore(in: directory)
        let source = try written()
        _ = try study.importStore(at: source, sharing: [], at: Fixtures.instant("2026-04-20T12:00:00Z"))
        let path = study.path
        study.close()
        let result = try verify(path)
        #expect(result.problems == [] && result.heads["p1"] != nil)
    }
}

extension AuditChainTests {
    @Test func aParticipantsEntriesCarryTheirPlaceAndHashAndTheLastIsTheHeadVerifyReports() throws {
        let path = try written()
        let store = try CareStore(readingOnly: path)
        defer { store.close() }
        let own = try store.auditLog(participantID: "p1").filter { $0.participantID == "p1" }
        #expect(own.map(\.chainIndex) == Array(1...own.count).map(Optional.init))
        #expect(own.last?.sha256 == (try store.verify()).heads["p1"])
    }
}

extension AuditChainTests {
    @Test func aParticipantsStoreWhoseRecordsWereEditedIsNotImported() throws {
        let study = try Fixtures.studyStore(in: directory)
        let source = try written()
        try RawSQLite(path: source).execute(
            "DROP TRIGGER outcome_values_no_update; UPDATE outcome_values SET value = 9 WHERE kind = 'pain' AND value = 4")
        #expect {
            try study.importStore(at: source, sharing: [], at: Fixtures.instant("2026-04-20T12:00:00Z"))
        } throws: { error in
            (error as? ImportRefusal)?.reasons.first?.contains("its records do not agree with its audit trail: audit entry") == true
        }
        #expect(try study.participants().isEmpty, "nothing of it is stored")
    }
}

extension AuditChainTests {
    @Test func anAnswerHiddenByATombstoneNoEntryLogsIsNamed() throws {
        let path = try written()
        // The tombstone's trigger allows it: only the log tells a deletion from a forged one.
        try RawSQLite(path: path).execute(
            "UPDATE outcomes SET deleted_at = '2026-03-09T12:00:00.000Z' WHERE deleted_at IS NULL AND task_id = 'checkIn'")
        let problems = try verify(path).problems
        #expect(!problems.isEmpty && problems.allSatisfy { $0.hasPrefix("the deletion of an answer (row ") }, "\(problems)")
    }

    @Test func aStoreWithChainsSetBackToAnOlderSchemaIsNotImported() throws {
        let study = try Fixtures.studyStore(in: directory)
        let source = try written()
        try RawSQLite(path: source).execute("PRAGMA user_version = 9")
        #expect {
            try study.importStore(at: source, sharing: [], at: Fixtures.instant("2026-04-20T12:00:00Z"))
        } throws: { error in
            (error as? ImportRefusal)?.reasons == ["its audit trail has chains, but the file says it is schema 9, from before "
                                                   + "chains: it was changed outside CareFeed"]
        }
    }
}
