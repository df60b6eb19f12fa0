import Foundation

/// One repeating rule of a schedule: from `start`, every `interval` (on the
/// given weekdays of those weeks, where it names them), until the exclusive
/// `end`, at one or more wall-clock times or all day.
public struct ScheduleElement: Hashable, Sendable, Codable {
    public var start: ScheduleAnchor
    /// Exclusive: no event starts on this day or later.
    public var end: ScheduleAnchor?
    /// Nil for a single event on the start day.
    public var interval: ScheduleInterval?
    /// With an interval of weeks: the weekdays of every `interval` weeks,
    /// counted from the week (Sunday to Saturday) of `start`, on which events
    /// fall; nil for one event day every `interval`. In week order, each once.
    public var weekdays: [Weekday]?
    public var time: TimeOfDay
    /// Ignored for all-day events, which cover their local calendar day.
    public var duration: ScheduleDuration
    public var text: String?
    /// How many days, from its own, each event can be answered on, as a
    /// visit window; nil for its own day only.
    public var window: Int?

    public init(start: ScheduleAnchor = .enrollment(plusDays: 0), end: ScheduleAnchor? = nil,
                interval: ScheduleInterval? = .days(1), weekdays: [Weekday]? = nil, time: TimeOfDay = .allDay,
                duration: ScheduleDuration = .hours(1), text: String? = nil, window: Int? = nil) {
        self.start = start
        self.end = end
        self.interval = interval
        self.weekdays = weekdays
        self.time = time
        self.duration = duration
        self.text = text
        self.window = window
    }

    /// The days, within `from ..< to`, on which this element has events.
    func days(enrolledOn enrollment: LocalDate, from: LocalDate, to: LocalDate) -> [LocalDate] {
        let rule = recurrence(enrolledOn: enrollment)
        let limit = min(to, end?.day(enrolledOn: enrollment) ?? to)
        guard from < limit else { return [] }
        return (rule.count(before: from)..<max(rule.count(before: from), rule.count(before: limit))).map(rule.day)
    }

    /// How many events start on days before `day`.
    func count(enrolledOn enrollment: LocalDate, before day: LocalDate) -> Int {
        let limit = min(day, end?.day(enrolledOn: enrollment) ?? day)
        return recurrence(enrolledOn: enrollment).count(before: limit) * time.eventsPerDay
    }

    /// The event days of this element for one enrollment day, without its end.
    func recurrence(enrolledOn enrollment: LocalDate) -> Recurrence {
        let first = start.day(enrolledOn: enrollment)
        switch interval {
        case nil: return .once(first)
        case .days(let count): return .everyDays(first, step: count)
        case .weeks(let count):
            guard let weekdays else { return .everyDays(first, step: count * 7) }
            return .weekdays(first, weeks: count, days: Set(weekdays).sorted())
        case .months(let count): return .everyMonths(first, step: count)
        }
    }

    /// Start and end instants of each of the events on `day`, in time order.
    func intervals(on day: LocalDate, in zone: TimeZone) -> [(start: Date, end: Date)] {
        switch time {
        case .allDay:
            return [(zone.instant(of: day, at: .midnight), zone.instant(of: day.adding(days: 1), at: .midnight))]
        case .at(let clock):
            return [timed(day, clock, zone)]
        case .times(let clocks):
            return clocks.map { timed(day, $0, zone) }
        }
    }

    private func timed(_ day: LocalDate, _ clock: LocalTime, _ zone: TimeZone) -> (start: Date, end: Date) {
        let start = zone.instant(of: day, at: clock)
        return (start, start.addingTimeInterval(TimeInterval(duration.seconds)))
    }
}

/// Where an element begins or ends: relative to the participant's enrollment
/// day, or a fixed calendar date.
public enum ScheduleAnchor: Hashable, Sendable, Codable, CustomStringConvertible {
    case enrollment(plusDays: Int)
    case date(LocalDate)

    public func day(enrolledOn enrollment: LocalDate) -> LocalDate {
        switch self {
        case .enrollment(let days): enrollment.adding(days: days)
        case .date(let date): date
        }
    }

    public var description: String {
        switch self {
        case .enrollment(0): "enrollment"
        case .enrollment(let days): "enrollment + \(days) \(days == 1 ? "day" : "days")"
        case .date(let date): date.description
        }
    }
}

/// How far apart an element's events are, counted in local calendar days or
/// months.
public enum ScheduleInterval: Hashable, Sendable, Codable {
    case days(Int)
    case weeks(Int)
    /// The same day of the month, or the month's last day where that day
    /// does not exist.
    case months(Int)
}

/// A wall-clock start time, several of them, or the whole local calendar day.
public enum TimeOfDay: Hashable, Sendable, Codable {
    case at(LocalTime)
    case allDay
    /// Several events a day, one at each time: two or more, in time order.
    case times([LocalTime])

    var eventsPerDay: Int {
        if case .times(let clocks) = self { clocks.count } else { 1 }
    }
}

/// How long a timed event lasts, as elapsed time.
public enum ScheduleDuration: Hashable, Sendable, Codable {
    case minutes(Int)
    case hours(Int)

    public var seconds: Int {
        switch self {
        case .minutes(let count): count * 60
        case .hours(let count): count * 3600
        }
    }
}
