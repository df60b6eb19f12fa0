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
        events(ScheduleDates(enrollment: enrollment), in: zone, from: from, to: to, version: version)
    }

    /// The events that start on the local days `from ..< to` for a
    /// participant's dates, in `zone`, in start order: none of an element
    /// whose start or end counts from a date they do not have yet.
    public func events(_ dates: ScheduleDates, in zone: TimeZone,
                       from: LocalDate, to: LocalDate, version: Int = 1) -> [ScheduledEvent] {
        guard from < to else { return [] }
        let base = count(dates, before: from)
        var events: [ScheduledEvent] = []
        var orders: [(Int, Int, Int)] = []
        var clock = WallClock(zone, from: from, to: to)
        for (index, element) in elements.enumerated() {
            guard let elementStart = element.start.day(dates)?.ordinal else { continue }
            for day in element.days(dates, from: from, to: to) {
                for (slot, (start, end)) in element.intervals(on: day, in: &clock).enumerated() {
                    events.append(ScheduledEvent(element: index, occurrence: 0, version: version, day: day,
                                                 start: start, end: end, isAllDay: element.time == .allDay,
                                                 text: element.text, lastDay: day.adding(days: (element.window ?? 1) - 1),
                                                 visit: element.visit))
                    orders.append((elementStart, index, slot))
                }
            }
        }
        // Events that start at the same moment are numbered by their
        // elements: the one whose `start` day is earlier first, then the one
        // listed first; within one element (two times that a clock change
        // makes one), the earlier time first. Events can still tie: a day a
        // zone skipped (Apia's 2011-12-30) puts its times at the next day's
        // instants. Those keep the order they were made in, as the standard
        // library's sort keeps equal elements. One element's events come in
        // order already, and are not sorted again.
        let precedes = { (one: Int, other: Int) in
            (events[one].start, orders[one].0, orders[one].1, orders[one].2)
                < (events[other].start, orders[other].0, orders[other].1, orders[other].2)
        }
        if events.indices.dropFirst().contains(where: { !precedes($0 - 1, $0) }) {
            events = events.indices.sorted(by: precedes).map { events[$0] }
        }
        for index in events.indices {
            events[index].occurrence = base + index
        }
        return events
    }

    /// The longest window of its elements, in days: 1 without any.
    public var longestWindow: Int {
        elements.map { $0.window ?? 1 }.max() ?? 1
    }

    /// How many events of all elements start on days before `day`.
    public func count(enrolledOn enrollment: LocalDate, before day: LocalDate) -> Int {
        count(ScheduleDates(enrollment: enrollment), before: day)
    }

    public func count(_ dates: ScheduleDates, before day: LocalDate) -> Int {
        elements.reduce(0) { $0 + $1.count(dates, before: day) }
    }

    /// The participant's dates its elements count from, each once, in order.
    public var participantDates: [String] {
        var ids: [String] = []
        for element in elements {
            for id in [element.start.participantDate, element.end?.participantDate].compactMap({ $0 }) where !ids.contains(id) {
                ids.append(id)
            }
        }
        return ids
    }
}
