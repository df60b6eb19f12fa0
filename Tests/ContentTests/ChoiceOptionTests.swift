import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// Choice options as plain text, or as `{ value, text }`.
@Suite struct ChoiceOptionTests {
    func load(_ options: String) -> (task: StudyTask?, diagnostics: [String]) {
        let text = """
            ---
            id: walk
            title: Walk
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - id: steps
                    text: Steps?
                    answer: numeric
                  - id: where
                    text: Where did you walk?
                    answer:
                      choice:
                        options:
            \(options)
            ---
            """
        guard let study = try? StudyFolder(files: ["content/tasks/walk.md": text]) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study?.task("walk"),
                result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") })
    }

    @Test func optionsMayMixPlainTextAndValuesWithTheirText() throws {
        let loaded = load("""
                          - Park
                          - { value: street, text: Along a street }
                          - value: 3
                            text: On the beach
            """)
        #expect(loaded.diagnostics == [])
        let item = try #require(loaded.task?.formItems.last)
        #expect(item.answer == .choice(options: [
            ChoiceOption("Park"), ChoiceOption(value: "street", text: "Along a street"),
            ChoiceOption(value: "3", text: "On the beach"),
        ], multiple: false))
    }

    @Test func plainOptionsKeepTheStoredDefinitionAndValuedOnesRoundTrip() throws {
        let task = try #require(load("""
                          - Park
                          - { value: street, text: Along a street }
            """).task)
        #expect(task.definition.contains(#""options":["Park",{"text":"Along a street","value":"street"}]"#))
        #expect(try StudyTask(definition: task.definition).survey == task.survey)
    }

    @Test func twoOptionsWithOneValueOrOneTextAreErrors() {
        #expect(load("""
                          - { value: park, text: In a park }
                          - { value: park, text: Near a park }
            """).diagnostics == [
            "tasks/walk.md:18:17: error: two options store the value 'park'; each option needs a value of its own",
        ])
        #expect(load("""
                          - { value: park, text: Park }
                          - { value: garden, text: Park }
            """).diagnostics == [
            "tasks/walk.md:18:17: error: two options show the text 'Park'; a participant could not tell them apart",
        ])
        #expect(load("""
                          - Park
                          - Park
            """).diagnostics == [
            "tasks/walk.md:18:17: error: the options of a choice must differ from each other; 'Park' is listed twice",
        ])
    }

    @Test func anOptionMappingNeedsExactlyValueAndText() {
        #expect(load("""
                          - { value: park }
                          - { value: street, label: Street }
            """).diagnostics == [
            "tasks/walk.md:17:17: error: an option is missing 'text'",
            "tasks/walk.md:18:17: error: an option is missing 'text'",
            "tasks/walk.md:18:34: error: unknown key 'label' in an option; expected one of: value, text",
        ])
    }
}
