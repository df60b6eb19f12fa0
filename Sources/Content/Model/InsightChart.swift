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
}

/// One series: the values of one form item (`value`) of one task.
public struct ChartSeries: Hashable, Sendable {
    public var task: String
    public var value: String
    public var legend: String
    /// A CSS colour as `#rrggbb`; nil for the palette's next one.
    public var color: String?
}
