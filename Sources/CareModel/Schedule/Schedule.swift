import Foundation

/// When a task happens: one or more elements, as in a CareKit `OCKSchedule`.
public struct Schedule: Hashable, Sendable, Codable {
    public var elements: [ScheduleElement]

    public init(_ elements: [ScheduleElement]) {
        self.elements = elements
    }

    /// The events that start on the local days `from ..< to` for a participant
    /// enrolled on `enrollment`, in `zone`, in start order.
    ///
    /// Occurrence numbers run across all elements in start order and do not
    /// depend on the range asked for: event *k* is the same event whichever
    /// days are listed.
    public func events(enrolledOn enrollment: LocalDate, in zone: TimeZone,
                       from: LocalDate, to: LocalDate, version: Int = 1) -> [ScheduledEvent] {
        guard from < to else { return [] }
        let base = count(enrolledOn: enrollment, before: from)
        var events: [ScheduledEvent] = []
        for (index, element) in elements.enumerated() {
            for day in element.days(enrolledOn: enrollment, from: from, to: to) {
                let (start, end) = element.interval(on: day, in: zone)
                events.append(ScheduledEvent(element: index, occurrence: 0, version: version, day: day,
                                             start: start, end: end, isAllDay: element.time == .allDay,
                                             text: element.text))
            }
        }
        events.sort { ($0.start, $0.element, $0.day) < ($1.start, $1.element, $1.day) }
        for index in events.indices {
            events[index].occurrence = base + index
        }
        return events
    }

    /// How many events of all elements start on days before `day`.
    public func count(enrolledOn enrollment: LocalDate, before day: LocalDate) -> Int {
        elements.reduce(0) { $0 + $1.count(enrolledOn: enrollment, before: day) }
    }
}

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

/// One event of a task's schedule for one participant.
public struct ScheduledEvent: Hashable, Sendable {
    /// Index of the schedule element that made it.
    public var element: Int
    /// Position among all the task's events, from 0, across elements and versions.
    public var occurrence: Int
    /// The task version whose schedule made it.
    public var version: Int
    /// The local day on which it starts, which is the day it belongs to.
    public var day: LocalDate
    public var start: Date
    public var end: Date
    public var isAllDay: Bool
    public var text: String?
}
