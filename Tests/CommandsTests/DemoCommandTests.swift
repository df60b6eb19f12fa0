import CareStore
import Foundation
import Testing
import TestSupport

/// `carefeed demo` simulates nothing still to come: the clinicians' site
/// never shows an answer after its own "data as of".
@Suite struct DemoCommandTests {
    @Test func withoutATodayNothingIsAnsweredAfterTheDemoRan() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        let run = Run("demo", "--store", store, "--participants", "6", "--days", "10")
        #expect(run.status == 0, "\(run.error)")
        let ran = Date()
        let opened = try CareStore(path: store)
        defer { opened.close() }
        let outcomes = try opened.outcomes()
        #expect(!outcomes.isEmpty)
        #expect(outcomes.allSatisfy { $0.createdAt <= ran }, "an answer at a time still to come")
        #expect(try opened.consentRecords().allSatisfy { $0.signedAt <= ran })
    }
}
