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
}
