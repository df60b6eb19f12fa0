import CareModel

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

/// How a day's ring reads in the week strip, besides how full it is.
public enum RingState: String, Hashable, Sendable {
    /// A day still to come: nothing can be done yet.
    case upcoming
    /// Today, still open.
    case today
    /// A past day with every counted event done.
    case done
    /// A past day with an event not done.
    case missed
}

extension AdherenceRing {
    /// The ring of `day`, seen on `today`.
    public func state(on day: LocalDate, today: LocalDate) -> RingState {
        if day > today { return .upcoming }
        if day == today { return .today }
        return completed >= total ? .done : .missed
    }
}
