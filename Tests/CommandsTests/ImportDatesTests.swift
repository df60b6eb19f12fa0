import CareModel
import CareStore
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// `import` of a participant's store whose schedule counts from their own
/// date: the date comes with their answers, which are judged by it; a date
/// the study does not declare, or years from enrolment, is refused.
@Suite struct ImportDatesTests {
    let study: StudyFolder
    let stores: TemporaryDirectory

    init() throws {
        study = try StudyFolder(files: [
            "content/study.yaml": (StudyFolder.minimal["content/study.yaml"] ?? "") + "\ndates:\n  - { id: surgery, label: Day of surgery }\n",
            "content/tasks/visit.md": """
                ---
                id: visit
                title: Visit
                schedule:
                  - { start: surgery - 2 days, allDay: true, window: 3 days, visit: Before surgery }
                survey:
                  - type: form
                    items:
                      - { id: score, text: How is it?, answer: { numeric: { min: 0, max: 10 } } }
                ---
                """,
        ])
        stores = try TemporaryDirectory()
    }

    /// A participant's store: enrolled March 1, their surgery on `surgery`, the visit before it answered.
    func participantStore(surgery: String, date: String = "surgery", movedTo: String? = nil,
                          givenAt: Date = Fixtures.instant("2026-03-01T14:00:00Z")) throws -> String {
        let loaded = try #require(ContentLoader.load(directory: study.content, publicDirectory: nil).study)
        let path = stores.path + "/p1-\(UUID().uuidString.prefix(8)).sqlite"
        let store = try CareStore(path: path)
        defer { store.close() }
        var participant = Participant(id: "p1", name: "Ada", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"))
        try store.addParticipant(participant)
        let at = Fixtures.instant("2026-03-01T14:00:00Z")
        for task in loaded.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: participant.enrolledOn, at: at)
        }
        try store.setDate(date, to: Fixtures.date(surgery), participantID: "p1", at: givenAt, source: .invite)
        participant.dates = [date: Fixtures.date(surgery)]
        let task = try #require(loaded.task("visit"))
        if let event = ScheduleTimeline(task.schedule).events(participant.scheduleDates, in: participant.timeZone,
                                                              from: Fixtures.date("2026-01-01"), to: Fixtures.date("2029-01-01")).first {
            try store.addOutcome(NewOutcome(participantID: "p1", taskID: "visit", event: event,
                                            values: [OutcomeValue(kind: "score", value: .integer(6))]),
                                 at: event.start.addingTimeInterval(3600 * 20))
        }
        if let movedTo {
            try store.setDate(date, to: Fixtures.date(movedTo), participantID: "p1", at: Fixtures.instant("2026-03-04T15:00:00Z"),
                              source: .invite)
        }
        return path
    }

    func run(_ files: String...) -> Run {
        Run(["import", "--content", study.content, "--store", stores.path + "/study.sqlite"] + files)
    }

    @Test func theDateComesWithTheAnswersItsScheduleGave() throws {
        let file = try participantStore(surgery: "2026-03-05")
        let imported = run(file)
        #expect(imported.status == 0, "\(imported.error)")
        let store = try CareStore(path: stores.path + "/study.sqlite")
        defer { store.close() }
        #expect(try store.participant(id: "p1")?.dates == ["surgery": Fixtures.date("2026-03-05")])
        #expect(try store.outcomes(participantID: "p1").map(\.eventDay) == [Fixtures.date("2026-03-03")])
        #expect(try store.dateHistory(participantID: "p1").map(\.source) == [.import])
        #expect(run(file).status == 0, "the same file again changes nothing")
        #expect(try store.dateHistory(participantID: "p1").count == 1)
    }

    @Test func aDateTheStudyDoesNotDeclareOrYearsAwayIsRefused() throws {
        let far = run(try participantStore(surgery: "2028-06-01"))
        #expect(far.status == 1)
        #expect(far.error.contains("participant p1's surgery is 2028-06-01, more than a year from their enrolment on 2026-03-01"))
        let undeclared = run(try participantStore(surgery: "2026-03-05", date: "discharge"))
        #expect(undeclared.status == 1)
        #expect(undeclared.error.contains("participant p1 has a date 'discharge', which the study does not declare"))
    }

    @Test func anAnswerGivenBeforeTheDateMovedIsJudgedByTheDateThenAndKeptThere() throws {
        // Answered on March 3, two days before surgery on the 5th; surgery then moved to the 19th.
        let imported = run(try participantStore(surgery: "2026-03-05", movedTo: "2026-03-19"))
        #expect(imported.status == 0, "\(imported.error)")
        let store = try CareStore(path: stores.path + "/study.sqlite")
        defer { store.close() }
        #expect(try store.participant(id: "p1")?.dates == ["surgery": Fixtures.date("2026-03-19")])
        #expect(try store.dateHistory(participantID: "p1").map(\.day) == ["2026-03-05", "2026-03-19"].map(Fixtures.date))
        #expect(try store.dateHistory(participantID: "p1").allSatisfy { $0.source == .import })
        #expect(try store.auditLog(participantID: "p1").filter { $0.action == .participantDate }.count == 2,
                "each value in the trail once, the file's own entries not copied again")
    }

    @Test func aDateGivenAtATimeToComeIsRefused() throws {
        let run = run(try participantStore(surgery: "2026-03-05", givenAt: Date().addingTimeInterval(400 * 86_400)))
        #expect(run.status == 1)
        #expect(run.error.contains("participant p1's surgery was given at "))
        #expect(run.error.contains("which has not come yet"))
    }
}
