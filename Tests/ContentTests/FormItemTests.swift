import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// A form item's `measure`, and a completion step after a task's form.
@Suite struct FormItemTests {
    func load(_ survey: String) -> (task: StudyTask?, diagnostics: [String]) {
        let text = """
            ---
            id: walk
            title: Walk
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
            \(survey)
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/walk.md": text]) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study?.task("walk"),
                result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") })
    }

    static let steps = "      - { id: steps, text: Steps?, answer: numeric }"

    @Test func aNumericItemMayBeMeasuredAsKneeFlexion() throws {
        let loaded = load("""
              - type: form
                items:
            \(Self.steps)
                  - id: range
                    text: How far can you bend your knee?
                    measure: kneeFlexion
                    answer: { numeric: { min: 0, max: 160, unit: degrees } }
            """)
        #expect(loaded.diagnostics == [])
        let items = try #require(loaded.task?.formItems)
        #expect(items.map(\.measure) == [nil, .kneeFlexion])
        let task = try #require(loaded.task)
        #expect(try StudyTask(definition: task.definition).formItems.last?.measure == .kneeFlexion)
        #expect(task.definition.components(separatedBy: "\"measure\"").count == 2)
    }

    @Test func anUnknownMeasureOrOneOnAnAnswerThatIsNoNumberIsAnError() {
        #expect(load("""
              - type: form
                items:
            \(Self.steps)
                  - { id: range, text: Bend?, measure: kneeFlexon, answer: numeric }
            """).diagnostics == [
            "tasks/walk.md:10:44: error: unknown measure 'kneeFlexon'; did you mean 'kneeFlexion'?; expected kneeFlexion",
        ])
        #expect(load("""
              - type: form
                items:
            \(Self.steps)
                  - { id: range, text: Bend?, measure: kneeFlexion, answer: { scale: { min: 0, max: 10, step: 1 } } }
            """).diagnostics == [
            "tasks/walk.md:10:44: error: measure kneeFlexion gives a number, so it needs a numeric answer, such as "
                + "'answer: { numeric: { min: 0, max: 160, unit: degrees } }'",
        ])
    }

    @Test func aTaskThatIsNotOnboardingKeepsACompletionStepAfterItsForm() throws {
        let loaded = load("""
              - type: form
                items:
            \(Self.steps)
              - type: completion
                title: Well done
                text: If your knee swells or feels hot, call your surgeon.
            """)
        #expect(loaded.diagnostics == [])
        let task = try #require(loaded.task)
        #expect(!task.isOnboarding)
        #expect(task.survey.map(\.type) == ["form", "completion"])
        guard case .completion(let completion) = task.survey.last else { return }
        #expect(completion.title == "Well done")
        #expect(completion.text == "If your knee swells or feels hot, call your surgeon.")
    }
}
