import CareModel
import StudyModel

/// What became of a scheduled event by the participant's today: the one
/// rule the day feed's cards, the data package's events and the overview's
/// adherence read.
public enum EventStatus: String, CaseIterable, Sendable {
    /// Answered on its own day.
    case done
    /// Answered on a later day of its window.
    case doneLate = "done late"
    /// Not answered, and it can still be: today is in its window.
    case open
    /// Not answered, and its last day has passed (or a withdrawal ended its window).
    case missed
    /// Its day has not come.
    case notYetDue = "not yet due"
    /// Its last day came before the participant joined: it was never offered.
    case beforeJoining = "before joining"
    /// Its day came after the participant withdrew.
    case afterWithdrawal = "after withdrawal"

    /// Whether it counts toward adherence, for a task that does: done, late or not, or missed.
    public var isDue: Bool {
        switch self {
        case .done, .doneLate, .missed: true
        case .open, .notYetDue, .beforeJoining, .afterWithdrawal: false
        }
    }
}

extension ParticipantFeed {
    /// What became of `event` of `task` by today. The onboarding task's
    /// own events are how a participant joins: never before joining.
    public func status(of event: ScheduledEvent, task: PlannedTask) -> EventStatus {
        let event = cutByWithdrawal(event)
        if let answer = outcome(taskID: task.id, occurrence: event.occurrence) {
            return answeredDay(answer, event) > event.day ? .doneLate : .done
        }
        if !task.isOnboarding, !isOnboarded(on: event.lastDay) { return .beforeJoining }
        if isWithdrawn(on: event.day) { return .afterWithdrawal }
        if event.lastDay < today { return .missed }
        return event.day <= today ? .open : .notYetDue
    }

    /// The events on the days `from` through `through` of the tasks that
    /// count toward adherence, those due by today (`EventStatus.isDue`) and
    /// how many of them were done: the rule the index, the overview and the
    /// data package's events.csv count by. Nil when none was due.
    public func adherence(ofEventsFrom from: LocalDate, through: LocalDate) -> AdherenceRing? {
        adherence(ofRanges: [(from, through)])[0]
    }

    /// `adherence(ofEventsFrom:through:)` of each range, from one pass over
    /// the events of them all: the overview asks it of every study week.
    /// A range that ends before it starts has none.
    public func adherence(ofRanges ranges: [(from: LocalDate, through: LocalDate)]) -> [AdherenceRing?] {
        let spanned = ranges.filter { $0.from <= $0.through }
        guard let from = spanned.map(\.from).min(), let through = spanned.map(\.through).max() else {
            return Array(repeating: nil, count: ranges.count)
        }
        var completed = Array(repeating: 0, count: ranges.count), total = completed
        for task in tasks where task.impactsAdherence && !task.isOnboarding && task.kind != .log {
            for event in events(of: task, from: from, to: through.adding(days: 1)) {
                let status = status(of: event, task: task)
                guard status.isDue else { continue }
                for (index, range) in ranges.enumerated() where range.from <= event.day && event.day <= range.through {
                    total[index] += 1
                    if status != .missed { completed[index] += 1 }
                }
            }
        }
        return zip(completed, total).map { $1 > 0 ? AdherenceRing(completed: $0, total: $1) : nil }
    }

    /// `event` as a withdrawal leaves it: a window is over the day before, missed then, not lost.
    func cutByWithdrawal(_ event: ScheduledEvent) -> ScheduledEvent {
        guard let withdrawnOn, event.lastDay >= withdrawnOn else { return event }
        var cut = event
        cut.lastDay = max(event.day, withdrawnOn.adding(days: -1))
        return cut
    }

    /// The participant's day on which `answer` was given, within its event's
    /// window; an answer given in a preview of a fixed today was given on it.
    func answeredDay(_ answer: Outcome, _ event: ScheduledEvent) -> LocalDate {
        min(max(min(participant.timeZone.localDate(of: answer.createdAt), today), event.day), event.lastDay)
    }
}
