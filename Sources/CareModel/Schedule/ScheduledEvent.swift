import Foundation

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
    /// The last day it can be answered on: its own day, or the last of its
    /// element's window.
    public var lastDay: LocalDate
    /// The visit it is ("Week 6"), when its element names one.
    public var visit: String?

    public init(element: Int, occurrence: Int, version: Int, day: LocalDate, start: Date, end: Date, isAllDay: Bool,
                text: String?, lastDay: LocalDate? = nil, visit: String? = nil) {
        self.element = element
        self.occurrence = occurrence
        self.version = version
        self.day = day
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.text = text
        self.lastDay = lastDay ?? day
        self.visit = visit
    }

    /// Whether it can be answered on days after its own.
    public var hasWindow: Bool { lastDay > day }
}
