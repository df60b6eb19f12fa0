import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// Merging participants' own stores into the study's store: everything kept
/// with its times, once, and declined data left behind.
@Suite struct StoreImportTests {
    let directory: TemporaryDirectory
    let study: CareStore
    let sharing = [SharingRule(permissionID: "shareHealthData", types: ["checkIn"])]
    let now = Fixtures.instant("2026-03-10T12:00:00Z")
    let ada = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
    let grace = Participant(id: "p2", name: "Grace Hopper", timeZone: TimeZone(identifier: "Europe/Berlin")!,
                            enrolledOn: Fixtures.date("2026-03-02"))

    init() throws {
        directory = try TemporaryDirectory()
        study = try Fixtures.studyStore(in: directory)
    }

    func maker(_ participant: Participant) throws -> ParticipantStoreMaker {
        try ParticipantStoreMaker(in: directory, participant)
    }

    /// Outcomes as values to compare across stores: everything but the row id.
    func withoutIDs(_ outcomes: [Outcome]) -> [Outcome] {
        outcomes.map { var outcome = $0; outcome.id = 0; return outcome }
    }

    func auditLines(_ store: CareStore, _ participantID: String) throws -> [String] {
        try store.auditLog().filter { $0.participantID == participantID }
            .map { "\(Timestamp.utc($0.at)) \($0.action.rawValue) \($0.subject.text)" }.sorted()
    }

    @Test func twoParticipantsStoresAreMergedWithTheirOriginalTimesAndTheStudyStoresOwnRowIDs() throws {
        let first = try maker(ada)
        try first.fill()
        try first.withdraw()
        let second = try maker(grace)
        try second.fill(pains: [6, 5, 7])

        let report = try study.importStore(at: first.path, sharing: sharing, at: now)
        #expect(report.summary == "1 participant, 5 outcomes, 1 deletion, 8 values, 1 consent record, "
                + "2 permission answers, 1 withdrawal, 10 audit entries")
        #expect(report.valuesNotShared == 0)
        let secondReport = try study.importStore(at: second.path, sharing: sharing, at: now)
        #expect(secondReport.outcomes == 5 && secondReport.withdrawals == 0)

