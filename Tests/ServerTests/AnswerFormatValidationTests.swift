import CareModel
import Content
import HTTP
import Server
import Testing
import TestSupport
import StudyModel
import Words

/// The server's check of a date, a time of day and "prefer not to answer".
@Suite struct AnswerFormatValidationTests {
    let task: StudyTask

    init() throws {
        let study = try StudyFolder(files: ["content/tasks/visit.md": """
            ---
            id: visit
            title: Visit
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - { id: surgery, text: Surgery day?, required: true, answer: { date: { min: 2026-01-01, max: 2026-03-31 } } }
                  - { id: bedtime, text: Bedtime?, answer: timeOfDay }
                  - { id: pain, text: Pain?, required: true, preferNotToAnswer: true, answer: { scale: { min: 0, max: 10, step: 1 } } }
                  - { id: note, text: Note?, preferNotToAnswer: true, answer: text }
                  - { id: weight, text: Weight?, preferNotToAnswer: true, answer: { numeric: { min: 30, max: 250, unit: kg } } }
            ---
            """])
        task = try #require(ContentLoader.load(directory: study.content, publicDirectory: nil).study?.task("visit"))
    }

    struct Errors: Error, Equatable {
        var errors: [String: String]
    }

    func validate(_ body: String) throws -> Result<[OutcomeValue], Errors> {
        switch SurveyValidation.validate(task, form: try FormData(Array(body.utf8)), language: .usEnglish) {
        case .success(let values): .success(values)
        case .failure(let entry): .failure(Errors(errors: entry.errors))
        }
    }

    @Test func aDateAndATimeAreStoredAsThemselves() throws {
        #expect(try validate("surgery=2026-02-27&bedtime=22:45&pain=3") == .success([
            OutcomeValue(kind: "surgery", value: .date(LocalDate(iso: "2026-02-27")!)),
            OutcomeValue(kind: "bedtime", value: .time(LocalTime("22:45")!)),
            OutcomeValue(kind: "pain", value: .integer(3)),
        ]))
        // A browser that keeps seconds sends them.
        let withSeconds = try validate("surgery=2026-02-27&bedtime=22:45:00&pain=3").map { $0[1].value }
        #expect(withSeconds == .success(OutcomeValue.Value.time(LocalTime("22:45")!)))
    }

    @Test func aDateOutsideItsRangeOrNotADateSaysWhatToFix() throws {
        #expect(try validate("surgery=2025-12-31&pain=1") == .failure(Errors(errors: ["surgery": "Choose a day from Jan 1, 2026 to Mar 31, 2026."])))
        #expect(try validate("surgery=2026-02-30&pain=1") == .failure(Errors(errors: ["surgery": "Enter a date, such as Jan 1, 2026."])))
        #expect(try validate("surgery=2026-02-01&bedtime=25:00&pain=1") == .failure(Errors(errors: ["bedtime": "Enter a time, such as 8:30\u{202F}AM."])))
    }

    @Test func preferNotToAnswerIsAnAnswerOfItsOwnAndNeverBesideAnother() throws {
        #expect(try validate("surgery=2026-02-01&pain=preferNotToAnswer&note=preferNotToAnswer") == .success([
            OutcomeValue(kind: "surgery", value: .date(LocalDate(iso: "2026-02-01")!)),
            OutcomeValue(kind: "pain", value: .preferNotToAnswer),
            OutcomeValue(kind: "note", value: .preferNotToAnswer),
        ]))
        // A declined amount is no amount: it has no unit, as the store requires.
        #expect(try validate("surgery=2026-02-01&pain=1&weight=preferNotToAnswer").map { $0.last } == .success(
            OutcomeValue(kind: "weight", value: .preferNotToAnswer)))
        #expect(try validate("surgery=2026-02-01&pain=1&note=fine&note=preferNotToAnswer") == .failure(Errors(errors: [
            "note": "Choose an answer, or “Prefer not to answer”, but not both.",
        ])))
        // Where it is not offered, the marker is not an answer the question takes.
        #expect(try validate("surgery=preferNotToAnswer&pain=1") == .failure(Errors(errors: ["surgery": "Enter a date, such as Jan 1, 2026."])))
    }
}
