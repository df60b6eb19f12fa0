import CareModel
import Content
import Foundation

/// The values a chart plots, each traceable to the outcome it came from.
struct ChartData {
    struct Point {
        var day: LocalDate
        var value: Double
        var outcome: Outcome
        var unit: String?
    }

    struct Series {
        var series: ChartSeries
        var color: String
        var points: [Point]
    }

    var chart: InsightChart
    /// Every day shown, first to last; days without a value are gaps.
    var days: [LocalDate]
    var series: [Series]

    static let palette = ["#0a84ff", "#ff7660", "#30a46c", "#8e4ec6", "#d97706"]

    init(chart: InsightChart, outcomes: [Outcome], from: LocalDate, through: LocalDate) {
        self.chart = chart
        days = from <= through ? (from.ordinal...through.ordinal).map(LocalDate.init(ordinal:)) : []
        series = chart.series.enumerated().map { index, series in
            let points = outcomes.compactMap { outcome -> Point? in
                guard !outcome.isDeleted, outcome.taskID == series.task, outcome.eventDay >= from,
                      outcome.eventDay <= through, let value = outcome.value(series.value),
                      let number = value.value.number else { return nil }
                return Point(day: outcome.eventDay, value: number, outcome: outcome, unit: value.unit)
            }.sorted { ($0.day, $0.outcome.eventStart) < ($1.day, $1.outcome.eventStart) }
            return Series(series: series, color: series.color ?? Self.palette[index % Self.palette.count], points: points)
        }
    }

    var isEmpty: Bool { series.allSatisfy { $0.points.isEmpty } }

    /// The unit all plotted values share, if they share one.
    var sharedUnit: String? {
        let units = Set(series.flatMap { $0.points.map { $0.unit ?? "" } })
        return units.count == 1 ? units.first.flatMap { $0.isEmpty ? nil : $0 } : nil
    }
}
