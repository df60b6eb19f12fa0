@testable import Commands
import CareModel
import CareStore
import Content
import Foundation
import StudyModel
import Testing
import TestSupport

/// The rules `import` holds a participant's file to, on values a crafted
/// file could hold but CareFeed never writes.
@Suite struct ImportCheckTests {
    @Test func aTextWithANulCharacterIsNoAnswer() throws {
        let folder = try StudyFolder()
        let study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study)
        let task = try #require(study.task("walk"))
        let check = ImportCheck(study: study, now: Fixtures.instant("2026-03-05T12:00:00Z"))
        #expect(check.problem(OutcomeValue(kind: "outside", value: .text("yes\0no")), in: task)
                == "outside holds a NUL character, which no answer holds")
        #expect(check.problem(OutcomeValue(kind: "outside", value: .boolean(true)), in: task) == nil)
        #expect(check.problem(OutcomeValue(kind: "steps", value: .boolean(true)), in: task) == "steps is yes, not a number")
    }
}
