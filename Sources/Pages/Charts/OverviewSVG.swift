import Feed
import Markup
import StudyModel

/// The overview's charts as inline SVG: the participants as a flow of
/// boxes, enrolment as a step line, and a value by study week as its median
/// with the middle half shaded, broken where a week has no values. Each is
/// labelled by its title for screen readers; its table says the figures.
enum OverviewSVG {
    /// Drawn small, so that on a phone its words stay readable as it scales down.
    static let width = 400.0
    static let height = 210.0
    static let left = 40.0, right = 14.0, top = 12.0, bottom = 38.0

    /// The stages reached, left to right with arrows between, over where
    /// everyone is now: a CONSORT-like flow of boxes with their counts.
    static func flow(reached: [(label: String, count: String)], now: [(label: String, count: String)], nowLabel: String,
                     title: String, id: String) -> HTML {
        let boxWidth = 120.0, boxHeight = 62.0
        let gap = (width - 8 - boxWidth * 3) / 2
        func x(_ index: Int) -> Double { 4 + Double(index) * (boxWidth + gap) }
        var svg: HTML = "<svg class=\"chart flow\" viewBox=\"0 0 \(n(width)) 178\" role=\"img\" aria-labelledby=\"\(id)\">\n"
            + "<title id=\"\(id)\">\(title)</title>\n"
        for (index, stage) in reached.prefix(3).enumerated() {
            svg += box(x: x(index), y: 8, width: boxWidth, height: boxHeight, label: stage.label, count: stage.count)
            if index < 2 {
                let from = x(index) + boxWidth, to = x(index + 1)
                svg += "<path class=\"flow-arrow\" d=\"M\(n(from + 4)) 39 H\(n(to - 4)) m-7 -6 l7 6 l-7 6\"/>\n"
            }
        }
        svg += "<text class=\"flow-now\" x=\"4\" y=\"98\">\(nowLabel)</text>\n"
        // Where everyone is now, each participant in one box: these add up to those enrolled.
        let nowWidth = (width - 8 - 3 * 8) / 4
        for (index, stage) in now.prefix(4).enumerated() {
            svg += box(x: 4 + Double(index) * (nowWidth + 8), y: 112, width: nowWidth, height: boxHeight, label: stage.label,
                       count: stage.count)
        }
        return svg + "</svg>\n"
    }

    private static func box(x: Double, y: Double, width: Double, height: Double, label: String, count: String) -> HTML {
        var html: HTML = "<g class=\"flow-box\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"8\"/>"
            + "<text x=\"\(n(x + width / 2))\" y=\"\(n(y + 26))\" class=\"flow-count\">\(count)</text>"
        let lines = lines(label)
        for (index, line) in lines.enumerated() {
            let baseline = y + (lines.count == 1 ? 48 : 42 + Double(index) * 13)
            html += "<text x=\"\(n(x + width / 2))\" y=\"\(n(baseline))\" class=\"flow-label\">\(line)</text>"
        }
        return html + "</g>\n"
    }

    /// A label too long for its box, in two lines split at the space nearest its middle.
    static func lines(_ label: String) -> [String] {
        guard label.count > 13 else { return [label] }
        let spaces = label.indices.filter { label[$0] == " " }
        let middle = label.index(label.startIndex, offsetBy: label.count / 2)
        guard let split = spaces.min(by: { label.distance(from: $0, to: middle).magnitude < label.distance(from: $1, to: middle).magnitude })
        else { return [label] }
        return [String(label[..<split]), String(label[label.index(after: split)...])]
    }

    /// The running total of participants by day.
    static func enrolment(_ points: [(day: Int, total: Int)], labels: (first: String, last: String), totalLabel: String,
                          title: String, id: String) -> HTML {
        guard let first = points.first, let last = points.last else { return "" }
        let span = Double(max(last.day - first.day, 1)), peak = Double(max(last.total, 1))
        func x(_ day: Int) -> Double { left + (width - left - right) * Double(day - first.day) / span }
        func y(_ total: Int) -> Double { top + (height - top - bottom) * (1 - Double(total) / peak) }
        var svg = frame(title: title, id: id, ticks: [("0", y(0)), (totalLabel, y(last.total))])
        // Each step rises on its own day: across to the day, then up to its total.
        var path = "M\(n(x(first.day))) \(n(y(0)))"
        for point in points {
            path += " H\(n(x(point.day))) V\(n(y(point.total)))"
        }
        path += " H\(n(width - right))"
        svg += "<path class=\"series-line\" d=\"\(path)\"/>\n"
        svg += "<text class=\"tick\" x=\"\(n(left))\" y=\"\(n(height - bottom + 14))\">\(labels.first)</text>"
            + "<text class=\"tick\" x=\"\(n(width - right))\" y=\"\(n(height - bottom + 14))\" text-anchor=\"end\">\(labels.last)</text>\n"
        return svg + "</svg>\n"
    }

