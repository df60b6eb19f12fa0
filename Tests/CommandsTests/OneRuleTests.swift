@testable import CareStore
@testable import Commands
import CareModel
import Content
import Foundation
import HTTP
import Server
import StudyModel
import Testing
import TestSupport
import Words

/// The server's forms and `import` accept exactly the same answers: every
/// value a question of every format could be given is either stored by the
/// form, as typed, and taken by `import`, or refused by both.
@Suite struct OneRuleTests {
    let study: Study
    let task: StudyTask
    let plan: CarePlan
    static let enrolledOn = Fixtures.date("2026-03-01")
    static let now = Fixtures.instant("2026-03-01T22:00:00Z")

    init() throws {
        let folder = try StudyFolder(files: ["content/tasks/every.md": """
            ---
            id: every
            title: Every format
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - { id: pain, text: Pain?, preferNotToAnswer: true, answer: { scale: { min: 0, max: 10, step: 1 } } }
                  - { id: effort, text: Effort?, answer: { scale: { min: 0, max: 5, step: 0.5 } } }
                  - { id: steps, text: Steps?, answer: { numeric: { min: 0, max: 100000, unit: steps } } }
                  - { id: weight, text: Weight?, preferNotToAnswer: true, answer: { numeric: { min: 30, max: 300, decimals: 1, unit: kg } } }
                  - { id: any, text: Any number?, answer: numeric }
                  - { id: outside, text: Outside?, answer: boolean }
                  - { id: side, text: Side?, answer: { choice: { options: [Left, Right] } } }
                  - { id: signs, text: Signs?, answer: { choice: { options: ["+", "-", { value: "1", text: One }], multiple: true } } }
                  - { id: note, text: Note?, answer: { text: { maxLength: 20 } } }
                  - { id: free, text: Free?, answer: text }
                  - { id: day, text: Day?, answer: { date: { min: 2026-01-01, max: 2027-12-31 } } }
                  - { id: bedtime, text: Bedtime?, answer: timeOfDay }
                  - { id: detail, text: Where?, required: true, showIf: { item: outside, equals: true }, answer: text }
            ---
            """])
        study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study)
        task = try #require(study.task("every"))
        plan = try CarePlan(study: study, versions: study.tasks.map {
            TaskVersion(taskID: $0.id, version: 1, effectiveFrom: nil, definition: $0.definition, recordedAt: Self.now)
        })
    }

    /// Values of every type, inside, on and outside every question's bounds.
    static var candidates: [OutcomeValue.Value] {
        var values: [OutcomeValue.Value] = []
        let numbers = stride(from: -2.0, through: 12, by: 0.5).map { $0 }
            + [29.9, 30, 75, 75.3, 75.35, 5.123456, 300, 300.1, 99_999, 100_000, 100_001, 1e14, 1e15, 1e20, -0.5]
        for number in numbers {
            values.append(.decimal(number))
            if number == number.rounded(), abs(number) < 1e15 { values.append(.integer(Int(number))) }
        }
        values += [.boolean(true), .boolean(false), .preferNotToAnswer]
        values += ["", "Left", "Right", "left", " Left", "+", "-", "1", "One", "x", "a\0b", "preferNotToAnswer", "  padded ",
                   String(repeating: "a", count: 20), String(repeating: "a", count: 21),
                   String(repeating: "b", count: 10_000), String(repeating: "b", count: 10_001), "٣"].map { .text($0) }
        values += ["2025-12-31", "2026-01-01", "2027-12-31", "2028-01-01", "0001-01-01", "9999-12-31"]
            .map { .date(Fixtures.date($0)) }
        values += ["00:00", "08:30", "23:59"].map { .time(LocalTime($0)!) }
        return values
    }

    /// What a browser sends for `value`.
    static func typed(_ value: OutcomeValue.Value) -> String {
        switch value {
        case .boolean(let yes): yes ? "yes" : "no"
        case .preferNotToAnswer: FormItem.preferNotToAnswerValue
        case .integer, .decimal, .text, .date, .time: value.text
        }
    }

    /// Whether the form stores exactly `values` when sent the texts that type them.
    func serverStores(_ values: [OutcomeValue], language: Language) -> Bool {
        let body = values.map { value in
            "\(value.kind)=" + (Self.typed(value.value).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        guard let form = try? FormData(Array(body.utf8), limits: FormData.Limits(valueBytes: 1 << 20)) else { return false }
        guard case .success(let stored) = SurveyValidation.validate(task, form: form, language: language) else { return false }
        return stored == values
    }

    /// Whether `import` takes a participant's file holding `values` as one answer.
    func importTakes(_ values: [OutcomeValue]) -> Bool {
        let participant = Participant(id: "p1", name: "Ada", timeZone: Fixtures.newYork, enrolledOn: Self.enrolledOn)
        let start = Fixtures.newYork.instant(of: Self.enrolledOn, at: .midnight)
        let outcome = Outcome(id: 1, participantID: "p1", taskID: "every", taskVersion: 1, occurrence: 0, eventDay: Self.enrolledOn,
                              eventStart: start, eventEnd: start.addingTimeInterval(86_400), values: values,
                              createdAt: Self.now)
        let file = StoreFileRecords(participants: [participant], taskVersions: plan.versions, outcomes: [outcome],
                                    permissionGrants: [])
        return ImportCheck(study: study, plan: plan, now: Self.now).problems(file).isEmpty
    }

    @Test(arguments: ["en-US", "de-DE", "ar"])
    func theFormAndImportAcceptExactlyTheSameValues(_ tag: String) throws {
        let language = Language(try #require(LanguageTag(tag)))
        var accepted = 0
        for item in task.formItems {
            var answers = Self.candidates.map { [item.stored($0)] }
            if case .choice(_, true) = item.answer {
                answers += [["+", "-"], ["+", "+"], ["-", "1"], ["+", "x"]].map { $0.map { item.stored(.text($0)) } }
                answers.append([item.stored(.preferNotToAnswer), item.stored(.text("+"))])
            }
            answers.append([item.stored(.preferNotToAnswer), item.stored(.decimal(75.3))])
            for values in answers {
                let server = serverStores(values, language: language)
                #expect(server == importTakes(values), "\(item.id): \(values.map { "\($0.value)".prefix(60) })")
                if server { accepted += 1 }
            }
        }
        #expect(accepted > 40, "the candidates hold answers every question takes")
    }

    @Test func aUnitOtherThanTheQuestionsIsRefusedByImport() {
        #expect(importTakes([OutcomeValue(kind: "weight", value: .decimal(80), unit: "kg")]))
        #expect(!importTakes([OutcomeValue(kind: "weight", value: .decimal(80), unit: "lb")]))
        #expect(!importTakes([OutcomeValue(kind: "weight", value: .decimal(80))]))
    }

    @Test func aQuestionItsConditionHidesHasNoValueAndARequiredOneAskedHasOne() {
        let outside = [OutcomeValue(kind: "outside", value: .boolean(true))]
        #expect(!importTakes(outside), "where is asked and required")
        #expect(importTakes(outside + [OutcomeValue(kind: "detail", value: .text("Park"))]))
        #expect(!importTakes([OutcomeValue(kind: "outside", value: .boolean(false)), OutcomeValue(kind: "detail", value: .text("Park"))]))
    }
}
