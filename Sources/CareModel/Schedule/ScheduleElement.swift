import Foundation

/// One repeating rule of a schedule: from `start`, every `interval`, until
/// the exclusive `end`, at a wall-clock time or all day.
public struct ScheduleElement: Hashable, Sendable, Codable {
    public var start: ScheduleAnchor
    /// Exclusive: no event starts on this day or later.
    public var end: ScheduleAnchor?
    /// Nil for a single event on the start day.
    public var interval: ScheduleInterval?
    public var time: TimeOfDay
    /// Ignored for all-day events, which cover their local calendar day.
    public var duration: ScheduleDuration
    public var text: String?

    public init(start: ScheduleAnchor = .enrollment(plusDays: 0), end: ScheduleAnchor? = nil,
                interval: ScheduleInterval? = .days(1), time: TimeOfDay = .allDay,
                duration: ScheduleDuration = .hours(1), text: String? = nil) {
        self.start = start
        self.end = end
        self.interval = interval
        self.time = time
        self.duration = duration
        self.text = text
    }

    /// The days, within `from ..< to`, on which this element has an event.
    func days(enrolledOn enrollment: LocalDate, from: LocalDate, to: LocalDate) -> [LocalDate] {
        let first = start.day(enrolledOn: enrollment)
        let limit = min(to, end?.day(enrolledOn: enrollment) ?? to)
        guard first < limit else { return [] }
        guard let step = interval?.days else {
            return first >= from ? [first] : []
        }
        let skipped = first >= from ? 0 : (first.days(to: from) + step - 1) / step
        return stride(from: first.ordinal + skipped * step, to: limit.ordinal, by: step).map(LocalDate.init(ordinal:))
    }

    /// How many events start on days before `day`.
    func count(enrolledOn enrollment: LocalDate, before day: LocalDate) -> Int {
        let first = start.day(enrolledOn: enrollment)
        let limit = min(day, end?.day(enrolledOn: enrollment) ?? day)
        guard first < limit else { return 0 }
        guard let step = interval?.days else { return 1 }
        return (first.days(to: limit) + step - 1) / step
    }

    /// Start and end instants of the event on `day`.
    func interval(on day: LocalDate, in zone: TimeZone) -> (start: Date, end: Date) {
        switch time {
        case .allDay:
            return (zone.instant(of: day, at: .midnight), zone.instant(of: day.adding(days: 1), at: .midnight))
        case .at(let clock):
            let start = zone.instant(of: day, at: clock)
            return (start, start.addingTimeInterval(TimeInterval(duration.seconds)))
        }
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

/// How far apart an element's events are, counted in local calendar days.
public enum ScheduleInterval: Hashable, Sendable, Codable {
    case days(Int)
    case weeks(Int)

    public var days: Int {
        switch self {
        case .days(let count): count
        case .weeks(let count): count * 7
        }
    }
}

/// A wall-clock start time, or the whole local calendar day.
public enum TimeOfDay: Hashable, Sendable, Codable {
    case at(LocalTime)
    case allDay
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
