import CareModel
import StudyModel

/// Reads a task's schedule: its elements, anchors, intervals and durations.
extension FieldReader {
    func schedule(_ node: YAMLNode) -> Schedule? {
        enter(.schedules)
        defer { leave() }
        guard let items = list(node, "schedule") else { return nil }
        guard !items.isEmpty else {
            error("schedule needs at least one element", at: node)
            return nil
        }
        let elements = items.map(scheduleElement)
        guard elements.allSatisfy({ $0 != nil }) else { return nil }
        return Schedule(elements.compactMap { $0 })
    }

    private func scheduleElement(_ node: YAMLNode) -> ScheduleElement? {
        guard let fields = fields(node, in: "a schedule element",
                                  allowed: ["start", "end", "every", "days", "at", "allDay", "duration", "text", "window", "visit"],
                                  required: ["start"]) else { return nil }
        var valid = true
        let start = fields["start"].flatMap { anchor($0, "start") }
        let end = fields["end"].flatMap { anchor($0, "end") }
        if fields["end"] != nil && end == nil { valid = false }
        if let start, let end, let endNode = fields["end"], !Self.isBefore(start, end) {
            error("end (\(end)) must come after start (\(start)); end is exclusive", at: endNode)
            valid = false
        }
        var interval: ScheduleInterval?
        if let every = fields["every"] {
            interval = self.interval(every)
            if interval == nil { valid = false }
        }
        var weekdays: [Weekday]?
        if let daysNode = fields["days"] {
            weekdays = self.weekdays(daysNode, every: fields["every"], interval: interval)
            if weekdays == nil { valid = false }
        }
        let allDay = fields["allDay"].flatMap { boolean($0, "allDay") } ?? false
        var time = TimeOfDay.allDay
        if let atNode = fields["at"] {
            if allDay {
                error("give either 'at' or 'allDay: true', not both", at: atNode)
                valid = false
            } else if let times = times(atNode) {
                time = times
            } else {
                valid = false
            }
        } else if !allDay {
            error("a schedule element needs 'at: \"HH:MM\"' or 'allDay: true'", at: node)
            valid = false
        }
        var duration = ScheduleDuration.hours(1)
        if let durationNode = fields["duration"] {
            if allDay {
                warning("duration is ignored for an all-day event, which covers its whole day", at: durationNode)
            }
            if let parsed = self.duration(durationNode) { duration = parsed } else { valid = false }
        }
        let elementText = fields["text"].flatMap { text($0, "text") }
        let visit = fields["visit"].flatMap { text($0, "visit") }
        if let visitNode = fields["visit"], interval != nil || (fields["at"].map { if case .sequence(let times) = $0.value { times.count > 1 } else { false } } ?? false) {
            error("a visit is one event, so an element with visit has no every and one time at most; give each visit an "
                  + "element of its own", at: visitNode)
            valid = false
        }
        var window: Int?
        if let windowNode = fields["window"] {
            window = self.window(windowNode)
            if window == nil {
                valid = false
            } else if case .times = time {
                error("a window is for one event a day; a checklist's boxes are each open at their time on their day",
                      at: windowNode)
                valid = false
            } else if let window, let gap = Self.shortestGap(interval, weekdays: weekdays), window > gap {
                error("a window of \(window) days overlaps the next event of this element, \(gap) \(gap == 1 ? "day" : "days") "
                      + "later; make it at most \(gap) days, or the events further apart", at: windowNode)
                valid = false
            }
        }
        guard valid, let start else { return nil }
        return ScheduleElement(start: start, end: end, interval: interval, weekdays: weekdays, time: time,
                               duration: duration, text: elementText, window: window == 1 ? nil : window, visit: visit)
    }

