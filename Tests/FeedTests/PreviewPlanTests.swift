import CareModel
import Content
import Foundation
import StudyModel
import Testing
import TestSupport

/// The editor's preview participant sees a changed task at once, today
/// included; everyone else sees it from the day the store says it governs.
@Suite struct PreviewPlanTests {
    let today = Fixtures.date("2026-03-09")

    /// Recover with its check-in retitled at `recordedAt`: version 2 governs from tomorrow.
    func plan(recordedAt: Date = Date()) throws -> (plan: CarePlan, taskID: String) {
        var study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        let index = try #require(study.tasks.firstIndex { !$0.isOnboarding && $0.survey.count > 0 })
        let original = study.tasks[index]
        study.tasks[index].title = "Your morning, in a few taps"
        let versions = [
            TaskVersion(taskID: original.id, version: 1, effectiveFrom: nil, definition: original.definition, recordedAt: Date()),
            TaskVersion(taskID: original.id, version: 2, effectiveFrom: today.adding(days: 1),
                        definition: study.tasks[index].definition, recordedAt: recordedAt),
        ]
        return (try CarePlan(study: study, versions: versions), original.id)
    }

    func versions(_ plan: CarePlan, _ taskID: String, on days: [LocalDate]) throws -> [Int] {
        let task = try #require(plan.tasks.first { $0.id == taskID })
        return days.compactMap { day in
            task.timeline.events(enrolledOn: Fixtures.date("2026-03-01"), in: plan.study.timeZone, from: day,
                                 to: day.adding(days: 1)).first?.version
        }
    }

    @Test func thePreviewSeesTheEditTodayAndParticipantsFromTomorrow() throws {
        let (plan, taskID) = try plan()
        let days = [today.adding(days: -1), today, today.adding(days: 1)]
        #expect(try versions(plan, taskID, on: days) == [1, 1, 2])
        let preview = plan.previewing(from: today)
        #expect(try versions(preview, taskID, on: days) == [1, 2, 2], "yesterday keeps its version")
        #expect(preview.task(taskID, version: 2)?.title == "Your morning, in a few taps")
        #expect(plan.task(taskID, version: 1)?.title != "Your morning, in a few taps")
    }

    @Test func theDaysKeepTheirVersionsFromOneDayOfThePreviewToTheNext() throws {
        let (plan, taskID) = try plan(recordedAt: Fixtures.instant("2026-03-09T12:00:00Z"))
        let days = [today.adding(days: -1), today, today.adding(days: 1)]
        #expect(try versions(plan.previewing(from: today), taskID, on: days) == [1, 2, 2])
        #expect(try versions(plan.previewing(from: today.adding(days: 1)), taskID, on: days) == [1, 2, 2],
                "the edit governs the preview from the day it was made, on the next day too")
    }

    @Test func aPlanWithNothingPendingIsTheSameInThePreview() throws {
        let (plan, taskID) = try plan()
        let later = today.adding(days: 5)
        #expect(try versions(plan.previewing(from: later), taskID, on: [later]) == [2])
        let unversioned = CarePlan(study: plan.study).previewing(from: today)
        #expect(try versions(unversioned, taskID, on: [today]) == [1])
    }
}
