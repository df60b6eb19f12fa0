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
        var events: [(event: ScheduledEvent, order: (Int, Int, Int))] = []
        for (index, element) in elements.enumerated() {
            let elementStart = element.start.day(enrolledOn: enrollment).ordinal
            for day in element.days(enrolledOn: enrollment, from: from, to: to) {
                for (slot, (start, end)) in element.intervals(on: day, in: zone).enumerated() {
                    events.append((ScheduledEvent(element: index, occurrence: 0, version: version, day: day,
                                                  start: start, end: end, isAllDay: element.time == .allDay,
                                                  text: element.text, lastDay: day.adding(days: (element.window ?? 1) - 1)),
                                   (elementStart, index, slot)))
                }
            }
        }
        // Events that start at the same moment are numbered by their
        // elements: the one whose `start` day is earlier first, then the one
        // listed first; within one element (two times that a clock change
        // makes one), the earlier time first.
        events.sort { ($0.event.start, $0.order.0, $0.order.1, $0.order.2)
            < ($1.event.start, $1.order.0, $1.order.1, $1.order.2) }
        return events.enumerated().map { index, entry in
            var event = entry.event
            event.occurrence = base + index
            return event
        }
    }

    /// The longest window of its elements, in days: 1 without any.
    public var longestWindow: Int {
        elements.map { $0.window ?? 1 }.max() ?? 1
    }

    /// How many events of all elements start on days before `day`.
    public func count(enrolledOn enrollment: LocalDate, before day: LocalDate) -> Int {
        elements.reduce(0) { $0 + $1.count(enrolledOn: enrollment, before: day) }
    }
}
