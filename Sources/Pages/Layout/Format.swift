import CareModel
import StudyModel
import Feed
import Foundation

/// Dates, times and answers in words, in English, the same on every machine.
public enum Format {
    public static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    /// `Thursday, March 5`
    public static func day(_ date: LocalDate) -> String {
        let (_, month, day) = date.components
        return "\(weekdays[date.weekday - 1]), \(months[month - 1]) \(day)"
    }

    /// `Thursday, March 5, 2026`
    public static func dayWithYear(_ date: LocalDate) -> String {
        day(date) + ", \(date.components.year)"
    }

    /// `Mar 5`
    public static func shortDay(_ date: LocalDate) -> String {
        let (_, month, day) = date.components
        return "\(months[month - 1].prefix(3)) \(day)"
    }

    /// `Thu`
    public static func weekdayShort(_ date: LocalDate) -> String {
        String(weekdays[date.weekday - 1].prefix(3))
    }

    /// `8:05 AM`
    public static func time(_ clock: LocalTime) -> String {
        let hour = clock.hour % 12 == 0 ? 12 : clock.hour % 12
        return "\(hour):\(clock.minute < 10 ? "0" : "")\(clock.minute) \(clock.hour < 12 ? "AM" : "PM")"
    }

    public static func time(_ instant: Date, in zone: TimeZone) -> String {
        time(zone.localTime(of: instant))
    }

    /// `Monday, November 30, 2026, 4:05 PM America/New_York (UTC−5)`: an
    /// instant with its zone, for a time a reader elsewhere must place.
    public static func dateTime(_ instant: Date, in zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: instant)
        let minutes = abs(seconds) / 60
        let offset = (seconds < 0 ? "\u{2212}" : "+") + "\(minutes / 60)" + (minutes % 60 == 0 ? "" : String(format: ":%02d", minutes % 60))
        return "\(dayWithYear(zone.localDate(of: instant))), \(time(instant, in: zone)) \(zone.identifier) (UTC\(offset))"
    }

    /// `today`, `yesterday`, `3 days ago`.
    /// What stands in for a value not shared: a recorded decline, or a choice not made yet.
    public static func withheld(_ reason: Sharing.Withholding) -> String {
        switch reason {
        case .declined: "Not shared"
        case .notChosen: "Not chosen yet"
        }
    }

    public static func daysAgo(_ days: Int) -> String {
        switch days {
        case ..<1: "today"
        case 1: "yesterday"
        default: "\(days) days ago"
        }
    }

    /// When an event is for, in words that never read as a deadline, since
    /// a card stays open all its day: `Any time today`, `Any time that day`,
    /// `Morning · from 8:00 AM`.
    public static func when(_ event: ScheduledEvent, in zone: TimeZone, today: LocalDate) -> String {
        guard !event.isAllDay else { return event.day == today ? "Any time today" : "Any time that day" }
        let clock = zone.localTime(of: event.start)
        return "\(partOfDay(clock)) · from \(time(clock))"
    }

    /// `Tue, Dec 1 at 8:00 AM`, or `Tue, Dec 1` for an all-day event: when
    /// a card of a day to come opens.
    public static func opens(_ event: ScheduledEvent, in zone: TimeZone) -> String {
        let day = "\(weekdayShort(event.day)), \(shortDay(event.day))"
        return event.isAllDay ? day : "\(day) at \(time(event.start, in: zone))"
    }

    /// `Morning`, `Afternoon`, `Evening` or `Night`.
    static func partOfDay(_ clock: LocalTime) -> String {
        switch clock.hour {
        case 5..<12: "Morning"
        case 12..<17: "Afternoon"
        case 17..<21: "Evening"
        default: "Night"
        }
    }

    /// `Sleep` from `sleep`, `Range of motion` from `rangeOfMotion`: a short label for an answer.
    public static func label(_ id: String) -> String {
        var words: [String] = []
        var current = ""
        for character in id {
            if character.isUppercase || character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = character.isLetter ? String(character).lowercased() : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        let sentence = words.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    /// `7.5 hours`, `3`, `Yes`.
    public static func value(_ value: OutcomeValue) -> String {
        let text: String = switch value.value {
        case .boolean(let yes): yes ? "Yes" : "No"
        case .decimal(let number): decimal(number)
        case .integer(let number): String(number)
        case .text(let text): text
        case .date(let date): shortDay(date)
        }
        guard let unit = value.unit, !unit.isEmpty else { return text }
        return text + " " + unit
    }

    /// `Pain: 3 · Sleep: 7 hours`, in the order of the task's form, grouping
    /// the several choices of one item, each shown by its option's text.
    public static func answers(_ outcome: Outcome, task: StudyTask?) -> String {
        var order = task?.formItems.map(\.id) ?? []
        for value in outcome.values where !order.contains(value.kind) {
            order.append(value.kind)
        }
        return order.compactMap { kind -> String? in
            let values = outcome.values.filter { $0.kind == kind }
            guard !values.isEmpty else { return nil }
            let options = task?.formItems.first { $0.id == kind }.flatMap { item -> [ChoiceOption]? in
                if case .choice(let options, _) = item.answer { options } else { nil }
            } ?? []
            return label(kind) + ": " + values.map { answer in
                if case .text(let stored) = answer.value, let option = options.first(where: { $0.value == stored }) {
                    return option.text
                }
                return value(answer)
            }.joined(separator: ", ")
        }.joined(separator: " · ")
    }

    /// `7.5`, `7`, `0.25`: at most two decimals, none needless.
    public static func decimal(_ value: Double) -> String {
        // Counted in hundredths rather than through String(format:), which
        // costs a tenth of a page's rendering time.
        let hundredths = (value * 100).rounded(.toNearestOrEven)
        if abs(hundredths) < 1e15 {
            let count = Int64(hundredths)
            let magnitude = count.magnitude
            let whole = String(magnitude / 100)
            let fraction = magnitude % 100
            let digits = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
            return (count < 0 ? "-" : "") + whole + digits
        }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `42` or `7.5`: a number with no needless decimals.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
