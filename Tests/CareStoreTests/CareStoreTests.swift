import CareModel
@testable import CareStore
import Foundation
import Testing
import TestSupport

@Suite struct CareStoreTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let participant = Fixtures.participant()
    let now = Fixtures.instant("2026-03-03T13:05:00Z")

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        try store.addParticipant(participant)
        try store.recordTaskVersion(taskID: "checkIn", definition: "v1", effectiveFrom: participant.enrolledOn, at: now)
    }

    func event(_ occurrence: Int) -> ScheduledEvent {
        ScheduleTimeline(Fixtures.dailyAtEight).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
            to: participant.enrolledOn.adding(days: occurrence + 1))[occurrence]
    }

    func checkIn(_ occurrence: Int, pain: Int = 3) -> NewOutcome {
        NewOutcome(participantID: participant.id, taskID: "checkIn", event: event(occurrence), values: [
            OutcomeValue(kind: "pain", value: .integer(pain)),
            OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours"),
        ])
    }

    @Test func aNewStoreIsMigratedToTheLatestSchemaWithWALAndForeignKeys() throws {
        #expect(try store.schemaVersion() == 11)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(FileManager.default.fileExists(atPath: directory.path + "/care.sqlite-wal"))
        store.close()
        let reopened = try CareStore(path: directory.path + "/care.sqlite")
        #expect(try reopened.schemaVersion() == 11)
        #expect(try reopened.participants() == [participant])
    }

    /// A rebuild renders again whoever's revision changed: every write of a participant's draws them a new one, and only theirs.
    @Test func eachWriteOfAParticipantsRecordsGivesThemANewRevisionAndNoOneElse() throws {
        let other = Fixtures.participant(id: "p2")
        try store.addParticipant(other)
        var seen: Set<String> = []
        func revision() throws -> String { try #require(try store.participantRevisions()[participant.id]) }
        let othersBefore = try store.participantRevisions()[other.id]
        seen.insert(try revision())
        let outcome = try store.addOutcome(checkIn(1), at: now)
        #expect(seen.insert(try revision()).inserted)
        try store.deleteOutcome(id: outcome.id, at: now.addingTimeInterval(60))
        #expect(seen.insert(try revision()).inserted)
        // Every trigger that keeps revisions is there.
        let triggers = try RawSQLite(path: directory.path + "/care.sqlite").strings("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_revise'")
        #expect(triggers.count == 8)
        // A second read without a write gives the same revision.
        #expect(try revision() == revision())
        #expect(try store.participantRevisions()[other.id] == othersBefore)
    }

    @Test func outcomesKeepTheirTypedValuesKindsAndUnits() throws {
        let values: [OutcomeValue] = [
            OutcomeValue(kind: "pain", value: .integer(4)),
            OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours"),
            OutcomeValue(kind: "swelling", value: .boolean(true)),
            OutcomeValue(kind: "note", value: .text("stairs, \"slowly\"")),
            OutcomeValue(kind: "surgery", value: .date(Fixtures.date("2026-02-20"))),
        ]
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: "checkIn", event: event(2), values: values),
                             at: now)
        let stored = try store.outcomes(participantID: participant.id)
        #expect(stored.count == 1)
        #expect(stored[0].values == values)
        #expect(stored[0].occurrence == 2)
        #expect(stored[0].eventDay == Fixtures.date("2026-03-03"))
        #expect(Timestamp.local(stored[0].eventStart, in: participant.timeZone) == "2026-03-03T08:00:00-05:00")
        #expect(stored[0].createdAt == now)
        #expect(stored[0].deletedAt == nil)
    }

    @Test func aSecondLiveOutcomeForOneOccurrenceIsRefused() throws {
        try store.addOutcome(checkIn(0), at: now)
        #expect(throws: CareStoreError.alreadyAnswered(taskID: "checkIn", occurrence: 0)) {
            try store.addOutcome(checkIn(0, pain: 9), at: now)
        }
        let stored = try store.outcomes(includeDeleted: true)
        #expect(stored.count == 1)
        #expect(stored[0].value("pain")?.value == .integer(3))
        #expect(try store.auditLog().filter { $0.action == .outcomeAdd }.count == 1)
    }

    @Test func deletingAnOutcomeLeavesATombstoneAndAnAuditRowAndAllowsARedo() throws {
        let first = try store.addOutcome(checkIn(0), at: now)
        let later = now.addingTimeInterval(60)
        try store.deleteOutcome(id: first.id, at: later)
        #expect(try store.outcomes(participantID: participant.id).isEmpty)
        let all = try store.outcomes(participantID: participant.id, includeDeleted: true)
        #expect(all.count == 1)
        #expect(all[0].deletedAt == later)
        #expect(all[0].values.count == 2)
        let audit = try store.auditLog()
        #expect(audit.last?.action == .outcomeDelete)
        #expect(audit.last?.subject == .outcome(taskID: "checkIn", occurrence: 0, outcomeID: first.id))
        try store.addOutcome(checkIn(0, pain: 5), at: later)
        #expect(try store.outcomes(participantID: participant.id).map { $0.value("pain")?.value } == [.integer(5)])
        #expect(throws: CareStoreError.notFound("no live outcome with id \(first.id)")) {
            try store.deleteOutcome(id: first.id, at: later)
        }
    }

    @Test func aParticipantsRecordsAreReadTogetherAndHoldOnlyTheirs() throws {
        let other = Fixtures.participant(id: "p2")
        try store.addParticipant(other)
        let first = try store.addOutcome(checkIn(0), at: now)
        try store.deleteOutcome(id: first.id, at: now.addingTimeInterval(60))
        try store.addOutcome(checkIn(0, pain: 5), at: now.addingTimeInterval(120))
        try store.addPermissionGrant(PermissionGrant(participantID: participant.id, permissionID: "shareHealthData",
                                                     kind: "health", granted: false, recordedAt: now))
        try store.withdraw(Withdrawal(participantID: participant.id, withdrawnAt: now.addingTimeInterval(180), reason: nil))
        let records = try store.records(participantID: participant.id, includingAuditLog: true)
        #expect(records.outcomes.map(\.isDeleted) == [true, false])
        #expect(records.liveOutcomes.map { $0.value("pain")?.value } == [.integer(5)])
        #expect(records.permissionGrants.map(\.granted) == [false])
        #expect(records.withdrawal?.participantID == participant.id)
        #expect(records.auditLog.map(\.action) == [.outcomeAdd, .outcomeDelete, .outcomeAdd, .permissionRecord, .participantWithdraw])
        let theirs = try store.records(participantID: other.id, includingAuditLog: true)
        #expect(theirs.outcomes.isEmpty && theirs.permissionGrants.isEmpty && theirs.withdrawal == nil)
        let withoutTrail = try store.records(participantID: participant.id, includingAuditLog: false)
        #expect(withoutTrail.auditLog.isEmpty && withoutTrail.outcomes == records.outcomes)
    }

    @Test func consentAndAuditRowsRefuseUpdateAndDelete() throws {
        try store.addConsentRecord(ConsentRecord(
            participantID: participant.id, documentID: "recover", version: "1.0",
            sha256: String(repeating: "a", count: 64), html: "<p>I agree.</p>", printedName: "Ada Lovelace",
            signature: .drawn(pathData: "M10 10 L20 20"), signedAt: now, timeZone: participant.timeZone))
        try store.addOutcome(checkIn(0), at: now)
        try store.addPermissionGrant(PermissionGrant(participantID: participant.id, permissionID: "reminders",
                                                     kind: "notifications", granted: true, recordedAt: now))
        let raw = try RawSQLite(path: store.path)
        for sql in ["UPDATE consent_records SET printed_name = 'Mallory'", "DELETE FROM consent_records",
                    "UPDATE audit_log SET action = 'nothing'", "DELETE FROM audit_log",
                    "UPDATE outcomes SET occurrence = 7", "DELETE FROM outcomes", "DELETE FROM outcome_values",
                    "UPDATE outcome_values SET value = 9", "DELETE FROM permission_grants",
                    "UPDATE task_versions SET definition = 'v0'"] {
            #expect(throws: (any Error).self, "\(sql) must fail") { try raw.execute(sql) }
        }
        let records = try store.consentRecords(participantID: participant.id)
        #expect(records.map(\.printedName) == ["Ada Lovelace"])
        #expect(records[0].signature == .drawn(pathData: "M10 10 L20 20"))
        #expect(try store.auditLog().map(\.action) == [.taskVersion, .consentSign, .outcomeAdd, .permissionRecord])
    }

    @Test func theStoreRefusesValuesOfTheWrongType() throws {
        let raw = try RawSQLite(path: store.path)
        try store.addOutcome(checkIn(0), at: now)
        #expect(throws: (any Error).self) {
            try raw.execute("INSERT INTO outcome_values VALUES (1, 9, 'pain', 'integer', 'three', NULL)")
        }
        #expect(throws: (any Error).self) {
            try raw.execute("INSERT INTO outcome_values VALUES (1, 9, 'day', 'date', '2026-02-30', NULL)")
        }
    }

    @Test func anOutcomeWhoseCreatedTimeIsDamagedIsAnErrorNamingTheColumnNotA1970Outcome() throws {
        try store.addOutcome(checkIn(0), at: now)
        let raw = try RawSQLite(path: store.path)
        // Damage from outside the store need not respect its triggers.
        try raw.execute("DROP TRIGGER outcomes_tombstone_only; UPDATE outcomes SET created_at = 'yesterday'")
        let error = #expect(throws: CareStoreError.self) { try store.outcomes(participantID: participant.id) }
        guard case .damagedRow(let column, let problem, let sql) = error else {
            Issue.record("expected a damaged row, got \(String(describing: error))")
            return
        }
        #expect(column == "created_at")
        #expect(problem == "holds \"yesterday\", not a time")
        #expect(sql.contains("FROM outcomes"))
        #expect(error?.description.hasPrefix(
            "the store holds a damaged row: column created_at holds \"yesterday\", not a time (in: SELECT") == true)
    }

    /// Outcomes and the audit log are read column by column as they are asked, times in place:
    /// bytes that are not UTF-8 still name their column, in a time as in any text.
    @Test func textThatIsNotUTF8InAnOutcomeOrTheAuditLogIsAnErrorNamingTheColumn() throws {
        try store.addOutcome(checkIn(0), at: now)
        let raw = try RawSQLite(path: store.path)
        let notUTF8 = "holds text that is not valid UTF-8, which CareFeed never writes"
        try raw.execute("DROP TRIGGER outcomes_tombstone_only; UPDATE outcomes SET event_start = CAST(X'32303236C328' AS TEXT)")
        var error = #expect(throws: CareStoreError.self) { try store.outcomes(participantID: participant.id) }
        #expect(error.map { if case .damagedRow("event_start", notUTF8, _) = $0 { true } else { false } } == true)

        try raw.execute("""
            UPDATE outcomes SET event_start = created_at;
            DROP TRIGGER outcome_values_no_update; UPDATE outcome_values SET kind = CAST(X'70C3' AS TEXT)
            """)
        error = #expect(throws: CareStoreError.self) { try store.outcomes(participantID: participant.id) }
        #expect(error.map { if case .damagedRow("kind", notUTF8, _) = $0 { true } else { false } } == true)

        try raw.execute("DROP TRIGGER IF EXISTS audit_log_no_update; UPDATE audit_log SET at = CAST(X'FF' AS TEXT)")
        error = #expect(throws: CareStoreError.self) { try store.auditLog(participantID: participant.id) }
        #expect(error.map { if case .damagedRow("at", notUTF8, _) = $0 { true } else { false } } == true)
    }

    @Test func aParticipantWhoseZoneIsUnknownIsAnErrorNamingTheColumnNotGMT() throws {
        let raw = try RawSQLite(path: store.path)
        try raw.execute("DROP TRIGGER participants_language_only; UPDATE participants SET time_zone = 'Mars/Olympus_Mons'")
        #expect(throws: CareStoreError.damagedRow(
            column: "time_zone", problem: "holds \"Mars/Olympus_Mons\", not a time zone identifier",
            sql: "SELECT id, name, time_zone, enrolled_on, language FROM participants WHERE id = ?")) {
            try store.participant(id: participant.id)
        }
    }

    @Test func aChangedTaskDefinitionBecomesANewVersionFromTheGivenDay() throws {
        let before = try store.changeStamp()
        #expect(try store.recordTaskVersion(taskID: "checkIn", definition: "v1", effectiveFrom: Fixtures.date("2026-03-04"),
                                            at: now) == 1)
        // Unchanged needs no write, so an unchanged study opens a read-only store.
        #expect(try store.changeStamp() == before)
        #expect(try store.recordTaskVersion(taskID: "checkIn", definition: "v2", effectiveFrom: Fixtures.date("2026-03-04"),
                                            at: now) == 2)
        let versions = try store.taskVersions()
        #expect(versions.map(\.version) == [1, 2])
        #expect(versions.map(\.effectiveFrom) == [nil, Fixtures.date("2026-03-04")])
    }

    /// A hosted study asks on every request whether anything changed: reading changes nothing,
    /// and a write through any other connection, or by raw SQL, is seen by the very next stamp.
    @Test func theChangeStampMovesWithEveryWriteFromAnyConnectionAndNotWithReads() throws {
        let before = try store.changeStamp()
        _ = try store.participants()
        _ = try store.records(participantID: participant.id, includingAuditLog: true)
        #expect(try store.changeStamp() == before)

        let other = try CareStore(path: store.path)
        let opened = try store.changeStamp()
        try other.addOutcome(checkIn(0), at: now)
        let written = try store.changeStamp()
        #expect(written != opened)
        #expect(try store.changeStamp() == written)

        let raw = try RawSQLite(path: store.path)
        try raw.execute("UPDATE participants SET language = 'de-DE' WHERE id = '\(participant.id)'")
        #expect(try store.changeStamp() != written)

        // This connection's own writes too.
        let own = try store.changeStamp()
        try store.addOutcome(checkIn(1), at: now)
        #expect(try store.changeStamp() != own)
    }

    /// Read from the commit header, as a hosted study does on every request, with SQLite's counters
    /// only where the header cannot be read: the header changes with a commit by another process,
    /// and not with a read; a remembered answer goes with it; a closed store answers nothing.
    @Test func theChangeStampComesFromTheCommitHeaderOfAWALStore() throws {
        guard case .header = try store.changeStamp().source else {
            Issue.record("the stamp of a store in WAL mode should come from its commit header")
            return
        }
        let before = try store.changeStamp()
        #expect(try store.remembered("count", { try store.outcomes(participantID: "crash", includeDeleted: true).count }) == 0)
        _ = try store.participants()
        #expect(try store.changeStamp() == before)

        // Another process commits: the very next stamp differs, and the remembered answer is read again.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: Executables.path("store-writer"))
        writer.arguments = [store.path, "3"]
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(try store.changeStamp() != before)
        let written = try store.outcomes(participantID: "crash", includeDeleted: true).count
        #expect(written > 0)
        #expect(try store.remembered("count", { try store.outcomes(participantID: "crash", includeDeleted: true).count }) == written)

        // Another store on the same file, freed: SQLite closes its own files, so this one's locks and index stay.
        let stamp = try store.changeStamp()
        do {
            let other = try CareStore(path: store.path)
            #expect(try other.changeStamp() == stamp)
            other.close()
        }
        #expect(try store.changeStamp() == stamp)
        try store.addOutcome(checkIn(2), at: now)
        #expect(try store.changeStamp() != stamp)

        // A store opened only to read asks SQLite, and so does one kept in a rollback journal.
        let reading = try CareStore(readingOnly: store.path)
        guard case .counters = try reading.changeStamp().source else {
            Issue.record("a store opened only to read should ask SQLite")
            return
        }
        // A header reads only the index of the file the store's connection has open, through SQLite.
        let folder = try TemporaryDirectory()
        let journalled = try Database(path: folder.path + "/journal.sqlite")
        try journalled.execute("PRAGMA journal_mode = DELETE; CREATE TABLE t (x)")
        #expect(journalled.walIndex == nil)
        #expect(CommitHeader(databasePath: folder.path + "/journal.sqlite", watching: journalled.walIndex) == nil)
        let elsewhere = try Database(path: folder.path + "/other.sqlite")
        try elsewhere.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x)")
        let index = try #require(elsewhere.walIndex)
        #expect(CommitHeader(databasePath: store.path, watching: index) == nil)
        let own = try #require(CommitHeader(databasePath: folder.path + "/other.sqlite", watching: index))
        #expect(own.watches(index))
        let seen = try #require(own.read())
        try elsewhere.execute("INSERT INTO t VALUES (1)")
        #expect(own.read() != seen)
        own.close()
        #expect(own.read() == nil)
        #expect(CommitHeader(databasePath: folder.path + "/missing.sqlite", watching: index) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing.sqlite"))

        // Closed: no stamp, and nothing remembered is given.
        store.close()
        #expect(throws: (any Error).self) { try store.changeStamp() }
        #expect(throws: (any Error).self) { try store.remembered("count", { 0 }) }
    }

    @Test func outcomesForUnknownParticipantsAreRefused() throws {
        var stranger = checkIn(0)
        stranger.participantID = "nobody"
        #expect(throws: CareStoreError.self) { try store.addOutcome(stranger, at: now) }
    }

    @Test func permissionGrantsAreAppendedWithTheLatestAnswerLast() throws {
        try store.addPermissionGrant(PermissionGrant(participantID: participant.id, permissionID: "reminders",
                                                     kind: "notifications", granted: true, detail: "granted",
                                                     recordedAt: now))
        try store.addPermissionGrant(PermissionGrant(participantID: participant.id, permissionID: "reminders",
                                                     kind: "notifications", granted: false, detail: nil,
                                                     recordedAt: now.addingTimeInterval(5)))
        #expect(try store.permissionGrants(participantID: participant.id).map(\.granted) == [true, false])
    }
}
