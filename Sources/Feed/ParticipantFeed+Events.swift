import CareModel
import StudyModel
import Support

/// Where a participant's events are: the one rule the cards, each event's
/// status, adherence, visits, flags and exports read.
extension ParticipantFeed {
    /// The events of `task` that start on the local days `from ..< to`, in
    /// start order. A task that counts from a participant's own date (their
    /// surgery) has its events where the date puts them now, but those
    /// already answered where they were answered: when the date moves, only
    /// the events not yet answered move with it.
    public func events(of task: PlannedTask, from: LocalDate, to: LocalDate) -> [ScheduledEvent] {
        guard movable.contains(task.id) else {
            return task.timeline.events(participant.scheduleDates, in: participant.timeZone, from: from, to: to)
        }
        return placed.events(of: task.id) { placedEvents(task) }.filter { $0.day >= from && $0.day < to }
    }

    /// The day the participant's study was over: the day after the last of
    /// their events could be answered, once nothing is left for them by
    /// today; nil while something is, and for one who withdrew.
    public var finishedOn: LocalDate? {
        guard withdrawnOn == nil, isStudyFinished(on: today) else { return nil }
        let from = participant.enrolledOn.adding(days: -FeedBounds.yearAhead)
        let last = tasks.filter { !$0.isOnboarding }
            .compactMap { events(of: $0, from: from, to: today.adding(days: 1)).map(\.lastDay).max() }.max()
        return last.map { min($0.adding(days: 1), today) }
    }

    /// Every event of a movable task from a year before enrolment to a year
    /// past today, the answered ones at their answers' days.
    private func placedEvents(_ task: PlannedTask) -> [ScheduledEvent] {
        let from = participant.enrolledOn.adding(days: -FeedBounds.yearAhead)
        let to = max(today, participant.enrolledOn).adding(days: FeedBounds.yearAhead)
        var events = task.timeline.events(participant.scheduleDates, in: participant.timeZone, from: from, to: to)
        var answered = answeredOccurrences(of: task.id)
        events = events.map { event in
            guard let answer = answered.removeValue(forKey: event.occurrence), answer.eventDay != event.day else { return event }
            var kept = event
            kept.lastDay = answer.eventDay.adding(days: event.day.days(to: event.lastDay))
            kept.day = answer.eventDay
            kept.start = answer.eventStart
            kept.end = answer.eventEnd
            return kept
        }
        // An answered event the date moved out of these days is still where it was answered.
        events += answered.values.map { answer in
            ScheduledEvent(element: 0, occurrence: answer.occurrence, version: answer.taskVersion, day: answer.eventDay,
                           start: answer.eventStart, end: answer.eventEnd,
                           isAllDay: answer.eventEnd.timeIntervalSince(answer.eventStart) >= 23 * 3600, text: nil)
        }
        return events.sorted { ($0.start, $0.occurrence) < ($1.start, $1.occurrence) }
    }
}

/// A movable task's placed events, worked out at most once per feed.
final class PlacedEvents: Sendable {
    private let worked = Locked<[String: [ScheduledEvent]]>([:])

    func events(of task: String, _ work: () -> [ScheduledEvent]) -> [ScheduledEvent] {
        if let events = worked.update({ $0[task] }) { return events }
        let events = work()
        worked.update { $0[task] = events }
        return events
    }
}
