import Content
import Foundation
import StudyModel
import Testing
import TestSupport

/// What `check` says of questions about the consent (`expect:`): one no
/// answer can pass, one on a question whose right answer cannot be told,
/// one after the consent, and an explanation with nothing to explain.
@Suite struct ConsentQuizContentTests {
    func load(_ quiz: String, after: String = "") -> (errors: [String], study: Study?) {
        var files = StudyFolder.minimal
        files["content/tasks/join.md"] = """
            ---
            id: join
            title: Join
            impactsAdherence: false
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
            \(quiz)
              - type: consent
                document: walking
                signature: drawn
            \(after)
              - type: completion
                title: Done
            ---
            """
        guard let folder = try? StudyFolder(files: files) else { return (["cannot write the study"], nil) }
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        return (result.errors.map { $0.description.replacingOccurrences(of: folder.content + "/", with: "") }, result.study)
    }

    @Test func aQuestionAboutTheConsentKeepsItsExpectedAnswerAndExplanation() throws {
        let loaded = load("""
                  - { id: canLeave, text: Can you leave at any time?, answer: boolean, expect: true, explain: Yes you can. }
                  - { id: kind, text: What is it?, answer: { choice: { options: [{ value: study, text: A study }, { value: care, text: Care }] } }, expect: study }
            """)
        #expect(loaded.errors == [])
        let items = try #require(loaded.study?.task("join")).formItems
        #expect(items.map(\.expect) == ["true", "study"] && items.map(\.explain) == ["Yes you can.", nil])
    }

    @Test func aQuizThatCouldNeverBePassedIsAnErrorAtItsLine() {
        #expect(load("      - { id: canLeave, text: Can you leave?, answer: boolean, expect: maybe }").errors == [
            "tasks/join.md:10:72: error: expect 'maybe' is no answer to a yes-or-no question, so it could never be right: write true or false",
        ])
        #expect(load("      - { id: kind, text: What?, answer: { choice: { options: [{ value: a, text: A }, { value: c, text: C }] } }, expect: b }").errors == [
            "tasks/join.md:10:123: error: expect 'b' is not one of the choice's values (a, c), so it could never be right",
        ])
        #expect(load("      - { id: age, text: Age?, answer: { numeric: { min: 0, max: 120 } }, expect: 40 }").errors == [
            "tasks/join.md:10:83: error: expect is for a yes-or-no question or a choice of one, whose right answer can be told",
        ])
        #expect(load("      - { id: canLeave, text: Can you leave?, answer: boolean, explain: Yes. }").errors == [
            "tasks/join.md:10:73: error: explain says why an expected answer is right, and this item has no expect",
        ])
    }

    @Test func aQuestionAboutTheConsentComesBeforeIt() {
        let errors = load("      - { id: name, text: Name?, answer: text }", after: """
              - type: form
                items:
                  - { id: canLeave, text: Can you leave?, answer: boolean, expect: true }
            """).errors
        #expect(errors == ["tasks/join.md:16:72: error: expect asks a question about the consent before it is signed: put this "
                           + "item in a form step before the onboarding task's consent step"])
    }
}
