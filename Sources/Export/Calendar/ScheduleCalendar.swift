import CareModel
import Feed
import Foundation
import Words
import StudyModel
import Support

/// A participant's schedule as an iCalendar file for their phone's calendar:
/// an event per scheduled task event, each with a reminder, in the
/// participant's time zone.
///
/// Each event's UID names the participant, task and occurrence, so importing
/// a newer file updates the events it imported before instead of adding
/// them again.
public struct ScheduleCalendar: Sendable {
    public var participant: Participant
    public var plan: CarePlan
    /// The first local day and the number of days after it that are listed.
    public var from: LocalDate
    public var days: Int
    /// When the file is written: each event's DTSTAMP.
    public var stamp: Date
    /// A participant who withdrew is offered nothing, so the file has no events.
    public var isWithdrawn: Bool
    /// The participant's language: events' descriptions and the `LANGUAGE` of their words.
    public var language: Language
    /// Events already answered, as `task#occurrence`: a subscription leaves them out, so the phone reminds only what is to do.
    public var answered: Set<String> = []
    /// For a subscription on a hosted study: a secret each event's UID is
    /// made from, so UIDs say nothing of the participant; nil: UIDs name them.
    public var uidSecret: String?

    public init(participant: Participant, plan: CarePlan, from: LocalDate, days: Int, stamp: Date, isWithdrawn: Bool,
                language: Language) {
        self.language = language
        self.participant = participant
        self.plan = plan
        self.from = from
        self.days = days
        self.stamp = stamp
        self.isWithdrawn = isWithdrawn
    }

    /// An all-day event's reminder: at this time on its day.
    static let allDayReminder = "PT9H"

    /// The events listed, in start order: every task but onboarding and the
    /// logs, whose schedule only says when they are offered (a reminder to
    /// take pain medicine "as needed" would be advice nobody gave).
    public var events: [(task: PlannedTask, event: ScheduledEvent)] {
        guard !isWithdrawn else { return [] }
        return plan.tasks.filter { !$0.isOnboarding && $0.kind != .log }.flatMap { task in
            task.timeline.events(participant.scheduleDates, in: participant.timeZone,
                                 from: from, to: from.adding(days: days)).map { (task: task, event: $0) }
        }.filter { !answered.contains("\($0.task.id)#\($0.event.occurrence)") }.sorted { ($0.event.start, $0.task.id) < ($1.event.start, $1.task.id) }
    }

