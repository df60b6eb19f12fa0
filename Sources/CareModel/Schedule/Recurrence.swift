/// The days on which a schedule element has events, numbered from 0, without
/// its end: the *k*-th event day, and how many come before a day.
///
/// Both are arithmetic, so a participant's thousandth day costs no more to
/// find than their first, and occurrence numbers never depend on the range
/// of days asked for.
enum Recurrence {
    /// One day.
    case once(LocalDate)
    /// From the first day, every `step` days.
    case everyDays(LocalDate, step: Int)
    /// The given weekdays of every `weeks` weeks, counted from the week
    /// (starting on Sunday) of the first day, from the first day on.
    case weekdays(LocalDate, weeks: Int, days: [Weekday])
    /// The first day's day of the month every `step` months, or the month's
    /// last day where that day does not exist.
    case everyMonths(LocalDate, step: Int)

    /// The `index`-th event day, from 0.
    func day(_ index: Int) -> LocalDate {
        switch self {
        case .once(let first):
            return first
        case .everyDays(let first, let step):
            return first.adding(days: index * step)
        case .weekdays(let first, let weeks, let days):
            let slot = index + Self.slots(days, weeks: weeks, from: first.startOfWeek, before: first)
            return first.startOfWeek.adding(days: slot / days.count * weeks * 7 + days[slot % days.count].number - 1)
        case .everyMonths(let first, let step):
            let (year, month, day) = first.components
            let months = year * 12 + month - 1 + index * step
            let (targetYear, targetMonth) = (months / 12, months % 12 + 1)
            return LocalDate(ordinal: LocalDate.ordinal(year: targetYear, month: targetMonth,
                                                        day: min(day, LocalDate.daysIn(month: targetMonth, year: targetYear))))
        }
    }

    /// How many event days come before `day`.
    func count(before day: LocalDate) -> Int {
        switch self {
        case .once(let first):
            return first < day ? 1 : 0
        case .everyDays(let first, let step):
            return first < day ? (first.days(to: day) + step - 1) / step : 0
        case .weekdays(let first, let weeks, let days):
            guard first < day else { return 0 }
            let weekStart = first.startOfWeek
            return Self.slots(days, weeks: weeks, from: weekStart, before: day)
                - Self.slots(days, weeks: weeks, from: weekStart, before: first)
        case .everyMonths(let first, let step):
            guard first < day else { return 0 }
            let (year, month, _) = first.components
            let (limitYear, limitMonth, _) = day.components
            let months = (limitYear * 12 + limitMonth) - (year * 12 + month)
            // Every event in a month before the limit's, and the one in the
            // limit's own month if it falls before the limit day.
            let earlier = (months + step - 1) / step
            return earlier + (months % step == 0 && self.day(months / step) < day ? 1 : 0)
        }
    }

    /// How many of the weekday slots from `weekStart` (a Sunday) on fall
    /// before `day`.
    private static func slots(_ days: [Weekday], weeks: Int, from weekStart: LocalDate, before day: LocalDate) -> Int {
        let elapsed = weekStart.days(to: day)
        guard elapsed > 0, !days.isEmpty else { return 0 }
        let period = weeks * 7
        let remainder = elapsed % period
        return elapsed / period * days.count + days.filter { $0.number - 1 < remainder }.count
    }
}
