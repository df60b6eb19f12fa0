import CareModel
import Foundation
import TestSupport

extension Outcome {
    /// Recover's knee function, answered on the study's first day: eight
    /// answers of 1, trust 3 (counted as 1), no locking (so its follow-up is
    /// not shown) and night pain declined.
    static func kneeFunction(createdAt created: Date) -> Outcome {
        let answers: [(String, OutcomeValue.Value)] = [
            ("painOften", .text("1")), ("painStairs", .text("1")), ("painNight", .preferNotToAnswer), ("stiffMorning", .text("1")),
            ("stiffLater", .text("1")), ("locking", .boolean(false)), ("rising", .text("1")), ("walking", .text("1")),
            ("socks", .text("1")), ("trust", .text("3")),
        ]
        return Outcome(id: 1, participantID: "p1", taskID: "kneeFunction", taskVersion: 1, occurrence: 0,
                       eventDay: Fixtures.date("2026-03-01"), eventStart: Fixtures.instant("2026-03-01T05:00:00Z"),
                       eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"),
                       values: answers.map { OutcomeValue(kind: $0.0, value: $0.1) }, createdAt: created)
    }
}
