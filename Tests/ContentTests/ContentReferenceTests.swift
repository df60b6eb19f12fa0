import CareModel
import Content
import Foundation
import Testing
import StudyModel

/// `docs/content.md`, the editor's reference, cannot drift from the reader:
/// every example in it is loaded into a small study, and gives exactly the
/// messages it states; every list of events is what its schedule makes.
/// `ReferenceDocument` says how the blocks are marked.
@Suite struct ContentReferenceTests {
    @Test func everyBlockOfTheReferenceSaysWhatItIs() {
        #expect(ReferenceDocument.blocks.count > 0, "no fenced blocks in \(ReferenceDocument.path)")
        for block in ReferenceDocument.blocks where !ReferenceDocument.isKnown(block) {
            let info = block.info.joined(separator: " ")
            Issue.record("\(block.location): the info string '\(info)' is none of yaml|markdown KIND [error], text events, text or sh")
        }
    }

    @Test func aBrokenExampleIsMarkedAndAGoodOneIsNot() {
        for example in ReferenceDocument.examples where example.isBroken == example.errors.isEmpty {
            Issue.record(example.isBroken
                ? "\(example.block.location): an 'error' example states no '# error: …' message"
                : "\(example.block.location): an example stating an error must be marked 'error' in its info string")
        }
    }

    @Test(arguments: ReferenceDocument.examples)
    func anExampleGivesExactlyTheMessagesItStates(_ example: ReferenceExample) throws {
        let study = try ReferenceStudy(example)
        let result = study.load()
        let errors = study.messages(result.errors)
        let warnings = study.messages(result.diagnostics.filter { $0.severity == .warning })
        #expect(errors.sorted() == example.errors.sorted(), "\(example.block.location): errors")
        #expect(warnings.sorted() == example.warnings.sorted(), "\(example.block.location): warnings")
        if !example.isBroken {
            #expect(result.study != nil, "\(example.block.location): the example does not load")
        }
    }

    @Test(arguments: ReferenceDocument.eventLists)
    func anEventListIsWhatItsScheduleMakes(_ list: ReferenceEvents) throws {
        guard let example = list.example, !example.isBroken else {
            Issue.record("\(list.block.location): a list of events must follow an example that loads")
            return
        }
        let study = try ReferenceStudy(example)
        let taskID = ReferenceStudy.taskID(example)
        guard let loaded = study.load().study, let schedule = loaded.task(taskID)?.schedule else {
            Issue.record("\(list.block.location): the example above it has no task '\(taskID)' that loads")
            return
        }
        switch list.compare(schedule, taskID: taskID, studyZone: loaded.timeZone) {
        case .failure(let error):
            Issue.record("\(list.block.location): \(error)")
        case .success(let (stated, made)):
            #expect(stated == made, "\(list.block.location): the events the schedule makes")
        }
    }

    @Test func anEventListsCommandIsReadAsWritten() throws {
        let command = try #require(ReferenceEvents.command(
            "$ carefeed schedule --task example --enrolled 2026-03-02 --from 2026-03-02 --to 2026-03-05 --timezone Europe/London"))
        #expect(command == ReferenceEvents.Command(task: "example", enrolled: LocalDate(iso: "2026-03-02")!,
                                                   from: LocalDate(iso: "2026-03-02")!, to: LocalDate(iso: "2026-03-05")!,
                                                   zone: TimeZone(identifier: "Europe/London")!))
        #expect(ReferenceEvents.command("$ carefeed schedule --task example --from 2026-03-02") == nil)
        #expect(ReferenceEvents.command("$ carefeed schedule --task example --enrolled 2026-03-02 --from 2026-03-02 "
                                        + "--to 2026-03-05 --timezone Mars/Olympus") == nil)
    }

    @Test func blocksAreFoundWithTheLineOfTheirFence() throws {
        let blocks = ReferenceDocument.parse("Text\n\n```yaml item error\n- id: x\n# error: no\n```\n\n```text\nplain\n```\n")
        #expect(blocks.map(\.line) == [3, 8])
        let example = try #require(ReferenceExample(blocks[0]))
        #expect(example.kind == .item)
        #expect(example.errors == ["no"])
        #expect(ReferenceExample(blocks[1]) == nil)
        #expect(!ReferenceDocument.isKnown(ReferenceBlock(line: 1, info: ["yaml"], text: "")))
    }
}
