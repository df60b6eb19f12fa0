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
    /// The name of the visit its one event is ("Week 6"), in words; nil
    /// for an element without one, whose events are numbered.
    public var visit: String?

    public init(start: ScheduleAnchor = .enrollment(plusDays: 0), end: ScheduleAnchor? = nil,
                interval: ScheduleInterval? = .days(1), weekdays: [Weekday]? = nil, time: TimeOfDay = .allDay,
                duration: ScheduleDuration = .hours(1), text: String? = nil, window: Int? = nil, visit: String? = nil) {
        self.start = start
        self.end = end
        self.interval = interval
        self.weekdays = weekdays
        self.time = time
        self.duration = duration
        self.text = text
        self.window = window
        self.visit = visit
    }

    /// The days, within `from ..< to`, on which this element has events.
    func days(_ dates: ScheduleDates, from: LocalDate, to: LocalDate) -> [LocalDate] {
        guard let rule = recurrence(dates), let limit = limit(dates, before: to), from < limit else { return [] }
        return (rule.count(before: from)..<max(rule.count(before: from), rule.count(before: limit))).map(rule.day)
    }

    /// How many events start on days before `day`.
    func count(_ dates: ScheduleDates, before day: LocalDate) -> Int {
        guard let rule = recurrence(dates), let limit = limit(dates, before: day) else { return 0 }
        return rule.count(before: limit) * time.eventsPerDay
    }

    /// `day`, or the element's end if that comes first; nil while the date
    /// the end counts from is not known, when the element has no events.
    private func limit(_ dates: ScheduleDates, before day: LocalDate) -> LocalDate? {
        guard let end else { return day }
        return end.day(dates).map { min(day, $0) }
    }

    /// The event days of this element for a participant's dates, without its
    /// end; nil while the date it starts from is not known.
    func recurrence(_ dates: ScheduleDates) -> Recurrence? {
        guard let first = start.day(dates) else { return nil }
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
    func intervals(on day: LocalDate, in clock: inout WallClock) -> [(start: Date, end: Date)] {
        switch time {
        case .allDay:
            return [(clock.instant(of: day, at: .midnight), clock.instant(of: day.adding(days: 1), at: .midnight))]
        case .at(let time):
            return [timed(day, time, &clock)]
        case .times(let times):
            return times.map { timed(day, $0, &clock) }
        }
    }

    private func timed(_ day: LocalDate, _ time: LocalTime, _ clock: inout WallClock) -> (start: Date, end: Date) {
        let start = clock.instant(of: day, at: time)
        return (start, start.addingTimeInterval(TimeInterval(duration.seconds)))
    }
}

/// Where an element begins or ends: relative to the participant's enrollment
/// day, a fixed calendar date, or a date of the participant's own (their
/// surgery), before or after it.
public enum ScheduleAnchor: Hashable, Sendable, Codable, CustomStringConvertible {
    case enrollment(plusDays: Int)
    case date(LocalDate)
    /// `surgery - 7 days`: the id of a date of `study.yaml`'s `dates`, and days from it.
    case participantDate(String, plusDays: Int)

    /// The day for a participant's dates; nil while the date it counts from is not known.
    public func day(_ dates: ScheduleDates) -> LocalDate? {
        switch self {
        case .enrollment(let days): dates.enrollment.adding(days: days)
        case .date(let date): date
        case .participantDate(let id, let days): dates.named[id]?.adding(days: days)
        }
    }

    /// The participant's date this counts from, if it is one.
    public var participantDate: String? {
        if case .participantDate(let id, _) = self { id } else { nil }
    }

    public var description: String {
        switch self {
        case .enrollment(0): "enrollment"
        case .enrollment(let days): "enrollment + \(days) \(days == 1 ? "day" : "days")"
        case .date(let date): date.description
        case .participantDate(let id, 0): id
        case .participantDate(let id, let days):
            "\(id) \(days < 0 ? "-" : "+") \(abs(days)) \(abs(days) == 1 ? "day" : "days")"
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
