import CareModel
import Foundation

/// One participant's feed for one local day, as the site and the server show it.
public struct FeedDay: Hashable, Sendable {
    public var participant: Participant
    public var day: LocalDate
    public var today: LocalDate
    /// False while the onboarding task has no outcome by this day: the feed
    /// then holds only the onboarding card.
    public var isOnboarded: Bool
    /// In event start order.
    public var cards: [Card]
    public var week: WeekStrip

    /// True only for today: the one day whose answers may be given or deleted.
    public var isEditable: Bool { day == today }
}

/// One event of a task on the feed's day, and where it stands.
public struct Card: Hashable, Sendable {
    public var taskID: String
    public var title: String
    public var event: ScheduledEvent
    public var state: CardState
    /// True on days before today: nothing on the card can change.
    public var isLocked: Bool
}

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

/// The seven days of the feed day's week, Sunday first, each with its ring.
public struct WeekStrip: Hashable, Sendable {
    public var days: [WeekDay]
}

public struct WeekDay: Hashable, Sendable {
    public var day: LocalDate
    /// Nil on a day with no events of tasks that count toward adherence:
    /// no ring, rather than a full or an empty one.
    public var ring: AdherenceRing?
}

/// The share of a day's adherence events that were completed.
public struct AdherenceRing: Hashable, Sendable {
    public var completed: Int
    public var total: Int

    public init(completed: Int, total: Int) {
        self.completed = completed
        self.total = total
    }

    public var fraction: Double {
        total == 0 ? 0 : Double(completed) / Double(total)
    }
}
