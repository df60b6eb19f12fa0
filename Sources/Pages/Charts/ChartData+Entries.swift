import CareModel
import StudyModel

extension ChartData {
    /// A log's entries counted per day, up to today.
    ///
    /// A log asks for nothing, so a day without entries is a zero only when
    /// it is over and the participant was active on it (answered or logged
    /// anything that day): then not taking a dose is what they did. A past
    /// day on which they gave no answer at all is a gap, as silence says
    /// nothing about doses. Today is still open: it has a value only once
    /// something is logged, a count so far.
    ///
    /// - Parameters:
    ///   - answers: the live outcomes of the series' task.
    ///   - active: the days with a live answer or entry of any task.
    static func entries(_ series: ChartSeries, answers: [Outcome], active: Set<LocalDate>, offered: [LocalDate: Set<String>],
                        today: LocalDate) -> [Point] {
        var counts: [LocalDate: Int] = [:]
        for outcome in answers where outcome.eventDay <= today {
            counts[outcome.eventDay, default: 0] += 1
        }
        for (day, tasks) in offered where day < today && tasks.contains(series.task) && counts[day] == nil && active.contains(day) {
            counts[day] = 0
        }
        return counts.keys.sorted().map { day in
            Point(day: day, value: Double(counts[day] ?? 0), outcome: nil, unit: nil, isSoFar: day == today)
        }
    }

    /// Past days a log was offered on which the participant gave no answer at
    /// all, to any task: drawn and listed as gaps, never as zero doses.
    /// - Parameter active: the days with a live answer or entry of any task.
    static func silentDays(_ series: ChartSeries, active: Set<LocalDate>, offered: [LocalDate: Set<String>],
                           days: [LocalDate], today: LocalDate) -> Set<LocalDate> {
        Set(days.filter { $0 < today && !active.contains($0) && offered[$0]?.contains(series.task) == true })
    }
}