    /// `N days` or `N weeks`: how many days, from its own, an event can be answered on.
    private func window(_ node: YAMLNode) -> Int? {
        enter(.windows)
        defer { leave() }
        guard let value = text(node, "window") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), count >= 1 {
            switch words[1] {
            case "day", "days" where count <= 366: return count
            case "week", "weeks" where count <= 52: return count * 7
            default: break
            }
        }
        error("window must be 'N days' or 'N weeks', such as '7 days': the event's own day and the days after it "
              + "on which it can still be answered; not '\(value)'", at: node)
        return nil
    }

    /// The fewest days between two events of an element: nil for a single event.
    private static func shortestGap(_ interval: ScheduleInterval?, weekdays: [Weekday]?) -> Int? {
        switch interval {
        case nil: return nil
        case .days(let count): return count
        case .months(let count): return 28 * count
        case .weeks(let count):
            guard let weekdays, weekdays.count > 1 else { return 7 * count }
            let days: [Int] = weekdays.map(\.number).sorted()
            var gaps: [Int] = zip(days, days.dropFirst()).map { pair in pair.1 - pair.0 }
            gaps.append(days[0] + 7 * count - days[days.count - 1])
            return gaps.min()
        }
    }

    /// `"HH:MM"`, or a list of such times for several events a day, put in
    /// time order; a list of one is that one time.
    private func times(_ node: YAMLNode) -> TimeOfDay? {
        func clockError(_ value: String) -> String {
            let fix = Self.clock(near: value).map { "; write it as \"\($0)\"" } ?? ", such as \"08:00\""
            return "at \"\(value)\" is not a wall-clock time \"HH:MM\"\(fix)"
        }
        guard case .sequence(let items) = node.value else {
            guard let value = text(node, "at") else { return nil }
            guard let clock = LocalTime(value) else {
                error(clockError(value) + ", or give a list of times such as [\"08:00\", \"20:00\"]", at: node)
                return nil
            }
            return .at(clock)
        }
        guard !items.isEmpty else {
            error("at needs at least one time, such as [\"08:00\", \"20:00\"]", at: node)
            return nil
        }
        var clocks: [LocalTime] = []
        for item in items {
            guard let value = text(item, "a time in at") else { return nil }
            guard let clock = LocalTime(value) else {
                error(clockError(value), at: item)
                return nil
            }
            guard !clocks.contains(clock) else {
                error("the time \(clock) is listed twice in at; each time is one event", at: item)
                return nil
            }
            clocks.append(clock)
        }
        return clocks.count == 1 ? .at(clocks[0]) : .times(clocks.sorted())
    }

    /// The "HH:MM" an editor most likely meant by `value`: "8:00" → "08:00",
    /// "8am" → "08:00", "6.30 pm" → "18:30"; nil when nothing is near.
    static func clock(near value: String) -> String? {
        var text = value.lowercased().replacingOccurrences(of: " ", with: "")
        var offset: Int?
        for (suffix, hours) in [("am", 0), ("a.m.", 0), ("pm", 12), ("p.m.", 12)] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count))
            offset = hours
        }
        let parts = text.split(separator: text.contains(".") ? "." : ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hour = Int(parts[0]), parts[0].count <= 2,
              let minute = parts.count == 2 ? Int(parts[1]) : 0, parts.count == 1 || parts[1].count == 2,
              (0..<60).contains(minute) else { return nil }
        var hour24 = hour
        if let offset {
            guard (1...12).contains(hour) else { return nil }
            hour24 = hour % 12 + offset
        } else if parts.count == 1 || !(0..<24).contains(hour) {
            return nil
        }
        let clock = String(format: "%02d:%02d", hour24, minute)
        return clock == value ? nil : clock
    }

    /// The weekdays of `days`, in week order; only with `every: N weeks`.
    private func weekdays(_ node: YAMLNode, every: YAMLNode?, interval: ScheduleInterval?) -> [Weekday]? {
        guard let items = list(node, "days") else { return nil }
        guard !items.isEmpty else {
            error("days needs at least one weekday, such as [monday, wednesday, friday]", at: node)
            return nil
        }
        var days: [Weekday] = []
        for item in items {
            guard let name = text(item, "a weekday") else { return nil }
            guard let day = Weekday(rawValue: name) else {
                let names = Weekday.allCases.map(\.rawValue)
                let suggestion = Self.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                error("unknown weekday '\(name)'\(suggestion); expected \(names.joined(separator: ", "))", at: item)
                return nil
            }
            guard !days.contains(day) else {
                error("'\(name)' is listed twice in days", at: item)
                return nil
            }
            days.append(day)
        }
        switch interval {
        case .weeks:
            return days.sorted()
        case nil where every == nil:
            error("days needs 'every: N weeks', such as 'every: 1 week', to say which weeks its weekdays are in", at: node)
        case nil:
            break
        case .days, .months:
            error("days names weekdays, so every must count weeks, such as '1 week' or '2 weeks', "
                  + "not '\(every.flatMap { text($0, "every") } ?? "")'", at: node)
        }
        return nil
    }

    /// `enrollment`, `enrollment + N day(s)`, `enrollment + N week(s)`, a
    /// participant's date with the same (`surgery - 7 days`), or `YYYY-MM-DD`.
    private func anchor(_ node: YAMLNode, _ what: String) -> ScheduleAnchor? {
        guard let value = text(node, what) else { return nil }
        let words = value.split(separator: " ")
        if let date = LocalDate(iso: value) {
            return .date(date)
        }
        if words.count == 1 || words.count == 4, Identifier.isValid(String(words[0])) {
            let base = String(words[0])
            var days: Int? = words.count == 1 ? 0 : nil
            if words.count == 4, let count = Int(words[2]), (0...Self.maximumDays).contains(count),
               words[1] == "+" || (words[1] == "-" && base != "enrollment") {
                switch words[3] {
                case "day", "days": days = count
                case "week", "weeks": days = count * 7
                default: break
                }
                if words[1] == "-" { days = days.map { -$0 } }
            }
            if let days {
                return base == "enrollment" ? .enrollment(plusDays: days) : .participantDate(base, plusDays: days)
            }
        }
        error("\(what) must be 'enrollment', 'enrollment + N days', 'enrollment + N weeks', a date YYYY-MM-DD, "
              + "or a participant's date with days or weeks from it, such as 'surgery - 7 days', not '\(value)'", at: node)
        return nil
    }

    /// `N day(s)`, `N week(s)` or `N month(s)`, N at least 1.
    private func interval(_ node: YAMLNode) -> ScheduleInterval? {
        guard let value = text(node, "every") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), (1...Self.maximumDays).contains(count) {
            switch words[1] {
            case "day", "days": return .days(count)
            case "week", "weeks": return .weeks(count)
            case "month" where count <= Self.maximumDays / 30, "months" where count <= Self.maximumDays / 30:
                return .months(count)
            default: break
            }
        }
        error("every must be 'N days', 'N weeks' or 'N months' with N at least 1, such as '1 day', '2 weeks' or "
              + "'1 month', not '\(value)'", at: node)
        return nil
    }

    /// `N minute(s)` or `N hour(s)`, more than zero and at most a day.
    private func duration(_ node: YAMLNode) -> ScheduleDuration? {
        guard let value = text(node, "duration") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), count >= 1 {
            switch words[1] {
            case "minute" where count <= 1440, "minutes" where count <= 1440: return .minutes(count)
            case "hour" where count <= 24, "hours" where count <= 24: return .hours(count)
            default: break
            }
        }
        error("duration must be 'N minutes' or 'N hours', more than zero and at most a day, such as '1 hour', not '\(value)'",
              at: node)
        return nil
    }

    /// Whether `start` comes before `end` for every enrollment day; mixed
    /// anchors (a date and enrollment, two participant dates) cannot be compared here.
    private static func isBefore(_ start: ScheduleAnchor, _ end: ScheduleAnchor) -> Bool {
        switch (start, end) {
        case (.enrollment(let a), .enrollment(let b)): a < b
        case (.date(let a), .date(let b)): a < b
        case (.participantDate(let first, let a), .participantDate(let second, let b)) where first == second: a < b
        default: true
        }
    }

    /// A century: no schedule reaches further, and larger numbers would overflow day arithmetic.
    static let maximumDays = 36_500
}
