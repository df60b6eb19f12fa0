import CareModel

/// Reads a task's schedule: its elements, anchors, intervals and durations.
extension FieldReader {
    func schedule(_ node: YAMLNode) -> Schedule? {
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
                                  allowed: ["start", "end", "every", "at", "allDay", "duration", "text"],
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
        let allDay = fields["allDay"].flatMap { boolean($0, "allDay") } ?? false
        var time = TimeOfDay.allDay
        if let atNode = fields["at"] {
            if allDay {
                error("give either 'at' or 'allDay: true', not both", at: atNode)
                valid = false
            } else if let clock = text(atNode, "at").flatMap({ LocalTime($0) }) {
                time = .at(clock)
            } else {
                error("at must be a wall-clock time \"HH:MM\" such as \"08:00\"", at: atNode)
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
        guard valid, let start else { return nil }
        return ScheduleElement(start: start, end: end, interval: interval, time: time, duration: duration,
                               text: elementText)
    }

    /// `enrollment`, `enrollment + N day(s)`, `enrollment + N week(s)` or `YYYY-MM-DD`.
    private func anchor(_ node: YAMLNode, _ what: String) -> ScheduleAnchor? {
        guard let value = text(node, what) else { return nil }
        let words = value.split(separator: " ")
        if value == "enrollment" {
            return .enrollment(plusDays: 0)
        }
        if words.count == 4, words[0] == "enrollment", words[1] == "+", let count = Int(words[2]), (0...Self.maximumDays).contains(count) {
            switch words[3] {
            case "day", "days": return .enrollment(plusDays: count)
            case "week", "weeks": return .enrollment(plusDays: count * 7)
            default: break
            }
        }
        if let date = LocalDate(iso: value) {
            return .date(date)
        }
        error("\(what) must be 'enrollment', 'enrollment + N days', 'enrollment + N weeks' or a date YYYY-MM-DD, not '\(value)'", at: node)
        return nil
    }

    /// `N day(s)` or `N week(s)`, N at least 1.
    private func interval(_ node: YAMLNode) -> ScheduleInterval? {
        guard let value = text(node, "every") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), (1...Self.maximumDays).contains(count) {
            switch words[1] {
            case "day", "days": return .days(count)
            case "week", "weeks": return .weeks(count)
            default: break
            }
        }
        error("every must be 'N days' or 'N weeks' with N at least 1, such as '1 day' or '2 weeks', not '\(value)'", at: node)
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
    /// anchors (a date and enrollment) cannot be compared here.
    private static func isBefore(_ start: ScheduleAnchor, _ end: ScheduleAnchor) -> Bool {
        switch (start, end) {
        case (.enrollment(let a), .enrollment(let b)): a < b
        case (.date(let a), .date(let b)): a < b
        default: true
        }
    }

    /// A century: no schedule reaches further, and larger numbers would overflow day arithmetic.
    static let maximumDays = 36_500
}
