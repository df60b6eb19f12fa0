import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// `protocol` and `flags` in `study.yaml`.
@Suite struct StudyHeaderTests {
    static let header = """
        title: Walk
        institution: Example Clinic
        contact: walk@example.org
        timezone: Europe/Berlin

        """

    func load(_ extra: String) -> (study: Study?, diagnostics: [String]) {
        guard let folder = try? StudyFolder(files: ["content/study.yaml": Self.header + extra]) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        return (result.study, result.diagnostics.map { $0.description.replacingOccurrences(of: folder.content + "/", with: "") })
    }

    @Test func theProtocolAndEveryKindOfFlagLoadInTheirOrder() throws {
        let loaded = load("""
            protocol: { number: "REB-2026-014", board: Example University Research Ethics Board }
            flags:
              - { task: walk, value: steps, below: 1000, label: Few steps }
              - { task: walk, value: steps, above: 30000.5, label: Too many steps }
              - { silentDays: 2, label: No answers }
              - { task: walk, value: steps, notMeasuredDays: 8, label: Steps not counted }
            """)
        #expect(loaded.diagnostics == [])
        let study = try #require(loaded.study)
        #expect(study.protocolApproval == ProtocolApproval(number: "REB-2026-014", board: "Example University Research Ethics Board"))
        #expect(study.flags == [
            StudyFlag(label: "Few steps", rule: .below(task: "walk", value: "steps", threshold: 1000)),
            StudyFlag(label: "Too many steps", rule: .above(task: "walk", value: "steps", threshold: 30000.5)),
            StudyFlag(label: "No answers", rule: .silent(days: 2)),
            StudyFlag(label: "Steps not counted", rule: .notMeasured(task: "walk", value: "steps", days: 8)),
        ])
    }

    @Test func aStudyWithoutTheNewKeysHasNoProtocolAndNoFlags() throws {
        let study = try #require(load("").study)
        #expect(study.protocolApproval == nil)
        #expect(study.flags == [])
    }

    @Test func aProtocolNeedsItsNumberAndItsBoard() {
        #expect(load("protocol: { number: REB-1 }").diagnostics == [
            "study.yaml:5:11: error: protocol is missing 'board'",
        ])
        #expect(load("protocol: REB-1").diagnostics == [
            "study.yaml:5:11: error: protocol must be a mapping of keys to values",
        ])
    }

    @Test func aFlagNeedsExactlyOneRuleAndALabelOfItsOwn() {
        #expect(load("""
            flags:
              - { label: Something }
              - { silentDays: 2, above: 3, label: Both }
              - { silentDays: 2, task: walk, label: Silent walk }
              - { task: walk, above: 3, label: No value }
              - { silentDays: 0, label: Never }
              - { silentDays: 2, label: Quiet }
              - { silentDays: 3, label: Quiet }
            """).diagnostics == [
            "study.yaml:6:5: error: a flag needs a rule: 'above' or 'below' a number, 'dropBy' a number, or "
                + "'notMeasuredDays', each with 'task' and 'value' (or 'score'); or 'silentDays' alone",
            "study.yaml:7:22: error: a flag has one rule; give only one of above, below, dropBy, notMeasuredDays and silentDays",
            "study.yaml:8:22: error: silentDays counts days without an answer to any task, so it takes no 'task'",
            "study.yaml:9:5: error: a flag with above needs 'value', the form item it reads, or 'score', the score",
            "study.yaml:10:19: error: silentDays must be from 1 to 36500, not 0",
            "study.yaml:12:29: error: two flags have the label 'Quiet'; each flag needs a label of its own",
        ])
    }

    @Test func aFlagMustNameARealTaskAndFormItemAndCompareOnlyNumbers() {
        #expect(load("""
            flags:
              - { task: run, value: steps, above: 3, label: Run }
              - { task: walk, value: distance, notMeasuredDays: 3, label: Distance }
              - { task: walk, value: steps, above: many, label: Many }
            """).diagnostics == [
            "study.yaml:6:13: error: no task 'run'; known: join, walk",
            "study.yaml:7:26: error: the task 'walk' has no form item 'distance'; known: outside, steps",
            "study.yaml:8:40: error: above must be a number, not 'many'",
        ])
        #expect(load("""
            flags:
              - { task: walk, value: outside, below: 1, label: Indoors }
            """).diagnostics.isEmpty)
    }
}
