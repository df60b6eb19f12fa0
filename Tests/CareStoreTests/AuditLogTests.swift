import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// The audit log as typed records: each entry's action and the record it
/// names, kept through the migration from the log's subject text and
/// through an import, where an outcome is named by its row in the study's store.
@Suite struct AuditLogTests {
    let directory: TemporaryDirectory
    let ada = Participant(id: "p1", name: "Ada Lovelace", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The participant's entries as the log keeps them, with outcomes named by their event, not their row.
    func entries(_ store: CareStore, outcomesBy row: [Int64: String]) throws -> [String] {
        try store.auditLog(participantID: ada.id).map { entry in
            var subject = "\(entry.subject)"
            if case .outcome(let task, let occurrence, let id) = entry.subject {
                subject = "\(task)#\(occurrence) " + (id.flatMap { row[$0] } ?? "no outcome")
            }
            return "\(Timestamp.utc(entry.at)) \(entry.action.rawValue) \(subject)"
        }
    }

    /// Each outcome's row → its task, occurrence and creation time, the same in any store.
    func outcomeNames(_ store: CareStore) throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try store.outcomes(participantID: ada.id, includeDeleted: true).map {
            ($0.id, "\($0.taskID)#\($0.occurrence)@\(Timestamp.utc($0.createdAt))")
        })
    }

    @Test func anOlderStoresLogGainsItsTypedSubjectsFromItsTextWhenMigrated() throws {
        let maker = try ParticipantStoreMaker(in: directory, ada)
        try maker.fill()
        let written = try entries(maker.store, outcomesBy: try outcomeNames(maker.store))
        #expect(written.contains { $0.contains("outcome.delete checkIn#") && !$0.hasSuffix("no outcome") })
        #expect(written.contains { $0.hasSuffix("consent.sign consent(documentID: \"recover\", version: \"1.0\")") })
        maker.store.close()
        try RawSQLite(path: maker.path).downgradeToVersion3()

        let migrated = try CareStore(path: maker.path)
        #expect(try migrated.schemaVersion() == 11)
        #expect(try entries(migrated, outcomesBy: try outcomeNames(migrated)) == written)
        #expect(throws: RawSQLite.Failure.self) { try RawSQLite(path: maker.path).execute("UPDATE audit_log SET detail = 'x'") }
    }

    @Test func aParticipantsStoreFromAnOlderCareFeedImportsWithTypedSubjectsOfTheStudysOwnRows() throws {
        let study = try Fixtures.studyStore(in: directory)
        // Another participant's outcomes first, so the study's row ids are not the file's.
        let grace = try ParticipantStoreMaker(in: directory, Participant(id: "p2", name: "Grace Hopper",
                                                                         timeZone: Fixtures.newYork,
                                                                         enrolledOn: Fixtures.date("2026-03-01")))
        try grace.fill()
        let sharing = [SharingRule(permissionID: "shareHealthData", types: ["checkIn"])]
        try study.importStore(at: grace.path, sharing: sharing, at: Fixtures.instant("2026-03-10T12:00:00Z"))
        let maker = try ParticipantStoreMaker(in: directory, ada)
        try maker.fill()
        let written = try entries(maker.store, outcomesBy: try outcomeNames(maker.store))
        maker.store.close()
        try RawSQLite(path: maker.path).downgradeToVersion3()

        try study.importStore(at: maker.path, sharing: sharing, at: Fixtures.instant("2026-03-10T12:00:00Z"))
        // The study publishes its own consent versions, and writes a file's entries in its own order.
        func participants(_ lines: [String]) -> [String] { lines.filter { !$0.contains("consent.publish") }.sorted() }
        #expect(participants(try entries(study, outcomesBy: try outcomeNames(study))) == participants(written))
    }
}
