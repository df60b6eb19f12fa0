import CareModel
import StudyModel

/// A flag of `study.yaml` as it stands for one participant on their today:
/// raised, with what raised it, or not checked because it reads a value the
/// participant does not share. A flag that is not raised is not listed.
public struct ParticipantFlag: Hashable, Sendable, Codable {
    public enum State: Hashable, Sendable, Codable {
        /// The latest answer, given on `day`, is above or below the flag's threshold.
        case value(Double, unit: String?, day: LocalDate)
        /// No answer since `last` (nil: none since enrollment) though one
        /// was due; `days` is the calendar days from that day to today, the
        /// same count as the index's last answer ("4 days ago").
        case quiet(days: Int, last: LocalDate?)
        /// The participant declined to share the value: the flag is not checked.
        case notShared
        /// The participant has not answered whether to share the value: not checked either.
        case notChosen
        /// A task's alert, raised by the latest answer to the task, of `day`'s event.
        case alert(day: LocalDate)
        /// The latest visit of a task that counts toward adherence whose
        /// window is over was not answered; its window's last day.
        case visitNotAnswered(lastDay: LocalDate)
    }

    public var label: String
    public var state: State

    public init(label: String, state: State) {
        self.label = label
        self.state = state
    }

    public var isRaised: Bool { state != .notShared && state != .notChosen }

    /// Whether a task's alert raised it, rather than one of the study's flags.
    public var isAlert: Bool {
        if case .alert = state { true } else { false }
    }

    /// Not checked, because of what the participant chose or has not chosen yet.
    static func unchecked(_ label: String, _ reason: Sharing.Withholding) -> ParticipantFlag {
        ParticipantFlag(label: label, state: reason == .declined ? .notShared : .notChosen)
    }

    /// The study's flags as they stand for `feed`'s participant on its today,
    /// in the order the study lists them.
    ///
    /// Only `outcomes` count, which hold only the values the participant
    /// shares; a flag on a value they do not share is `notShared`, never
    /// raised. A day-count rule counts whole days before today (today is
    /// still open) and is raised only when an answer fell due in them and
    /// the task (for silence, any task) is still scheduled today or later:
    /// once a schedule has ended nothing the participant does can clear the
    /// flag, so it is not raised; the missed days stay visible as gaps on
    /// Insights and in adherence. Until a participant has
    /// joined, only the rule on days without answers applies, as nothing of
    /// theirs can be shared yet; a withdrawn participant raises nothing, as
    /// nothing is asked of them.
    public static func check(_ flags: [StudyFlag], feed: ParticipantFeed, outcomes: [Outcome],
                             sharing: Sharing) -> [ParticipantFlag] {
        let today = feed.today
        guard !feed.isWithdrawn(on: today), feed.participant.enrolledOn <= today else { return [] }
        let joined = feed.isOnboarded(on: today)
        let live = outcomes.filter { !$0.isDeleted && $0.participantID == feed.participant.id && $0.eventDay <= today }
        return flags.compactMap { flag -> ParticipantFlag? in
            if case .silent = flag.rule {} else if !joined { return nil }
            switch flag.rule {
            case .above(let task, let value, let threshold), .below(let task, let value, let threshold):
                if let reason = sharing.withholding(taskID: task, kind: value) { return unchecked(flag.label, reason) }
                let answered = live.filter { $0.taskID == task && $0.value(value)?.value.number != nil }
                    .max { ($0.eventDay, $0.eventStart) < ($1.eventDay, $1.eventStart) }
                guard let answered, let latest = answered.value(value), let number = latest.value.number else { return nil }
                let isAbove = if case .above = flag.rule { true } else { false }
                guard isAbove ? number > threshold : number < threshold else { return nil }
                return ParticipantFlag(label: flag.label, state: .value(number, unit: latest.unit, day: answered.eventDay))
            case .dropBy(let task, let value, let amount):
                if let reason = sharing.withholding(taskID: task, kind: value) { return unchecked(flag.label, reason) }
                let answered = live.filter { $0.taskID == task && $0.value(value)?.value.number != nil }
                    .sorted { ($0.eventDay, $0.eventStart) < ($1.eventDay, $1.eventStart) }
                guard answered.count > 1, let first = answered.first?.value(value)?.value.number,
                      let latestOutcome = answered.last, let latest = latestOutcome.value(value),
                      let number = latest.value.number, first - number >= amount else { return nil }
                return ParticipantFlag(label: flag.label, state: .value(number, unit: latest.unit, day: latestOutcome.eventDay))
            case .notMeasured(let task, let value, let days):
                if let reason = sharing.withholding(taskID: task, kind: value) { return unchecked(flag.label, reason) }
                let last = live.filter { $0.taskID == task && $0.value(value) != nil }.map(\.eventDay).max()
                return quiet(since: last, days: days, feed: feed, task: task).map { ParticipantFlag(label: flag.label, state: $0) }
            case .silent(let days):
                let last = live.map(\.eventDay).max()
                return quiet(since: last, days: days, feed: feed, task: nil).map { ParticipantFlag(label: flag.label, state: $0) }
            }
        }
    }

