import CareModel
import StudyModel
import Foundation

/// What a chart plots over a range of days: each series' answers, traceable
/// to the outcome they came from, and the days an answer was due and none
/// was given, grouped into panels of one kind of axis each.
struct ChartData {
    struct Point {
        var day: LocalDate
        var value: Double
        /// Nil for a count of a log's entries, which stands for a day's entries.
        var outcome: Outcome?
        var unit: String?
        /// A count of today's entries, which may still grow.
        var isSoFar = false
    }

    struct Series {
        var series: ChartSeries
        var color: String
        var points: [Point]
        /// Past days of the range on which the series' task was due and the
        /// value was not given; for a log, offered days without any answer.
        var noAnswer: Set<LocalDate>
        /// Days whose answer was "prefer not to answer": a mark of its own, never a zero or a gap.
        var preferredNotToAnswer: Set<LocalDate> = []
        /// Days a score's task was answered with too few of its items for a score: answered, not a gap.
        var notEnoughAnswers: Set<LocalDate> = []
    }

    /// Series that share an axis of one kind.
    struct Panel {
        var axis: ChartAxis
        var series: [Series]
    }

    var chart: InsightChart
    /// Every day shown, first to last; days without a value are gaps.
    var days: [LocalDate]
    /// Days after it are still to come and drawn blank.
    var today: LocalDate
    var panels: [Panel]
    /// Whether any task of the chart has an event in the range, answered, missed or still to come.
    var hasEvents: Bool

    /// Colours at 3:1 or more against the chart's white background.
    static let palette = ["#0a84ff", "#d9472b", "#2e8540", "#8e4ec6", "#b45309"]

    /// What the ranges a chart is drawn over share: each series' answers as
    /// points, and its task's live outcomes; worked out once for them all.
    struct Answers {
        var points: [[Point]]
        var outcomes: [[Outcome]]
        /// Days with a live answer or entry of any task: a log's day with none is a gap, not a zero.
        var active: Set<LocalDate>

        /// - Parameters: as `ChartData.init`'s, of the whole page.
        init(chart: InsightChart, outcomes: [Outcome], today: LocalDate, events: [LocalDate: Set<String>], plan: CarePlan? = nil) {
            let active = Set(outcomes.lazy.filter { !$0.isDeleted }.map(\.eventDay))
            self.active = active
            self.outcomes = chart.series.map { series in outcomes.filter { !$0.isDeleted && $0.taskID == series.task } }
            points = zip(chart.series, self.outcomes).map { series, answers in
                // A value's unit in the page's words, as the version it was answered in had it: the store keeps the
                // study's own language's ("hours" on a German page otherwise). Found once a version.
                var units: [Int: String?] = [:]
                let unit = { (outcome: Outcome) -> String? in
                    if let known = units[outcome.taskVersion] { return known }
                    let unit = plan?.task(series.task, version: outcome.taskVersion)?.formItems.first { $0.id == series.value }?.answer.unit
                    units[outcome.taskVersion] = unit
                    return unit
                }
                return series.measure == .entries ? ChartData.entries(series, answers: answers, active: active, offered: events, today: today)
                    : ChartData.points(series, answers: answers, unit: unit)
            }
        }
    }

    /// - Parameters:
    ///   - outcomes: the participant's; the whole study's answers size the axes.
    ///   - events: the tasks with an event on each day of the range, from the participant's feed.
    ///   - plan: the plan in the page's language, whose words name each answer's unit as its task's version had it;
    ///     without it a unit is shown as stored, in the study's own language.
    ///   - answers: the chart's answers, worked out from these same outcomes, events and plan, where the page
    ///     has them for another range already; without them they are worked out here.
    init(chart: InsightChart, study: Study, outcomes: [Outcome], from: LocalDate, through: LocalDate, today: LocalDate,
         events: [LocalDate: Set<String>], plan: CarePlan? = nil, answers: Answers? = nil) {
        let answers = answers ?? Answers(chart: chart, outcomes: outcomes, today: today, events: events, plan: plan)
        self.chart = chart
        self.today = today
        days = from <= through ? (from.ordinal...through.ordinal).map(LocalDate.init(ordinal:)) : []
        hasEvents = days.contains { day in chart.series.contains { events[day]?.contains($0.task) == true } }
        var panels: [Panel] = []
        var allValues: [ChartAxis.Kind: [Double]] = [:]
        for (index, series) in chart.series.enumerated() {
            let all = answers.points[index]
            let kind = ChartAxis.kind(of: series, study: study, units: all.map(\.unit))
            allValues[kind, default: []] += all.map(\.value) + [series.target?.min, series.target?.max].compactMap { $0 }
            let points = all.filter { $0.day >= from && $0.day <= through }
            let inRange = answers.outcomes[index].filter { $0.eventDay >= from && $0.eventDay <= through }
            let declined = Set(inRange.filter { $0.value(series.value)?.value == .preferNotToAnswer }.map(\.eventDay))
            // The score series' answers that gave no score (the scored outcomes carry one where they do).
            let unscored = series.measure != .score ? [] : Set(inRange.filter { $0.value(series.value) == nil }.map(\.eventDay))
            let answered = Set(points.map(\.day)).union(declined).union(unscored)
            let noAnswer = series.measure == .entries
                ? Self.silentDays(series, active: answers.active, offered: events, days: days, today: today)
                : Set(days.filter { $0 < today && !answered.contains($0) && events[$0]?.contains(series.task) == true })
            let drawn = Series(series: series, color: series.color ?? Self.palette[index % Self.palette.count], points: points,
                               noAnswer: noAnswer, preferredNotToAnswer: declined.subtracting(points.map(\.day)),
                               notEnoughAnswers: unscored.subtracting(points.map(\.day)))
            if let panel = panels.firstIndex(where: { $0.axis.kind == kind }) {
                panels[panel].series.append(drawn)
            } else {
                panels.append(Panel(axis: ChartAxis(kind, values: []), series: [drawn]))
            }
        }
        self.panels = panels.map { Panel(axis: ChartAxis($0.axis.kind, values: allValues[$0.axis.kind] ?? []), series: $0.series) }
    }

    var series: [Series] { panels.flatMap(\.series) }

    /// Nothing to draw: no answer, and no day on which one was due.
    var isEmpty: Bool { series.allSatisfy { $0.points.isEmpty && $0.noAnswer.isEmpty && $0.preferredNotToAnswer.isEmpty } }

    /// - Parameter answers: the live outcomes of the series' task.
    private static func points(_ series: ChartSeries, answers: [Outcome], unit: (Outcome) -> String?) -> [Point] {
        answers.compactMap { outcome -> Point? in
            guard let value = outcome.value(series.value), let number = value.value.number else { return nil }
            return Point(day: outcome.eventDay, value: number, outcome: outcome, unit: value.unit.map { unit(outcome) ?? $0 })
        }.sorted { ($0.day, $0.outcome?.eventStart ?? .distantPast) < ($1.day, $1.outcome?.eventStart ?? .distantPast) }
    }
}
