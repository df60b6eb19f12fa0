import Content
import Foundation
import Testing
import TestSupport

/// A study written from a description of the content format by someone who
/// never read this checker: it must check clean, and its broken copy must
/// fail at exactly the lines its author listed in `EXPECTED`.
@Suite struct IndependentStudyTests {
    static let studies = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Studies").path

    @Test func theSleepClinicStudyChecksClean() throws {
        let result = ContentLoader.load(directory: Self.studies + "/sleep-clinic/content", publicDirectory: TestStudy.publicFolder)
        #expect(result.errors.map(\.description) == [])
        let study = try #require(result.study)
        #expect(study.timeZone.identifier == "Australia/Sydney")
        #expect(study.tasks.count == 11)
    }

    @Test func itsBrokenCopyFailsAtEveryListedLineAndNowhereElse() throws {
        let content = Self.studies + "/sleep-clinic-broken/content"
        let expected = try String(contentsOfFile: Self.studies + "/sleep-clinic-broken/EXPECTED", encoding: .utf8)
            .split(separator: "\n")
            .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let result = ContentLoader.load(directory: content, publicDirectory: TestStudy.publicFolder)
        let found = result.errors.map { error in
            error.file.replacingOccurrences(of: content + "/", with: "") + ":" + (error.line.map(String.init) ?? "?")
        }
        #expect(found.sorted() == expected.sorted())
        #expect(result.study == nil)
    }
}