    /// Fewer participants than this in a week, and its median is drawn hollow with its n beside it.
    static let fewParticipants = 5

    /// A value by study week: the median as a line with dots, the middle
    /// half as a band, nothing where a week has no values; the study's
    /// target as a band with its label, and the n of a week with few.
    static func weeks(_ weeks: [StudyOverview.WeekFigure], range: ClosedRange<Double>, ticks: [(label: String, value: Double)],
                      target: ChartTarget?, weekLabel: (Int) -> String, count: (Int) -> String, axisTitle: String, title: String,
                      id: String) -> HTML {
        let span = Double(max(weeks.count - 1, 1))
        let low = range.lowerBound, high = range.upperBound == range.lowerBound ? range.lowerBound + 1 : range.upperBound
        func x(_ index: Int) -> Double { weeks.count == 1 ? (left + width - right) / 2 : left + (width - left - right) * Double(index) / span }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - (min(max(value, low), high) - low) / (high - low)) }
        var svg = frame(title: title, id: id, ticks: ticks.map { ($0.label, y($0.value)) })
        if let target {
            svg += TargetBand.svg(target, left: left, right: width - right, low: low, high: high, y: y)
        }
        // Runs of weeks with values: a gap breaks the band and the line.
        var runs: [[(Int, StudyOverview.WeekFigure)]] = [[]]
        for (index, week) in weeks.enumerated() {
            if week.median == nil {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
            } else {
                runs[runs.count - 1].append((index, week))
            }
        }
        for run in runs where !run.isEmpty {
            if run.count == 1, let (index, week) = run.first, let low = week.lowerQuartile, let high = week.upperQuartile {
                // A week alone between gaps: its middle half as a short bar.
                svg += "<rect class=\"spread\" x=\"\(n(x(index) - 6))\" y=\"\(n(y(high)))\" width=\"12\" "
                    + "height=\"\(n(max(y(low) - y(high), 1)))\"/>\n"
            } else {
                let upper = run.compactMap { index, week in week.upperQuartile.map { "\(n(x(index))),\(n(y($0)))" } }
                let lower = run.reversed().compactMap { index, week in week.lowerQuartile.map { "\(n(x(index))),\(n(y($0)))" } }
                svg += "<polygon class=\"spread\" points=\"\((upper + lower).joined(separator: " "))\"/>\n"
            }
            let line = run.compactMap { index, week in week.median.map { "\(n(x(index))),\(n(y($0)))" } }
            svg += "<polyline class=\"series-line\" points=\"\(line.joined(separator: " "))\"/>\n"
            for (index, week) in run {
                guard let median = week.median else { continue }
                if week.count < fewParticipants {
                    // A median of few: hollow, with its n above it.
                    svg += "<circle class=\"series-dot few\" cx=\"\(n(x(index)))\" cy=\"\(n(y(median)))\" r=\"3.5\"/>"
                        + "<text class=\"tick few-count\" x=\"\(n(x(index)))\" y=\"\(n(y(median) - 8))\" text-anchor=\"middle\">"
                        + "\(count(week.count))</text>\n"
                } else {
                    svg += "<circle class=\"series-dot\" cx=\"\(n(x(index)))\" cy=\"\(n(y(median)))\" r=\"3.5\"/>\n"
                }
            }
        }
        let step = max(1, Int((Double(weeks.count) / 12).rounded(.up)))
        for (index, week) in weeks.enumerated() where index % step == 0 {
            svg += "<text class=\"tick\" x=\"\(n(x(index)))\" y=\"\(n(height - bottom + 14))\" text-anchor=\"middle\">"
                + "\(weekLabel(week.week))</text>\n"
        }
        svg += "<text class=\"tick axis-title\" x=\"\(n((left + width - right) / 2))\" y=\"\(n(height - 4))\" "
            + "text-anchor=\"middle\">\(axisTitle)</text>\n"
        return svg + "</svg>\n"
    }

    private static func frame(title: String, id: String, ticks: [(label: String, y: Double)]) -> HTML {
        var svg: HTML = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(id)\">\n"
            + "<title id=\"\(id)\">\(title)</title>\n"
        for tick in ticks {
            svg += "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(tick.y))\" y2=\"\(n(tick.y))\"/>"
                + "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(tick.y + 4))\" text-anchor=\"end\">\(tick.label)</text>\n"
        }
        svg += "<line class=\"axis\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(height - bottom))\" "
            + "y2=\"\(n(height - bottom))\"/>\n"
        return svg
    }

    private static func n(_ value: Double) -> String {
        PlainNumber.format((value * 10).rounded() / 10)
    }
}
