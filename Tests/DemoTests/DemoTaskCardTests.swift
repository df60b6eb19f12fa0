import CareModel
import Content
import Demo
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// The demo's participants tap their cards as the participant would: doses
/// logged as needed, each entry its own occurrence, fewer as the weeks go
/// by; icing boxes and exercises done with the one value a tap stores.
@Suite struct DemoTaskCardTests {
    let demo: DemoStudy

    init() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        demo = DemoStudy(plan: CarePlan(study: study), participants: 6, days: 42, seed: 7,
                         today: Fixtures.date("2026-11-30"))
    }

    @Test func dosesAreLoggedAsNumberedEntriesOfTheirDaysOccurrenceAtTheirOwnTime() throws {
        let doses = demo.outcomes.filter { $0.outcome.taskID == "painMedicine" }
        #expect(doses.count > 20)
        #expect(doses.allSatisfy { $0.outcome.values == [OutcomeValue(kind: "logged", value: .boolean(true))] })
        #expect(doses.allSatisfy { $0.outcome.event.start == $0.createdAt && $0.outcome.event.end == $0.createdAt })
        let keys = doses.map { "\($0.outcome.participantID)/\($0.outcome.event.occurrence)/\($0.outcome.entry ?? -1)" }
        #expect(Set(keys).count == keys.count, "at most one live outcome per occurrence and entry")
        for (_, day) in Dictionary(grouping: doses, by: { "\($0.outcome.participantID) \($0.outcome.event.day)" }) {
            #expect(Set(day.map(\.outcome.event.occurrence)).count == 1, "a day's entries share its occurrence")
            #expect(day.map { $0.outcome.entry } == Array(0..<day.count), "numbered from 0 in the order logged")
        }
    }

    @Test func tapsStoreTheirOneValue() {
        for task in ["iceKnee", "exercises"] {
            let taps = demo.outcomes.filter { $0.outcome.taskID == task }
            #expect(!taps.isEmpty, "\(task)")
            #expect(taps.allSatisfy { $0.outcome.values == [OutcomeValue(kind: "done", value: .boolean(true))] }, "\(task)")
        }
    }
}