        #expect(try study.participants() == [ada, grace])
        for source in [first, second] {
            let id = source.participant.id
            #expect(try withoutIDs(study.outcomes(participantID: id, includeDeleted: true))
                    == withoutIDs(source.store.outcomes(participantID: id, includeDeleted: true)))
            #expect(try study.consentRecords(participantID: id).map(\.signedAt)
                    == source.store.consentRecords(participantID: id).map(\.signedAt))
            #expect(try study.permissionGrants(participantID: id).map { "\($0.permissionID) \($0.granted) \($0.recordedAt)" }
                    == source.store.permissionGrants(participantID: id).map { "\($0.permissionID) \($0.granted) \($0.recordedAt)" })
            #expect(try auditLines(study, id) == auditLines(source.store, id))
        }
        #expect(try study.withdrawals() == first.store.withdrawals())
        let ids = try study.outcomes(includeDeleted: true).map(\.id)
        #expect(ids.sorted() == Array(1...10))
        #expect(try study.auditLog().filter { $0.action == .fileImport }.map(\.subject) == [.file(path: first.path), .file(path: second.path)])
    }

    /// Copy A of a participant's store, which shares their check-ins, and the
    /// later copy B, in which they have since declined: the same answers, one more choice.
    func copiesBeforeAndAfterADecline() throws -> (shared: String, declined: String) {
        let source = try maker(ada)
        try source.fill()
        let (shared, declined) = (directory.path + "/copy-a.sqlite", directory.path + "/copy-b.sqlite")
        try RawSQLite(path: source.path).execute("VACUUM INTO '\(shared)'")
        try source.store.addPermissionGrant(PermissionGrant(participantID: ada.id, permissionID: "shareHealthData", kind: "health",
                                                            granted: false, recordedAt: source.instant(day: 3, hour: 9)))
        try RawSQLite(path: source.path).execute("VACUUM INTO '\(declined)'")
        return (shared, declined)
    }

    func checkInValues() throws -> Int {
        try study.outcomes(participantID: ada.id).filter { $0.taskID == "checkIn" }.map(\.values.count).reduce(0, +)
    }

    @Test func anOlderCopyImportedAfterANewerOneBringsInNothingTheNewerDeclined() throws {
        let copies = try copiesBeforeAndAfterADecline()
        let newer = try study.importStore(at: copies.declined, sharing: sharing, at: now)
        #expect(newer.valuesNotShared == 8 && newer.values == 0, "four check-ins, each with pain and sleep")
        let older = try study.importStore(at: copies.shared, sharing: sharing, at: now)
        #expect(older.values == 0, "added \(older.values) values the participant has since declined")
        #expect(try checkInValues() == 0)
    }

    @Test func inEitherOrderWhatLeavesTheStudyStoreIsWhatTheLatestAnswerShares() throws {
        let copies = try copiesBeforeAndAfterADecline()
        // Imported while still shared, the older copy's values are held; the decline that follows withholds them.
        #expect(try study.importStore(at: copies.shared, sharing: sharing, at: now).values == 8)
        try study.importStore(at: copies.declined, sharing: sharing, at: now)
        let sharingNow = Sharing(rules: sharing, participantID: ada.id, grants: try study.permissionGrants(participantID: ada.id))
        #expect(try study.outcomes(participantID: ada.id).filter { $0.taskID == "checkIn" }
            .allSatisfy { sharingNow.shared($0).values.isEmpty })
    }

    @Test func importingTheSameFileAgainChangesNothing() throws {
        let first = try maker(ada)
        try first.fill()
        try study.importStore(at: first.path, sharing: sharing, at: now)
        let audit = try study.auditLog()
        let outcomes = try study.outcomes(includeDeleted: true)

        let again = try study.importStore(at: first.path, sharing: sharing, at: now.addingTimeInterval(60))
        #expect(again.isEmpty)
        #expect(again.summary == "")
        #expect(try study.auditLog() == audit)
        #expect(try study.outcomes(includeDeleted: true) == outcomes)
    }

    @Test func aLaterCopyAddsOnlyWhatIsNewTombstoneFirst() throws {
        let first = try maker(ada)
        try first.fill()
        try study.importStore(at: first.path, sharing: sharing, at: now)
        let third = try first.store.outcomes(participantID: ada.id).first { $0.taskID == "checkIn" && $0.occurrence == 2 }!
        try first.store.deleteOutcome(id: third.id, at: first.instant(day: 2, hour: 13, minute: 40))
        try first.checkIn(2, pain: 1, minute: 45)

        let report = try study.importStore(at: first.path, sharing: sharing, at: now)
        #expect(report.summary == "1 outcome, 1 deletion, 2 values, 2 audit entries")
        #expect(try study.outcomes(participantID: ada.id).filter { $0.taskID == "checkIn" }.map { $0.value("pain")?.value }
                == [.integer(3), .integer(5), .integer(1)])
    }

    @Test func valuesOfADeclinedOrUnansweredDataTypeAreLeftOutAndCounted() throws {
        let declining = try maker(ada)
        try declining.onboard(sharesHealthData: false)
        try declining.checkIn(0, pain: 3)
        try declining.checkIn(1, pain: 8)
        let rules = [SharingRule(permissionID: "shareHealthData", types: ["pain"]),
                     SharingRule(permissionID: "shareSleep", types: ["sleep"])]

        let report = try study.importStore(at: declining.path, sharing: rules, at: now)
        #expect(report.valuesNotShared == 4)
        #expect(report.values == 0)
        // The outcomes stay, without values: they say the check-in was done.
        let checkIns = try study.outcomes(participantID: ada.id).filter { $0.taskID == "checkIn" }
        #expect(checkIns.map(\.occurrence) == [0, 1])
        #expect(checkIns.allSatisfy { $0.values.isEmpty })
        let details = try study.auditLog().compactMap(\.detail).joined(separator: "\n")
        #expect(!details.contains("pain=") && !details.contains("sleep="))
        #expect(details.contains("4 values not shared left out"))
    }

    @Test func valuesSharedLaterAreAddedToTheOutcomesAlreadyHeld() throws {
        let source = try maker(ada)
        try source.onboard(sharesHealthData: false)
        try source.checkIn(0, pain: 3)
        try study.importStore(at: source.path, sharing: sharing, at: now)
        try source.store.recordPermissionChoices([PermissionGrant(participantID: ada.id, permissionID: "shareHealthData",
                                                                  kind: "health", granted: true,
                                                                  recordedAt: source.instant(day: 1, hour: 9))])

        let report = try study.importStore(at: source.path, sharing: sharing, at: now)
        #expect(report.values == 2 && report.outcomes == 0 && report.permissionGrants == 1)
        #expect(try study.outcomes(participantID: ada.id).first { $0.taskID == "checkIn" }?.values
                == source.store.outcomes(participantID: ada.id).first { $0.taskID == "checkIn" }?.values)
    }

    @Test func anOlderSchemaIsReadForWhatItHas() throws {
        let source = try maker(ada)
        try source.fill()
        source.store.close()
        // Schema 1: no consent versions, no withdrawals.
        let raw = try RawSQLite(path: source.path)
        try raw.execute("ALTER TABLE audit_log DROP COLUMN chain_index; ALTER TABLE audit_log DROP COLUMN previous_sha256; ALTER TABLE audit_log DROP COLUMN record_sha256; ALTER TABLE audit_log DROP COLUMN sha256; DROP TABLE withdrawals; DROP TABLE consent_versions; DROP TABLE invitations; DROP TABLE device_sessions; DROP TABLE participant_dates; DROP TABLE alert_mail; DROP TABLE IF EXISTS site_key; DROP TRIGGER IF EXISTS outcomes_revise; DROP TRIGGER IF EXISTS outcome_tombstones_revise; DROP TRIGGER IF EXISTS outcome_values_revise; DROP TRIGGER IF EXISTS consent_records_revise; DROP TRIGGER IF EXISTS permission_grants_revise; DROP TRIGGER IF EXISTS withdrawals_revise; DROP TRIGGER IF EXISTS participant_dates_revise; DROP TRIGGER IF EXISTS audit_log_revise; DROP TABLE IF EXISTS participant_revisions; PRAGMA user_version = 1")

        let report = try study.importStore(at: source.path, sharing: sharing, at: now)
        #expect(report.summary == "1 participant, 5 outcomes, 1 deletion, 8 values, 1 consent record, "
                + "2 permission answers, 9 audit entries")
        // The version the records name is the one the study published, kept as it was.
        #expect(try study.consentVersions().map(\.firstSeenAt) == [Fixtures.instant("2026-02-20T10:00:00Z")])
    }

    @Test func aStoreWithAWriteTransactionOpenIsReadAsItsLastCommittedSnapshot() throws {
        let source = try maker(ada)
        try source.fill()
        let writer = try RawSQLite(path: source.path)
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("INSERT INTO participants (id, name, time_zone, enrolled_on) VALUES ('p9', 'Late', 'UTC', '2026-03-05')")

        // A reader that waited for the writer would give up with SQLITE_BUSY instead: the import would throw.
        let report = try study.importStore(at: source.path, sharing: sharing, at: now)
        #expect(report.participants == 1 && report.outcomes == 5)
        #expect(try study.participants().map(\.id) == ["p1"])

        try writer.execute("COMMIT")
        #expect(try study.importStore(at: source.path, sharing: sharing, at: now).participants == 1)
        #expect(try study.participants().map(\.id) == ["p1", "p9"])
    }

    @Test func aStoreWrittenByAnotherConnectionMeanwhileGivesWholeAnswersOnly() throws {
        let source = try maker(ada)
        try source.onboard()
        let writer = try CareStore(path: source.path)
        let (halfway, imported, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        Thread.detachNewThread {
            for occurrence in 0..<60 {
                if occurrence == 30 {
                    halfway.signal()
                    imported.wait()
                }
                _ = try? writer.addOutcome(NewOutcome(participantID: source.participant.id, taskID: "checkIn",
                                                      event: source.event(occurrence), values: [
                    OutcomeValue(kind: "pain", value: .integer(occurrence % 11)),
                    OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours"),
                ]), at: source.instant(day: occurrence, hour: 13))
            }
            done.signal()
        }
        func checkIns() throws -> [Outcome] {
            try study.outcomes(participantID: ada.id).filter { $0.taskID == "checkIn" }
        }
        halfway.wait()
        try study.importStore(at: source.path, sharing: sharing, at: now)
        #expect(try checkIns().count == 30, "the thirty answers committed when the file was read")
        imported.signal()
        // While the other thirty are written: each import adds whole answers, with both their values.
        var seen = [30]
        while done.wait(timeout: .now()) == .timedOut {
            try study.importStore(at: source.path, sharing: sharing, at: now)
            #expect(try checkIns().allSatisfy { $0.values.count == 2 })
            seen.append(try checkIns().count)
        }
        #expect(seen == seen.sorted(), "nothing imported is lost by a later import")
        try study.importStore(at: source.path, sharing: sharing, at: now)
        writer.close()
        #expect(try withoutIDs(study.outcomes(participantID: ada.id)) == withoutIDs(source.store.outcomes(participantID: ada.id)))
    }
}