    /// The alerts of the study's tasks that the latest answer to each task
    /// raises, in task and then alert order: one stands until a later
    /// answer to the task no longer meets its condition. `outcomes` hold
    /// only the values the participant shares, so a value they do not share
    /// raises nothing; a withdrawn participant raises nothing.
    public static func alerts(_ study: Study, feed: ParticipantFeed, outcomes: [Outcome]) -> [ParticipantFlag] {
        guard !feed.isWithdrawn(on: feed.today) else { return [] }
        return study.tasks.filter { $0.alerts != nil }.flatMap { task -> [ParticipantFlag] in
            let latest = outcomes.filter { !$0.isDeleted && $0.taskID == task.id && $0.eventDay <= feed.today }
                .max { ($0.eventDay, $0.eventStart, $0.id) < ($1.eventDay, $1.eventStart, $1.id) }
            guard let latest else { return [] }
            return (task.alerts ?? []).filter { $0.isRaised(by: latest, of: task) }
                .map { ParticipantFlag(label: $0.label, state: .alert(day: latest.eventDay)) }
        }
    }

    /// For each task that counts toward adherence, its latest visit whose
    /// window is over, when it was not answered: named by the task and the
    /// visit. It stands until a later visit of the task is over.
    public static func missedVisits(_ feed: ParticipantFeed) -> [ParticipantFlag] {
        guard !feed.isWithdrawn(on: feed.today), feed.isOnboarded(on: feed.today) else { return [] }
        let participant = feed.participant
        return feed.tasks.filter(\.impactsAdherence).compactMap { task -> ParticipantFlag? in
            guard task.timeline.hasVisits else { return nil }
            let over = feed.events(of: task, from: participant.enrolledOn.adding(days: -FeedBounds.yearAhead), to: feed.today)
                .filter { $0.visit != nil && $0.lastDay < feed.today }
            guard let latest = over.last, let visit = latest.visit, feed.status(of: latest, task: task) == .missed else { return nil }
            return ParticipantFlag(label: "\(task.title) · \(visit)", state: .visitNotAnswered(lastDay: latest.lastDay))
        }
    }

    /// `.quiet` when at least `days` whole days before today passed since
    /// `last` (or since enrollment), an event of `task` (of any task when
    /// nil) fell due in them, and one is still to come from today on.
    /// The one rule for how long a participant has been silent: whole days
    /// from the day after the event day of their last answer (from enrolment
    /// when they have none) to today. A silence flag and the overview's
    /// "lost to follow-up" both count it.
    public static func silentDays(lastAnswer last: LocalDate?, participant: Participant, today: LocalDate) -> Int {
        (last?.adding(days: 1) ?? participant.enrolledOn).days(to: today)
    }

    private static func quiet(since last: LocalDate?, days: Int, feed: ParticipantFeed, task: String?) -> State? {
        let start = last?.adding(days: 1) ?? feed.participant.enrolledOn
        guard silentDays(lastAnswer: last, participant: feed.participant, today: feed.today) >= days else { return nil }
        let scheduled = feed.tasks.contains { candidate in
            !candidate.isOnboarding && (task == nil || candidate.id == task)
                && candidate.timeline.hasEvents(feed.participant.scheduleDates, onOrAfter: feed.today)
        }
        guard scheduled else { return nil }
        let due = feed.cards(from: start, to: feed.today).values.contains { cards in
            // A log is taken as needed: a day it was offered asked for nothing.
            cards.contains { (task == nil || $0.taskID == task) && $0.tally.total > 0 }
        }
        return due ? .quiet(days: (last ?? feed.participant.enrolledOn).days(to: feed.today), last: last) : nil
    }
}
