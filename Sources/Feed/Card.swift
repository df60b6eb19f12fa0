import CareModel

/// One event of a task on the feed's day, and where it stands.
public struct Card: Hashable, Sendable {
    public var taskID: String
    public var title: String
    public var event: ScheduledEvent
    public var state: CardState
    /// True on days before today: nothing on the card can change.
    public var isLocked: Bool
    /// How the card works, as its task's kind says: a survey, a one-tap
    /// task, a checklist or a log.
    public var kind: CardKind
    /// The feed day the card is on: its event's day, or a later day of its window.
    public var day: LocalDate
}

/// Where a card stands: answered, open today, missed, or still to come.
public enum CardState: Hashable, Sendable {
    /// Answered; the outcome holds the answers to show.
    case completed(Outcome)
    /// Today and not yet answered: the participant can begin.
    case open
    /// A past day's event with no answer.
    case missed
    /// A future day's event: shown, disabled, opening on its day.
    case upcoming

    public var name: String {
        switch self {
        case .completed: "completed"
        case .open: "open"
        case .missed: "missed"
        case .upcoming: "upcoming"
        }
    }
}
