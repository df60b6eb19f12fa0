import CareModel
import Content
import HTTP
import Server
import Testing
import Words
import TestSupport
import StudyModel

@Suite struct SurveyValidationTests {
    let task: StudyTask

    init() throws {
        let study = try StudyFolder(files: ["content/tasks/walk.md": """
            ---
            id: walk
            title: Walk
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - { id: effort, text: Effort?, required: true, answer: { scale: { min: 0, max: 5, step: 0.5 } } }
                  - { id: steps, text: Steps?, required: true, answer: { numeric: { min: 0, max: 100000, unit: steps } } }
                  - { id: outside, text: Outside?, answer: boolean }
                  - { id: where, text: Where?, answer: { choice: { options: [Park, { value: street, text: Along a street }, Beach], multiple: true } } }
                  - { id: note, text: Note?, answer: { text: { maxLength: 10 } } }
            ---
            """])
        let loaded = ContentLoader.load(directory: study.content, publicDirectory: nil).study
        task = try #require(loaded?.task("walk"))
    }

    func validate(_ body: String) throws -> Result<[OutcomeValue], SurveyEntry_> {
        switch SurveyValidation.validate(task, form: try FormData(Array(body.utf8)), language: .usEnglish) {
        case .success(let values): .success(values)
        case .failure(let entry): .failure(SurveyEntry_(errors: entry.errors))
        }
    }

    struct SurveyEntry_: Error, Equatable {
        var errors: [String: String]
    }

    @Test func everyFormatBecomesATypedValue() throws {
        let result = try validate("effort=2.5&steps=4200&outside=yes&where=Park&where=Beach&note=nice")
        #expect(result == .success([
            OutcomeValue(kind: "effort", value: .decimal(2.5)),
            OutcomeValue(kind: "steps", value: .integer(4200), unit: "steps"),
            OutcomeValue(kind: "outside", value: .boolean(true)),
            OutcomeValue(kind: "where", value: .text("Park")),
            OutcomeValue(kind: "where", value: .text("Beach")),
            OutcomeValue(kind: "note", value: .text("nice")),
        ]))
    }

    @Test func eachWrongAnswerSaysWhatToFix() throws {
        let result = try validate("effort=2.25&steps=1e3&outside=maybe&where=Moon&note=far+too+long+note")
        #expect(result == .failure(SurveyEntry_(errors: [
            "effort": "Choose one of the numbers from 0 to 5.",
            "steps": "Enter a number of steps, such as 50000.",
            "outside": "Choose yes or no.",
            "where": "Choose from the options shown.",
            "note": "Keep it to 10 characters; this has 17.",
        ])))
        #expect(try validate("") == .failure(SurveyEntry_(errors: [
            "effort": "Please answer this question.", "steps": "Please answer this question.",
        ])))
        #expect(try validate("effort=1&steps=-3") == .failure(SurveyEntry_(errors: ["steps": "Enter a number of at least 0 steps."])))
        #expect(try validate("effort=1&steps=12.5") == .failure(SurveyEntry_(errors: ["steps": "Enter a whole number."])))
        #expect(try validate("effort=1&steps=99999999999999999999") == .failure(SurveyEntry_(errors: [
            "steps": "Enter a number of at most 100000 steps.",
        ])))
    }

    @Test func aChoiceStoresTheOptionsValueAndRefusesItsShownText() throws {
        #expect(try validate("effort=1&steps=10&where=street&where=Park") == .success([
            OutcomeValue(kind: "effort", value: .decimal(1)),
            OutcomeValue(kind: "steps", value: .integer(10), unit: "steps"),
            OutcomeValue(kind: "where", value: .text("street")),
            OutcomeValue(kind: "where", value: .text("Park")),
        ]))
        #expect(try validate("effort=1&steps=10&where=Along+a+street") == .failure(SurveyEntry_(errors: [
            "where": "Choose from the options shown.",
        ])))
    }
}