    /// The whole file, lines ended with CRLF.
    public func ics() -> String {
        let zone = participant.timeZone
        var calendar = ICalendar()
        calendar.begin("VCALENDAR")
        calendar.line("PRODID", text: "-//CareFeed//\(plan.study.title)//\(language.tag.language.uppercased())")
        calendar.line("VERSION", raw: "2.0")
        calendar.line("CALSCALE", raw: "GREGORIAN")
        calendar.line("METHOD", raw: "PUBLISH")
        calendar.line("X-WR-CALNAME", text: plan.study.title)
        calendar.line("X-WR-TIMEZONE", text: zone.identifier)
        let start = zone.instant(of: from, at: .midnight)
        let end = zone.instant(of: from.adding(days: days + 1), at: .midnight)
        TimeZoneRules(zone: zone, from: start, to: end).write(to: &calendar)
        for (task, event) in events {
            let title = plan.task(task.id, version: event.version)?.title ?? task.title
            calendar.begin("VEVENT")
            let uid = "\(participant.id)-\(task.id)-\(event.occurrence)"
            calendar.line("UID", text: (uidSecret.map { SHA256.hex($0 + ":" + uid) } ?? uid) + "@carefeed")
            calendar.line("DTSTAMP", raw: ICalendar.utcDateTime(stamp))
            // An event with a window spans it: open until the end of its last day.
            if event.isAllDay {
                calendar.line("DTSTART", [("VALUE", "DATE")], raw: ICalendar.date(event.day))
                calendar.line("DTEND", [("VALUE", "DATE")], raw: ICalendar.date(event.lastDay.adding(days: 1)))
            } else {
                calendar.line("DTSTART", [("TZID", zone.identifier)], raw: ICalendar.localDateTime(event.start, in: zone))
                let end = event.hasWindow ? zone.instant(of: event.lastDay.adding(days: 1), at: .midnight) : event.end
                calendar.line("DTEND", [("TZID", zone.identifier)], raw: ICalendar.localDateTime(end, in: zone))
            }
            calendar.line("SUMMARY", [("LANGUAGE", language.tag.identifier)], text: title)
            let open = event.hasWindow
                ? language.words(.calendarOpenUntil, ["study": plan.study.title, "day": language.format.weekdayAndDay(event.lastDay)])
                : language.words(event.isAllDay ? .calendarOpenAllDay : .calendarOpenFrom, ["study": plan.study.title])
            calendar.line("DESCRIPTION", [("LANGUAGE", language.tag.identifier)],
                          text: event.text.map { language.words(.calendarElementText, ["text": $0, "open": open]) } ?? open)
            calendar.line("TRANSP", raw: "TRANSPARENT")
            calendar.begin("VALARM")
            calendar.line("ACTION", raw: "DISPLAY")
            calendar.line("DESCRIPTION", text: language.words(.calendarAlarm, ["task": title, "study": plan.study.title]))
            // An all-day event's trigger counts from the start of its day.
            calendar.line("TRIGGER", raw: event.isAllDay ? Self.allDayReminder : "PT0M")
            calendar.end("VALARM")
            calendar.end("VEVENT")
        }
        calendar.end("VCALENDAR")
        return calendar.text
    }
}

/// A zone's VTIMEZONE over a range of instants, from Foundation's own
/// transitions: the observance in force at the start, then one for each
/// change of offset before the end. A zone without changes (UTC, or no
/// daylight saving time) has one STANDARD observance.
struct TimeZoneRules {
    var zone: TimeZone
    var from: Date
    var to: Date

    struct Observance {
        var isDaylight: Bool
        /// The wall-clock time, in the offset before it, at which it begins.
        var start: String
        var offsetFrom: Int
        var offsetTo: Int
    }

    var observances: [Observance] {
        var transitions: [Date] = []
        // The year before the range holds the change that set the offset at its start.
        var cursor = from.addingTimeInterval(-400 * 86_400)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < to {
            transitions.append(next)
            cursor = next
        }
        let inForce = transitions.last { $0 <= from }
        var list: [Observance] = []
        if inForce == nil {
            let offset = zone.secondsFromGMT(for: from)
            list.append(Observance(isDaylight: zone.isDaylightSavingTime(for: from), start: "19700101T000000",
                                   offsetFrom: offset, offsetTo: offset))
        }
        for transition in transitions where transition >= (inForce ?? from) {
            let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
            let local = ICalendar.localDateTime(transition, in: TimeZone(secondsFromGMT: before) ?? zone)
            list.append(Observance(isDaylight: zone.isDaylightSavingTime(for: transition), start: local,
                                   offsetFrom: before, offsetTo: zone.secondsFromGMT(for: transition)))
        }
        return list
    }

    func write(to calendar: inout ICalendar) {
        calendar.begin("VTIMEZONE")
        calendar.line("TZID", text: zone.identifier)
        for observance in observances {
            let kind = observance.isDaylight ? "DAYLIGHT" : "STANDARD"
            calendar.begin(kind)
            calendar.line("DTSTART", raw: observance.start)
            calendar.line("TZOFFSETFROM", raw: ICalendar.offset(observance.offsetFrom))
            calendar.line("TZOFFSETTO", raw: ICalendar.offset(observance.offsetTo))
            calendar.end(kind)
        }
        calendar.end("VTIMEZONE")
    }
}
