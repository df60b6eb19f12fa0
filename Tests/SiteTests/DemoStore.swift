import CareModel
import CareStore
import Content
import Demo
import Foundation
import StudyModel
import Testing
import TestSupport

/// The test study in a store of its own, its task versions recorded on
/// `today`, with a demo's participants and answers: what a site is built from.
struct DemoStore {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let today: LocalDate

    /// - Parameter content: the study's content; Recover's (`Repository.content`) for a test of Recover itself.
    init(participants: Int, days: Int, seed: UInt64, today: LocalDate = Fixtures.date("2026-03-20"),
         content: String = TestStudy.content) throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        study = try #require(ContentLoader.load(directory: content, publicDirectory: TestStudy.publicFolder).study)
        self.today = today
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: today, at: Date())
        }
        let demo = DemoStudy(plan: try plan(), participants: participants, days: days, seed: seed, today: today)
        try store.addBatch(participants: demo.participants, consentRecords: demo.consentRecords,
                           permissionGrants: demo.permissionGrants, outcomes: demo.outcomes)
        for withdrawal in demo.withdrawals {
            try store.withdraw(withdrawal)
        }
    }

    /// The plan of the store's recorded versions.
    func plan() throws -> CarePlan {
        try CarePlan(study: study, versions: try store.taskVersions())
    }
}
