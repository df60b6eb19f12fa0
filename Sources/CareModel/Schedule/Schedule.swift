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
