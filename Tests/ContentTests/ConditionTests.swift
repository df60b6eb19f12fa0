import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// `showIf`: conditions on earlier answers, read strictly and evaluated as
/// the server evaluates them.
@Suite struct ConditionTests {
    func load(_ items: String, extra: String = "") -> (task: StudyTask?, diagnostics: [String]) {
        let text = """
            ---
            id: knee
            title: Knee
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - { id: locking, text: Does your knee lock?, required: true, answer: boolean }
                  - { id: pain, text: Pain?, answer: { scale: { min: 0, max: 10, step: 1 } } }
                  - id: where
                    text: Where does it hurt?
                    answer: { choice: { options: [{ value: front, text: Front }, { value: back, text: Back }], multiple: true } }
                  - id: often
                    text: How often?
                    answer: { choice: { options: [{ value: "1", text: Rarely }, { value: "2", text: Often }] } }
            \(items)
            \(extra)
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/knee.md": text]) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study?.task("knee"),
                result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") })
    }

    func answers(_ pairs: [String: [OutcomeValue.Value]], _ task: StudyTask) -> [String] {
        task.askedItems(answers: pairs).map(\.id)
    }

    @Test func aFollowUpIsAskedOnlyAfterTheAnswerItFollows() throws {
        let loaded = load("""
                  - { id: lockingOften, text: How often does it lock?, showIf: { item: locking, equals: true }, answer: text }
            """)
        #expect(loaded.diagnostics == [])
        let task = try #require(loaded.task)
        #expect(answers(["locking": [.boolean(true)]], task).contains("lockingOften"))
        #expect(!answers(["locking": [.boolean(false)]], task).contains("lockingOften"))
        #expect(!answers([:], task).contains("lockingOften"))
        #expect(!answers(["locking": [.preferNotToAnswer]], task).contains("lockingOften"))
        // The definition the store versions keeps the condition, and an item without one reads as before.
        #expect(try StudyTask(definition: task.definition).formItems.last?.showIf == .equals(item: "locking", value: "true"))
        #expect(task.definition.components(separatedBy: "showIf").count == 2)
    }

    @Test func everyComparisonHoldsAsTheReferenceSays() {
        let answers: [String: [OutcomeValue.Value]] = ["pain": [.integer(6)], "where": [.text("front"), .text("back")],
                                                        "often": [.text("2")], "skipped": [.preferNotToAnswer]]
        #expect(Condition.equals(item: "pain", value: "6").holds(answers))
        #expect(Condition.equals(item: "pain", value: "6.0").holds(answers))
        #expect(!Condition.notEquals(item: "pain", value: "6").holds(answers))
        #expect(Condition.notEquals(item: "pain", value: "5").holds(answers))
        #expect(!Condition.notEquals(item: "missing", value: "5").holds(answers))
        #expect(Condition.atLeast(item: "pain", number: 6).holds(answers))
        #expect(!Condition.atLeast(item: "pain", number: 7).holds(answers))
        #expect(Condition.atMost(item: "often", number: 2).holds(answers))
        #expect(Condition.includes(item: "where", value: "back").holds(answers))
        #expect(!Condition.includes(item: "where", value: "side").holds(answers))
        #expect(Condition.answered(item: "skipped", true).holds(answers))
        #expect(!Condition.atLeast(item: "skipped", number: 0).holds(answers))
        #expect(Condition.answered(item: "missing", false).holds(answers))
        #expect(Condition.all([.atLeast(item: "pain", number: 5), .includes(item: "where", value: "front")]).holds(answers))
        #expect(!Condition.all([.atLeast(item: "pain", number: 5), .includes(item: "where", value: "side")]).holds(answers))
        #expect(Condition.any([.atLeast(item: "pain", number: 9), .includes(item: "where", value: "front")]).holds(answers))
        #expect(Condition.not(.equals(item: "pain", value: "2")).holds(answers))
    }

    @Test func anItemNotAskedCountsForNothingInTheConditionsAfterIt() throws {
        let loaded = load("""
                  - { id: lockingOften, text: How often?, showIf: { item: locking, equals: true }, answer: { scale: { min: 1, max: 5, step: 1 } } }
                  - { id: lockingWorst, text: How bad at worst?, showIf: { item: lockingOften, atLeast: 3 }, answer: text }
            """)
        #expect(loaded.diagnostics == [])
        let task = try #require(loaded.task)
        #expect(answers(["locking": [.boolean(true)], "lockingOften": [.integer(4)]], task).suffix(2) == ["lockingOften", "lockingWorst"])
        // A value left from before "no" was chosen is not an answer: what follows from it is not asked.
        #expect(!answers(["locking": [.boolean(false)], "lockingOften": [.integer(4)]], task).contains("lockingWorst"))
    }

    @Test func aStepsConditionAsksOrSkipsItsItems() throws {
        let loaded = load("", extra: """
              - type: form
                title: About the locking
                showIf: { any: [{ item: locking, equals: true }, { item: pain, atLeast: 7 }] }
                items:
                  - { id: lockingNote, text: Tell us more, answer: text }
            """)
        #expect(loaded.diagnostics == [])
        let task = try #require(loaded.task)
        #expect(answers(["pain": [.integer(8)]], task).last == "lockingNote")
        #expect(answers(["pain": [.integer(3)], "locking": [.boolean(false)]], task).last == "often")
    }

    @Test func aConditionOnALaterOrUnknownItemOrItselfIsAnErrorAtItsLine() {
        let later = load("""
                  - { id: first, text: First?, showIf: { item: second, equals: yes }, answer: text }
                  - { id: second, text: Second?, answer: text }
            """)
        #expect(later.diagnostics == [
            "tasks/knee.md:17:52: error: 'second' comes later in the survey; a question can only follow answers given "
                + "before it, so move 'second' above",
        ])
        #expect(load("""
                  - { id: first, text: First?, showIf: { item: first, answered: true }, answer: text }
            """).diagnostics == [
            "tasks/knee.md:17:52: error: the condition of 'first' names 'first' itself; a question can only follow "
                + "answers given before it",
        ])
        #expect(load("""
                  - { id: first, text: First?, showIf: { item: lockng, equals: true }, answer: text }
            """).diagnostics == ["tasks/knee.md:17:52: error: the survey has no question 'lockng' before this one; did you mean 'locking'?"])
    }

    @Test func aValueTheItemCannotTakeIsAnError() {
        func message(_ condition: String) -> [String] {
            load("      - { id: next, text: Next?, showIf: \(condition), answer: text }").diagnostics
        }
        #expect(message("{ item: often, equals: sometimes }") == [
            "tasks/knee.md:17:65: error: 'often' has no option 'sometimes'; its options store '1', '2'",
        ])
        #expect(message("{ item: pain, atLeast: 11 }") == [
            "tasks/knee.md:17:65: error: atLeast 11 is out of reach: answers to 'pain' run from 0 to 10",
        ])
        #expect(message("{ item: pain, equals: 2.5 }") == [
            "tasks/knee.md:17:64: error: 'pain' cannot be 2.5: its scale runs from 0 to 10 in steps of 1",
        ])
        #expect(message("{ item: locking, equals: yes }") == [
            "tasks/knee.md:17:67: error: equals must be true or false, not 'yes'",
        ])
        #expect(message("{ item: where, equals: front }") == [
            "tasks/knee.md:17:65: error: 'where' is a multiple choice, whose answer is a list; use includes",
        ])
        #expect(message("{ item: locking, includes: true }") == [
            "tasks/knee.md:17:69: error: includes is for a multiple choice, and 'locking' takes one answer; use equals",
        ])
        #expect(message("{ item: locking, atLeast: 1 }") == [
            "tasks/knee.md:17:68: error: atLeast compares numbers, and the answers to 'locking' are not numbers; use equals",
        ])
        #expect(message("{ item: pain, equals: 2, atLeast: 1 }") == [
            "tasks/knee.md:17:42: error: a condition compares its item one way, and this one gives equals and atLeast: keep one",
        ])
        #expect(message("{ all: [] }") == ["tasks/knee.md:17:49: error: all needs at least one condition"])
        // A number too large for any answer is said as written, never a crash.
        #expect(message("{ item: pain, atLeast: 1e20 }") == [
            "tasks/knee.md:17:65: error: atLeast 1e+20 is out of reach: answers to 'pain' run from 0 to 10",
        ])
    }

    @Test func theOnboardingTaskHasNoConditions() {
        let loaded = load("""
                  - { id: lockingOften, text: How often?, showIf: { item: locking, equals: true }, answer: text }
            """, extra: """
              - { type: consent, document: main, signature: drawn }
            """)
        #expect(loaded.diagnostics.contains(
            "tasks/knee.md:17:55: error: the onboarding task asks every question of its steps, so it has no showIf; "
                + "ask what follows an answer in a task of its own"))
    }
}
