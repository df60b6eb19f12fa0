import CareModel
import Content

extension ChartData {
    /// A log's entries counted per day: on each day it was offered up to
    /// today, the number of live entries, zero included, as a day without a
    /// dose is a real zero and not a missing answer.
    static func entries(_ series: ChartSeries, outcomes: [Outcome], offered: [LocalDate: Set<String>],
                        today: LocalDate) -> [Point] {
        var counts: [LocalDate: Int] = [:]
        for outcome in outcomes where !outcome.isDeleted && outcome.taskID == series.task {
            counts[outcome.eventDay, default: 0] += 1
        }
        for (day, tasks) in offered where day <= today && tasks.contains(series.task) && counts[day] == nil {
            counts[day] = 0
        }
        return counts.keys.sorted().map { day in
            Point(day: day, value: Double(counts[day] ?? 0), outcome: nil, unit: nil)
        }
    }
}
