import CareModel
import Foundation

/// Values the tests share: a participant in New York and dates around the
/// 2026 daylight-saving changes there.
public enum Fixtures {
    public static let newYork = TimeZone(identifier: "America/New_York")!

    public static func date(_ iso: String) -> LocalDate {
        guard let date = LocalDate(iso: iso) else { fatalError("not a date: \(iso)") }
        return date
    }

    public static func instant(_ iso: String) -> Date {
        guard let instant = Timestamp.parse(iso) else { fatalError("not a timestamp: \(iso)") }
        return instant
    }

    public static func participant(id: String = "p1", enrolledOn: String = "2026-03-01",
                                   zone: TimeZone = newYork) -> Participant {
        Participant(id: id, name: "Participant \(id)", timeZone: zone, enrolledOn: date(enrolledOn))
    }

    /// Daily at 08:00 for an hour, from enrollment.
    public static let dailyAtEight = Schedule([
        ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: 8, minute: 0)!), duration: .hours(1)),
    ])

    /// All day, daily, from enrollment.
    public static let dailyAllDay = Schedule([ScheduleElement(interval: .days(1), time: .allDay)])

    /// Daily for the first 7 days, then weekly to day 28.
    public static let firstWeekThenWeekly = Schedule([
        ScheduleElement(end: .enrollment(plusDays: 7), interval: .days(1), time: .allDay),
        ScheduleElement(start: .enrollment(plusDays: 7), end: .enrollment(plusDays: 28), interval: .weeks(1),
                        time: .allDay),
    ])

    /// `participant`'s answer to the health permission `shareHealthData` at `time`.
    public static func healthGrant(_ granted: Bool, at time: String, participant: String = "p1") -> PermissionGrant {
        PermissionGrant(participantID: participant, permissionID: "shareHealthData", kind: "health", granted: granted,
                        recordedAt: instant(time))
    }

    /// p1's answer to occurrence 1 of `task`, on March 2.
    public static func outcome(task: String, _ values: [OutcomeValue]) -> Outcome {
        let start = instant("2026-03-02T13:00:00Z")
        return Outcome(id: 1, participantID: "p1", taskID: task, taskVersion: 1, occurrence: 1,
                       eventDay: date("2026-03-02"), eventStart: start, eventEnd: start.addingTimeInterval(3600),
                       values: values, createdAt: start.addingTimeInterval(60))
    }
}
