import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// A log entry's own number: stores written before it kept entry k of day n
/// as occurrence n × 1,000 + k, and both the migration and an import read
/// them as the day's occurrence and entry k, leaving every other outcome as it was.
@Suite struct LogEntryMigrationTests {
    let directory: TemporaryDirectory
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    let now = Fixtures.instant("2026-03-04T12:00:00Z")

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A new store with the tasks' versions (the pain medicine log's
    /// definition as JSON), and with the participant unless it is the study's.
    func store(_ name: String, participant: Bool = true) throws -> CareStore {
        let store = try CareStore(path: directory.path + "/\(name)-\(UUID().uuidString.prefix(8)).sqlite")
        if participant { try store.addParticipant(self.participant) }
        try store.recordTaskVersion(taskID: "painMedicine", definition: #"{"id":"painMedicine","log":true}"#,
                                    effectiveFrom: self.participant.enrolledOn, at: now)
        try store.recordTaskVersion(taskID: "checkIn", definition: "checkIn v1", effectiveFrom: self.participant.enrolledOn, at: now)
        return store
    }

    /// A store as an older CareFeed left it: two doses on day 2, and a check-in whose occurrence is 1000 of its own.
    func olderStore() throws -> String {
        let store = try store("older")
        let path = store.path
        store.close()
        let raw = try RawSQLite(path: path)
        try raw.downgradeToVersion3()
        func outcome(_ id: Int, _ task: String, _ occurrence: Int, start: String, end: String, kind: String, type: String,
                     value: String) -> String {
            """
            INSERT INTO outcomes (id, participant_id, task_id, task_version, occurrence, event_day, event_start, event_end, created_at)
            VALUES (\(id), 'p1', '\(task)', 1, \(occurrence), '2026-03-03', '\(start)', '\(end)', '\(start)');
            INSERT INTO outcome_values (outcome_id, position, kind, type, value) VALUES (\(id), 0, '\(kind)', '\(type)', \(value));
            """
        }
        try raw.execute(outcome(1, "painMedicine", 2000, start: "2026-03-03T13:00:00.000Z", end: "2026-03-03T13:00:00.000Z",
                                kind: "logged", type: "boolean", value: "1")
                        + outcome(2, "painMedicine", 2001, start: "2026-03-03T19:00:00.000Z", end: "2026-03-03T19:00:00.000Z",
                                  kind: "logged", type: "boolean", value: "1")
                        + outcome(3, "checkIn", 1000, start: "2026-03-03T13:00:00.000Z", end: "2026-03-04T04:59:59.000Z",
                                  kind: "pain", type: "integer", value: "4")
                        // A dose whose value was left out when it was imported: a log's by its task's definition.
                        + """
                        INSERT INTO outcomes (id, participant_id, task_id, task_version, occurrence, event_day, event_start, event_end,
                                              created_at)
                        VALUES (4, 'p1', 'painMedicine', 1, 2002, '2026-03-03', '2026-03-03T22:00:00.000Z',
                                '2026-03-03T22:00:00.000Z', '2026-03-03T22:00:00.000Z');
                        """)
        return path
    }

    func numbering(_ outcomes: [Outcome]) -> [String] {
        outcomes.map { "\($0.taskID) \($0.occurrence) \($0.entry.map(String.init) ?? "-")" }.sorted()
    }

