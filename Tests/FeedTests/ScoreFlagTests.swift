import CareModel
import Content
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// Recover's "Knee function dropped by 10 or more": the latest score
/// against the participant's first, each worked out from its answers.
@Suite struct ScoreFlagTests {
    let plan: CarePlan
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")

    init() throws {
        plan = CarePlan(study: try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study))
    }

    /// Every scored answer `level` (trust the other way round): a score of 100 − 25 × level.
    func visit(_ occurrence: Int, on day: String, level: Int, id: Int64) -> Outcome {
        let items = ["painOften", "painStairs", "painNight", "stiffMorning", "stiffLater", "rising", "walking", "socks"]
        let values = items.map { OutcomeValue(kind: $0, value: .text(String(level))) }
            + [OutcomeValue(kind: "locking", value: .boolean(false)), OutcomeValue(kind: "trust", value: .text(String(4 - level)))]
        let start = Fixtures.instant("\(day)T05:00:00Z")
        return plan.scored(Outcome(id: id, participantID: "p1", taskID: "kneeFunction", taskVersion: 1, occurrence: occurrence,
                                   eventDay: Fixtures.date(day), eventStart: start, eventEnd: start.addingTimeInterval(86_400),
                                   values: values, createdAt: start.addingTimeInterval(3600 * 12)))
    }

    func flags(_ visits: [Outcome], today: String) -> [ParticipantFlag] {
        let start = Fixtures.instant("2026-03-01T13:00:00Z")
        let joined = Outcome(id: 100, participantID: "p1", taskID: "onboarding", taskVersion: 1, occurrence: 0,
                             eventDay: Fixtures.date("2026-03-01"), eventStart: start, eventEnd: start, values: [], createdAt: start)
        let all = [joined] + visits
        let feed = plan.feed(for: participant, outcomes: all, today: Fixtures.date(today))
        return ParticipantFlag.check(plan.study.flags, feed: feed, outcomes: all, sharing: .everything)
            .filter { $0.label.hasPrefix("Knee function") }
    }

    @Test func aScoreTenOrMoreBelowTheFirstRaisesTheFlagWithTheLatest() {
        // 75 at the start, then 50 at week 2: 25 below.
        #expect(flags([visit(0, on: "2026-03-01", level: 1, id: 1), visit(1, on: "2026-03-15", level: 2, id: 2)], today: "2026-03-16")
                == [ParticipantFlag(label: "Knee function dropped by 10 or more", state: .value(50, unit: nil, day: Fixtures.date("2026-03-15")))])
    }

    @Test func oneScoreOrABetterOneRaisesNothing() {
        #expect(flags([visit(0, on: "2026-03-01", level: 2, id: 1)], today: "2026-03-16") == [])
        #expect(flags([visit(0, on: "2026-03-01", level: 2, id: 1), visit(1, on: "2026-03-15", level: 1, id: 2)], today: "2026-03-16") == [])
    }
}
