import CareModel
import Foundation
import Markup

/// Inline SVG for bar, scatter and line charts: axes with ticks, a gap
/// where no answer exists (never a zero), a `<title>` on every mark. No script.
enum ChartSVG {
    // Sized for a phone, where the SVG shows at about its own size and its
    // 12-pixel labels stay readable; wider screens scale it up.
    static let width = 360.0
    static let height = 220.0
    static let left = 38.0
    static let right = 8.0
    static let top = 12.0
    static let bottom = 34.0

    static func render(_ data: ChartData, titleID: String, zone: TimeZone) -> HTML {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let values = data.series.flatMap { $0.points.map(\.value) }
        let (low, high, step) = axis(min: min(0, values.min() ?? 0), max: values.max() ?? 1)
        let slot = plotWidth / Double(max(data.days.count, 1))
        let first = data.days.first?.ordinal ?? 0
        func x(_ day: LocalDate) -> Double { left + slot * (Double(day.ordinal - first) + 0.5) }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - low) / (high - low)) }

        var svg: HTML = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(titleID)\">\n"
        // Grid lines and y ticks.
        var tick = low
        while tick <= high + step / 1000 {
            svg += "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\"/>"
            svg += "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(Format.number(tick))</text>\n"
            tick += step
        }
        if let unit = data.sharedUnit {
            svg += "<text class=\"axis-label\" x=\"12\" y=\"\(n(top + plotHeight / 2))\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 12 \(n(top + plotHeight / 2)))\">\(unit)</text>\n"
        }
        // X axis with day ticks, thinned to about eight labels.
        svg += "<line class=\"axis\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(low)))\" y2=\"\(n(y(low)))\"/>\n"
        let every = max(1, Int((Double(data.days.count) / 5).rounded(.up)))
        for (index, day) in data.days.enumerated() where index % every == 0 {
            let label = data.days.count <= 7 ? Format.weekdayShort(day) : Format.shortDay(day)
            svg += "<line class=\"axis\" x1=\"\(n(x(day)))\" x2=\"\(n(x(day)))\" y1=\"\(n(y(low)))\" y2=\"\(n(y(low) + 4))\"/>"
            svg += "<text class=\"tick\" x=\"\(n(x(day)))\" y=\"\(n(y(low) + 18))\" text-anchor=\"middle\">\(label)</text>\n"
        }

        let seriesCount = Double(max(data.series.count, 1))
        for (index, series) in data.series.enumerated() {
            let name = series.series.legend
            switch data.chart.kind {
            case .bar:
                let barWidth = max(1, slot * 0.8 / seriesCount)
                for point in series.points {
                    let barX = x(point.day) - slot * 0.4 + barWidth * Double(index)
                    let top = y(max(point.value, 0)), base = y(max(low, min(0, point.value)))
                    // A zero is a visible sliver on the axis; only a gap draws nothing.
                    let height = max(abs(base - top), 2.5)
                    svg += "<rect x=\"\(n(barX))\" y=\"\(n(min(top, base - height)))\" width=\"\(n(barWidth))\" "
                        + "height=\"\(n(height))\" fill=\"\(series.color)\">"
                        + "<title>\(title(point, name: name, zone: zone))</title></rect>\n"
                }
            case .scatter:
                for point in series.points {
                    svg += "<circle cx=\"\(n(x(point.day)))\" cy=\"\(n(y(point.value)))\" r=\"5\" fill=\"\(series.color)\" "
                        + "stroke=\"#ffffff\" stroke-width=\"1.5\"><title>\(title(point, name: name, zone: zone))</title></circle>\n"
                }
            case .line:
                // A missing day breaks the line: a gap, not a slope through nothing.
                var segments: [[ChartData.Point]] = []
                for point in series.points {
                    if let last = segments.last?.last, last.day.days(to: point.day) <= 1 {
                        segments[segments.count - 1].append(point)
                    } else {
                        segments.append([point])
                    }
                }
                for segment in segments where segment.count > 1 {
                    let path = segment.enumerated().map { "\($0 == 0 ? "M" : "L")\(n(x($1.day))) \(n(y($1.value)))" }
                        .joined(separator: " ")
                    svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2.5\" "
                        + "stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
                }
                for point in series.points {
                    svg += "<circle cx=\"\(n(x(point.day)))\" cy=\"\(n(y(point.value)))\" r=\"3.5\" fill=\"\(series.color)\">"
                        + "<title>\(title(point, name: name, zone: zone))</title></circle>\n"
                }
            }
        }
        return svg + "</svg>"
    }

    /// `Thu, Mar 5: Pain (0-10) 3, answered 8:12 AM`
    static func title(_ point: ChartData.Point, name: String, zone: TimeZone) -> String {
        "\(Format.weekdayShort(point.day)), \(Format.shortDay(point.day)): \(name) \(Format.number(point.value))"
            + (point.unit.map { " \($0)" } ?? "") + ", answered \(Format.time(point.outcome.createdAt, in: zone))"
    }

    /// A rounded axis from `min` to `max` with a step of 1, 2 or 5 × 10ⁿ.
    static func axis(min: Double, max: Double) -> (low: Double, high: Double, step: Double) {
        let span = Swift.max(max - min, 1)
        let rough = span / 5
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let low = (min / step).rounded(.down) * step
        let high = Swift.max((max / step).rounded(.up) * step, low + step)
        return (low, high, step)
    }

    static func n(_ value: Double) -> String {
        Format.decimal(value)
    }
}