    @Test func theMigrationGivesOldLogEntriesTheDaysOccurrenceAndTheirNumber() throws {
        let store = try CareStore(path: try olderStore())
        #expect(try store.schemaVersion() == 11)
        #expect(numbering(try store.outcomes(participantID: "p1"))
                == ["checkIn 1000 -", "painMedicine 2 0", "painMedicine 2 1", "painMedicine 2 2"])
    }

    /// A study store holding the tasks' versions as the participants' stores do.
    func studyStore() throws -> CareStore {
        try store("study", participant: false)
    }

    @Test func anOlderParticipantsStoreImportsItsLogEntriesNumbered() throws {
        let study = try studyStore()
        try study.importStore(at: try olderStore(), sharing: [], at: now)
        #expect(numbering(try study.outcomes(participantID: "p1"))
                == ["checkIn 1000 -", "painMedicine 2 0", "painMedicine 2 1", "painMedicine 2 2"])
    }

    /// A participant's store with two doses, one removed, as an older CareFeed kept it, audit log and all.
    func dosesRemovedInAnOlderStore() throws -> String {
        let store = try store("doses")
        let path = store.path
        let offered = ScheduleTimeline(Fixtures.dailyAllDay).events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                                    from: Fixtures.date("2026-03-03"),
                                                                    to: Fixtures.date("2026-03-04"))[0]
        for (entry, hour) in [(0, 13), (1, 19)] {
            let instant = Fixtures.instant("2026-03-03T\(hour):00:00Z")
            var event = offered
            (event.start, event.end, event.isAllDay) = (instant, instant, false)
            try store.addOutcome(NewOutcome(participantID: "p1", taskID: "painMedicine", event: event, entry: entry,
                                            values: [OutcomeValue(kind: "logged", value: .boolean(true))]), at: instant)
        }
        let first = try #require(store.outcomes(participantID: "p1").first)
        try store.deleteOutcome(id: first.id, at: Fixtures.instant("2026-03-03T20:00:00Z"))
        store.close()
        try RawSQLite(path: path).downgradeToVersion3()
        return path
    }

    /// The participant's entries about outcomes: action, task, occurrence and the outcome's time, traced through its row.
    func outcomeEntries(_ store: CareStore) throws -> [String] {
        let outcomes = try store.outcomes(participantID: "p1", includeDeleted: true)
        return try store.auditLog(participantID: "p1").compactMap { entry in
            guard case .outcome(let task, let occurrence, let id) = entry.subject else { return nil }
            let outcome = outcomes.first { $0.id == id }
            return "\(entry.action.rawValue) \(task)#\(occurrence) entry \(outcome?.entry.map(String.init) ?? "?") "
                + (outcome.map { Timestamp.utc($0.createdAt) } ?? "no outcome")
        }.sorted()
    }

    @Test func anOlderStoresLogEntriesAndTheirAuditTrailImportOnceWhateverTheFormatOfTheCopy() throws {
        let older = try dosesRemovedInAnOlderStore()
        let expected = ["outcome.add painMedicine#2 entry 0 2026-03-03T13:00:00.000Z",
                        "outcome.add painMedicine#2 entry 1 2026-03-03T19:00:00.000Z",
                        "outcome.delete painMedicine#2 entry 0 2026-03-03T13:00:00.000Z"]
        let study = try studyStore()
        try study.importStore(at: older, sharing: [], at: now)
        #expect(try outcomeEntries(study) == expected)
        #expect(try study.importStore(at: older, sharing: [], at: now).isEmpty)
        // The same file once its own carefeed has migrated it: still nothing new, nothing twice.
        let migrated = try CareStore(path: older)
        #expect(try outcomeEntries(migrated) == expected)
        migrated.close()
        #expect(try study.importStore(at: older, sharing: [], at: now).isEmpty)
        #expect(try outcomeEntries(study) == expected)
    }

    @Test func twoEntriesOfOneOccurrenceAreStoredAndTheSameEntryTwiceIsRefused() throws {
        let store = try store("care")
        let offered = ScheduleTimeline(Fixtures.dailyAllDay).events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                                    from: Fixtures.date("2026-03-03"),
                                                                    to: Fixtures.date("2026-03-04"))[0]
        func dose(_ entry: Int) -> NewOutcome {
            NewOutcome(participantID: "p1", taskID: "painMedicine", event: offered, entry: entry,
                       values: [OutcomeValue(kind: "logged", value: .boolean(true))])
        }
        try store.addOutcome(dose(0), at: now)
        try store.addOutcome(dose(1), at: now.addingTimeInterval(60))
        #expect(throws: CareStoreError.alreadyAnswered(taskID: "painMedicine", occurrence: offered.occurrence)) {
            try store.addOutcome(dose(1), at: now.addingTimeInterval(120))
        }
        #expect(numbering(try store.outcomes(participantID: "p1")) == ["painMedicine 2 0", "painMedicine 2 1"])
    }
}
