/// A chart on the Insights page.
public struct InsightChart: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case bar
        case scatter
        case line
    }

    public var title: String
    public var kind: Kind
    public var series: [ChartSeries]

    public init(title: String, kind: Kind, series: [ChartSeries]) {
        self.title = title
        self.kind = kind
        self.series = series
    }
}

/// One series: the values of one form item (`value`) of one task, one of
/// its scores (`score`), or the number of entries a day of a log task
/// (`count: entries`).
public struct ChartSeries: Hashable, Sendable {
    /// What a series plots for a day.
    public enum Measure: Hashable, Sendable {
        /// The answers to the form item `value`.
        case value
        /// How many entries the log task has that day, zero included.
        case entries
        /// The score `value` of the task, derived from each outcome's answers.
        case score
    }

    public var task: String
    /// The form item, or the score; for entries, the kind of value each entry stores.
    public var value: String
    public var legend: String
    /// A CSS colour as `#rrggbb`; nil for the palette's next one.
    public var color: String?
    /// The range the study hopes the values reach, drawn as a band.
    public var target: ChartTarget?
    public var measure: Measure = .value

    public init(task: String, value: String, legend: String, color: String?, target: ChartTarget?,
                measure: Measure = .value) {
        self.task = task
        self.value = value
        self.legend = legend
        self.color = color
        self.target = target
        self.measure = measure
    }
}

/// A band on a series' axis, such as a range of motion of 120 degrees or
/// more: at least one of `min` and `max`, and when both, `min` below `max`.
public struct ChartTarget: Hashable, Sendable {
    public var min: Double?
    public var max: Double?
    /// What the band means, shown beside it and in the chart's legend.
    public var label: String

    public init(min: Double?, max: Double?, label: String) {
        self.min = min
        self.max = max
        self.label = label
    }
}
