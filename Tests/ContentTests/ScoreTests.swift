import CareModel
import Content
import Foundation
import Markup
import Testing
import TestSupport
import StudyModel

/// `scores`: computed from a task's answers with its version's definition,
/// read strictly. The expected figures are worked out by hand.
@Suite struct ScoreTests {
    /// Nine items of 0 to 4 (None to Extreme), as a KOOS subscale has them.
    static let items = (1...9).map { index in
        "      - { id: p\(index), text: Pain \(index)?, preferNotToAnswer: true, answer: { scale: { min: 0, max: 4, step: 1 } } }"
    }.joined(separator: "\n")

    func load(_ scores: String, items: String = Self.items) -> (task: StudyTask?, diagnostics: [String], study: Study?) {
        let text = """
            ---
            id: koos
            title: Knee
            schedule:
              - { start: enrollment, allDay: true }
            survey:
              - type: form
                items:
            \(items)
                  - { id: note, text: Anything else?, answer: text }
            scores:
            \(scores)
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/koos.md": text]) else { return (nil, ["no study"], nil) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study?.task("koos"),
                result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") }, result.study)
    }

    static let koosPain = """
          - id: pain
            label: Pain
            items: [p1, p2, p3, p4, p5, p6, p7, p8, p9]
            method: mean
            minAnswered: 5
            rescale: { from: [0, 4], to: [100, 0] }
        """

    func values(_ answers: [Int?]) -> [OutcomeValue] {
        answers.enumerated().map { index, answer in
            OutcomeValue(kind: "p\(index + 1)", value: answer.map { .integer($0) } ?? .preferNotToAnswer)
        }
    }

    @Test func aKOOSSubscaleIsHundredLessTheMeanTimesTwentyFive() throws {
        let task = try #require(load(Self.koosPain).task)
        let score = try #require(task.score("pain"))
        // All nine: 1+2+0+3+1+2+1+0+2 = 12, mean 12/9 = 1.333…, 100 − 33.333… = 66.666…
        guard case .value(let all) = score.result(values([1, 2, 0, 3, 1, 2, 1, 0, 2]), task: task) else {
            Issue.record("no score")
            return
        }
        #expect(abs(all - 66.666_666) < 0.000_001)
        // Two not answered and one "prefer not to answer": 1+2+0+3+1+2 = 9 over six, 100 − 1.5 × 25 = 62.5.
        var six = Array(values([1, 2, 0, 3, 1, 2, nil]))
        #expect(score.result(six, task: task) == .value(62.5))
        six.removeLast()
        #expect(score.result(six, task: task) == .value(62.5))
        // Four answered is fewer than half of nine: no score.
        #expect(score.result(values([4, 4, 4, 4, nil]), task: task) == .notEnoughAnswers(answered: 4, needed: 5))
        #expect(score.result(values([0, 0, 0, 0, 0]), task: task) == .value(100))
        #expect(score.result(values([4, 4, 4, 4, 4]), task: task) == .value(0))
        #expect(score.range(task: task) == 0...100)
    }

    /// A definition `check` refuses, ends the wrong way round or not numbers, as a crafted store may hold one:
    /// such an item has no range and counts toward no score, rather than stopping the program.
    @Test func anItemWhoseEndsAreTheWrongWayRoundHasNoRangeAndNoScore() {
        let backward = FormItem(id: "p1", text: "Pain?", isRequired: false,
                                answer: .scale(min: 4, max: 0, step: 1, minLabel: nil, maxLabel: nil), measure: nil)
        let unnumbered = FormItem(id: "p2", text: "Sleep?", isRequired: false,
                                  answer: .numeric(min: .nan, max: 10, decimals: 0, unit: nil), measure: nil)
        #expect(Score.range(of: backward) == nil && Score.range(of: unnumbered) == nil)
        let task = StudyTask(id: "koos", title: "Knee", impactsAdherence: true, schedule: Schedule([]),
                             survey: [.form(FormStep(title: nil, text: nil, items: [backward, unnumbered]))], instructions: HTML(), log: nil, button: nil)
        let score = Score(id: "pain", label: "Pain", items: ["p1", "p2"], method: .mean, minAnswered: 1)
        #expect(score.result([OutcomeValue(kind: "p1", value: .integer(2)), OutcomeValue(kind: "p2", value: .integer(3))], task: task)
                == .notEnoughAnswers(answered: 0, needed: 1))
    }

    /// A stored rescale reads only as two numbers mapped to two: another, which `check` never writes, is refused
    /// as it is read, so its version is unreadable rather than a score that stops the program.
    @Test func aStoredRescaleOfOtherThanTwoNumbersIsRefused() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Score.Rescale.self, from: Data(#"{"from":[0,4],"to":[100,0]}"#.utf8))
                == Score.Rescale(from: (0, 4), to: (100, 0)))
        for stored in [#"{"from":[0],"to":[100,0]}"#, #"{"from":[0,4],"to":[]}"#, #"{"from":[0,4,8],"to":[100,0]}"#] {
            #expect(throws: DecodingError.self) { try decoder.decode(Score.Rescale.self, from: Data(stored.utf8)) }
        }
        let rescale = Score.Rescale(from: (0, 4), to: (100, 0))
        #expect(try decoder.decode(Score.Rescale.self, from: JSONEncoder().encode(rescale)) == rescale)
    }

    @Test func aReversedItemCountsFromTheOtherEndAndASumAddsUp() throws {
        let task = try #require(load("""
              - { id: total, label: Total, items: [p1, p2, p9], method: sum, reverse: [p9] }
            """).task)
        let score = try #require(task.score("total"))
        // 1 + 2 + (0 + 4 − 1) = 6.
        #expect(score.result(values([1, 2, nil, nil, nil, nil, nil, nil, 1]), task: task) == .value(6))
        #expect(score.result(values([1, 2]), task: task) == .notEnoughAnswers(answered: 2, needed: 3), "every item, unless minAnswered says less")
        #expect(score.range(task: task) == 0...12)
    }

    @Test func aScoreIsDerivedWithTheDefinitionOfItsOutcomesVersionAndFollowsSharing() throws {
        let loaded = load(Self.koosPain)
        let task = try #require(loaded.task)
        var edited = task
        edited.scores = [Score(id: "pain", label: "Pain", items: ["p1", "p2"], method: .sum, minAnswered: 1)]
        var study = try #require(loaded.study)
        study.tasks = study.tasks.map { $0.id == "koos" ? edited : $0 }
        let plan = try CarePlan(study: study, versions: [
            TaskVersion(taskID: "koos", version: 1, effectiveFrom: nil, definition: task.definition, recordedAt: .distantPast),
            TaskVersion(taskID: "koos", version: 2, effectiveFrom: Fixtures.date("2026-03-10"), definition: edited.definition,
                        recordedAt: .distantPast),
        ])
        func outcome(version: Int) -> Outcome {
            Outcome(id: 1, participantID: "p", taskID: "koos", taskVersion: version, occurrence: 0, eventDay: Fixtures.date("2026-03-09"),
                    eventStart: .distantPast, eventEnd: .distantPast, values: values([1, 2, 0, 3, 1]), createdAt: .distantPast)
        }
        // Version 1's rule: 100 − 7/5 × 25 = 65; version 2's: 1 + 2 = 3. Neither is stored with the answers.
        let first: OutcomeValue? = plan.scored(outcome(version: 1)).values.last
        let second: OutcomeValue? = plan.scored(outcome(version: 2)).values.last
        #expect(first == OutcomeValue(kind: "pain", value: .decimal(65)))
        #expect(second == OutcomeValue(kind: "pain", value: .decimal(3)))
        // Not sharing one of its items withholds the score: it would tell of that item.
        let withheld: Int = plan.scored(outcome(version: 1), sharing: Sharing(withheld: ["p3"])).values.count
        #expect(withheld == 5)
    }

    func errors(_ scores: String) -> [String] {
        load(scores).diagnostics
    }

    @Test func aScoreThatCannotBeComputedIsAnErrorAtItsLine() {
        let notNumeric: [String] = ["tasks/koos.md:20:36: error: 'note' cannot be scored: a score adds up numbers, so its items "
            + "are scales, numbers with a min and a max, or single choices whose values are all numbers"]
        #expect(errors("  - { id: s, label: S, items: [p1, note] }") == notNumeric)
        let reversed: [String] = ["tasks/koos.md:20:51: error: 'p3' is reversed but is not one of the score's items (p1, p2)"]
        #expect(errors("  - { id: s, label: S, items: [p1, p2], reverse: [p3] }") == reversed)
        let tooMany: [String] = ["tasks/koos.md:20:54: error: minAnswered must be from 1 to the number of the score's items, 2, not 3"]
        #expect(errors("  - { id: s, label: S, items: [p1, p2], minAnswered: 3 }") == tooMany)
        let unknown: [String] = ["tasks/koos.md:20:36: error: the survey has no question 'pain2'"]
        #expect(errors("  - { id: s, label: S, items: [p1, pain2] }") == unknown)
        let sameID: [String] = ["tasks/koos.md:20:11: error: the score 'p1' has the id of the question 'p1'; give the score an id of its own"]
        #expect(errors("  - { id: p1, label: S, items: [p2] }") == sameID)
        let method: [String] = ["tasks/koos.md:20:45: error: method must be mean or sum, not 'median'"]
        #expect(errors("  - { id: s, label: S, items: [p1], method: median }") == method)
        let better: [String] = ["tasks/koos.md:20:45: error: better must be higher or lower (which end of the score is the good one), "
            + "not 'more'"]
        #expect(errors("  - { id: s, label: S, items: [p1], better: more }") == better)
        #expect(errors("  - { id: s, label: S, items: [p1], better: lower }") == [])
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e3", "0x10"])
    func aChoiceWhoseValueIsNoPlainNumberCannotBeScoredAndCrashesNothing(_ value: String) {
        let items = "      - { id: often, text: How often?, answer: { choice: { options: [{ value: \(value), text: Never }, "
            + "{ value: 2, text: Often }] } } }"
        let diagnostics = load("  - { id: s, label: S, items: [often] }", items: items).diagnostics
        #expect(diagnostics == ["tasks/koos.md:12:32: error: 'often' cannot be scored: a score adds up numbers, so its items "
            + "are scales, numbers with a min and a max, or single choices whose values are all numbers"])
    }

    @Test func aScoreThatCouldBeNoFiniteNumberIsAnErrorAtItsLine() {
        let huge = "      - { id: big, text: Big?, answer: { numeric: { min: 0, max: 1e308 } } }\n"
            + "      - { id: bigger, text: Bigger?, answer: { numeric: { min: 0, max: 1e308 } } }"
        #expect(load("  - { id: s, label: S, items: [big, bigger], method: sum }", items: huge).diagnostics == [
            "tasks/koos.md:13:31: error: the items' values add up past the largest number a score can hold; use smaller min and max",
        ])
        #expect(errors("  - { id: s, label: S, items: [p1], rescale: { from: [0, 1e-300], to: [0, 1e300] } }") == [
            "tasks/koos.md:20:46: error: rescale gives no finite score: its numbers are too large or too close together; "
                + "use numbers such as from: [0, 4], to: [100, 0]",
        ])
    }
}
