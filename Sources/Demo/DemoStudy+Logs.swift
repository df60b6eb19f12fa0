import CareModel
import StudyModel
import Feed
import Foundation

extension DemoStudy {
    /// Doses taken as needed on a day a log is offered: two or three a day
    /// at first, fewer as the knee heals, more in a setback; today, only
    /// the morning's; on the joining day, none before `joinedAt`.
    mutating func logDoses(_ participant: Participant, task: PlannedTask, offered: ScheduledEvent, setback: Bool,
                           today: LocalDate, joinedAt: Date, random: inout RandomSource) {
        let day = Double(participant.enrolledOn.days(to: offered.day))
        let expected = 2.8 * exp(-day / 12) + random.noise(0.7) + (setback && offered.day >= today.adding(days: -1) ? 2 : 0)
        var count = max(0, Int(expected.rounded()))
        if offered.day == today { count = min(count, 1) }
        // Hours from waking to bedtime, in order, at least two hours apart.
        let midnight = participant.timeZone.instant(of: offered.day, at: .midnight)
        var hour = max(7.0 + random.unit() * 2, joinedAt.timeIntervalSince(midnight) / 3600 + 0.25)
        for entry in 0..<count where hour < 23 {
            let instant = midnight.addingTimeInterval(hour * 3600)
            outcomes.append((NewOutcome(participantID: participant.id, taskID: task.id,
                                        event: LogEntries.event(offered: offered, at: instant), entry: entry,
                                        values: task.kind.tapValue.map { [$0] } ?? []),
                             instant))
            hour += 2 + random.unit() * 5
        }
    }
}
