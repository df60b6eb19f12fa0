import CareModel
import StudyModel
import Foundation
import Markup

/// Inline SVG for bar, scatter and line charts, one panel per kind of axis,
/// stacked: each with its label and unit, ticks and grid, the target band,
/// and a `<title>` on every mark. A zero is a mark on the axis with its
/// number; a gap draws nothing, unless an answer was due, when a hatched
/// band says "no answer". Days still to come stay blank. No script.
enum ChartSVG {
    // Sized for a phone, where the SVG shows at about its own size and its
    // 11-pixel labels stay readable; wider screens scale it up.
    static let width = 360.0
    static let left = 38.0
    static let right = 8.0
    /// Above each plot: the panel's label.
    static let header = 22.0
    /// Below each plot: the day labels.
    static let footer = 28.0
    static let widestBar = 22.0

    static func plotHeight(panels: Int) -> Double { panels > 1 ? 110 : 150 }

    static func height(panels: Int) -> Double { Double(max(panels, 1)) * (header + plotHeight(panels: panels) + footer) }

    static func render(_ data: ChartData, titleID: String, zone: TimeZone, format: Format) -> HTML {
        let height = height(panels: data.panels.count)
        var svg: HTML = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(titleID)\">\n"
        if data.series.contains(where: { !$0.noAnswer.isEmpty }) {
            svg += "<defs><pattern id=\"\(titleID)-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                + "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#f3f1ec\"/>"
                + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a9a59b\" stroke-width=\"1.5\"/></pattern></defs>\n"
        }
        for (index, panel) in data.panels.enumerated() {
            let top = Double(index) * (header + plotHeight(panels: data.panels.count) + footer)
            svg += self.panel(panel, data: data, top: top, titleID: titleID, zone: zone, format: format)
        }
        return svg + "</svg>"
    }

    private static func panel(_ panel: ChartData.Panel, data: ChartData, top: Double, titleID: String, zone: TimeZone, format: Format) -> HTML {
        let axis = panel.axis
        let plotTop = top + header
        let plotHeight = plotHeight(panels: data.panels.count)
        let plotWidth = width - left - right
        let slot = plotWidth / Double(max(data.days.count, 1))
        let first = data.days.first?.ordinal ?? 0
        func x(_ day: LocalDate) -> Double { left + slot * (Double(day.ordinal - first) + 0.5) }
        func y(_ value: Double) -> Double {
            plotTop + plotHeight * (1 - (min(max(value, axis.low), axis.high) - axis.low) / (axis.high - axis.low))
        }
        let base = y(max(axis.low, min(0, axis.high)))

        var svg: HTML = "<text class=\"panel-label\" x=\"0\" y=\"\(n(top + 15))\">\(axis.title(panel.series.map(\.series.legend), format: format))</text>\n"
        var tick = axis.low
        while tick <= axis.high + axis.step / 1000 {
            svg += "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\"/>"
            svg += "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(axis.label(tick, format: format))</text>\n"
            tick += axis.step
        }
        // A hatched band where an answer was due and none was given.
        for day in data.days {
            let missed = panel.series.filter { $0.noAnswer.contains(day) }
            guard !missed.isEmpty, !panel.series.contains(where: { series in series.points.contains { $0.day == day } }) else { continue }
            let names = missed.map(\.series.legend).joined(separator: ", ")
            svg += "<rect class=\"no-answer\" x=\"\(n(x(day) - slot / 2 + 0.5))\" y=\"\(n(plotTop))\" width=\"\(n(max(slot - 1, 1)))\" "
                + "height=\"\(n(plotHeight))\" fill=\"url(#\(titleID)-hatch)\"><title>"
                + "\(format.language.words(.noAnswerTitle, ["day": format.weekdayAndDay(day), "names": names]))</title></rect>\n"
        }
        // The target over the hatching, so its label stays readable.
        for series in panel.series {
            guard let target = series.series.target else { continue }
            svg += TargetBand.svg(target, left: left, right: left + plotWidth, low: axis.low, high: axis.high, y: y)
        }
        svg += "<line class=\"axis\" x1=\"\(n(left))\" x2=\"\(n(width - right))\" y1=\"\(n(base))\" y2=\"\(n(base))\"/>\n"
        let every = data.days.count <= 7 ? 1 : max(1, Int((Double(data.days.count) / 5).rounded(.up)))
        for (index, day) in data.days.enumerated() where index % every == 0 {
            let label = data.days.count <= 7 ? format.weekdayShort(day) : format.shortDay(day)
            let bottom = plotTop + plotHeight
            svg += "<line class=\"axis\" x1=\"\(n(x(day)))\" x2=\"\(n(x(day)))\" y1=\"\(n(bottom))\" y2=\"\(n(bottom + 4))\"/>"
            svg += "<text class=\"tick\" x=\"\(n(x(day)))\" y=\"\(n(bottom + 17))\" text-anchor=\"middle\">\(label)</text>\n"
        }
        // "Prefer not to answer": a hollow diamond on the axis, in the series' colour, never a bar or a zero.
        for series in panel.series {
            for day in series.preferredNotToAnswer.sorted() {
                let cx = x(day), cy = base - 7
                svg += "<path class=\"declined\" d=\"M\(n(cx)) \(n(cy - 5))L\(n(cx + 5)) \(n(cy))L\(n(cx)) \(n(cy + 5))L\(n(cx - 5)) \(n(cy))Z\" "
                    + "fill=\"#ffffff\" stroke=\"\(series.color)\" stroke-width=\"2\"><title>"
                    + "\(format.language.words(.pointTitle, ["day": format.weekdayAndDay(day), "name": series.series.legend, "value": format.language.words(.preferNotToAnswer)]))</title></path>\n"
            }
        }
        for (index, series) in panel.series.enumerated() {
            svg += marks(series, index: index, of: panel.series.count, kind: data.chart.kind, slot: slot, x: x, y: y, base: base,
                         zone: zone, format: format)
        }
        return svg
    }

    private static func marks(_ series: ChartData.Series, index: Int, of count: Int, kind: InsightChart.Kind, slot: Double,
                              x: (LocalDate) -> Double, y: (Double) -> Double, base: Double, zone: TimeZone, format: Format) -> HTML {
        let name = series.series.legend
        var svg = HTML()
        switch kind {
        case .bar:
            let barWidth = min(max(1, slot * 0.8 / Double(count)), widestBar)
            for point in series.points {
                let barX = x(point.day) - barWidth * Double(count) / 2 + barWidth * Double(index)
                let top = y(point.value)
                let title: HTML = "<title>\(title(point, name: name, zone: zone, format: format))</title>"
                if point.value == 0 {
                    // A zero is a mark on the axis with its number, never mistaken for a day without an answer.
                    svg += "<rect class=\"zero\" x=\"\(n(barX))\" y=\"\(n(base - 3))\" width=\"\(n(barWidth))\" height=\"3\" "
                        + "fill=\"\(series.color)\">\(title)</rect>"
                    svg += "<text class=\"zero-label\" x=\"\(n(barX + barWidth / 2))\" y=\"\(n(base - 6))\" text-anchor=\"middle\">0</text>\n"
                } else {
                    svg += "<rect x=\"\(n(barX))\" y=\"\(n(min(top, base)))\" width=\"\(n(barWidth))\" height=\"\(n(abs(base - top)))\" "
                        + "fill=\"\(series.color)\">\(title)</rect>\n"
                }
            }
        case .scatter:
            // Each part straight into the drawing, as the line's points below.
            for point in series.points {
                svg += "<circle cx=\"\(n(x(point.day)))\" cy=\"\(n(y(point.value)))\" r=\"5\" fill=\"\(series.color)\" "
                svg += "stroke=\"#ffffff\" stroke-width=\"1.5\"><title>\(title(point, name: name, zone: zone, format: format))</title></circle>\n"
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
                // Each part straight into the drawing: joined first, each point was copied once more.
                svg += "<circle cx=\"\(n(x(point.day)))\" cy=\"\(n(y(point.value)))\" r=\"3.5\" fill=\"\(series.color)\">"
                svg += "<title>\(title(point, name: name, zone: zone, format: format))</title></circle>\n"
            }
        }
        return svg
    }

    /// `Thu, Mar 5: Pain (0-10) 3, answered 8:12 AM`
    static func title(_ point: ChartData.Point, name: String, zone: TimeZone, format: Format) -> String {
        let words = format.language.words
        let number = format.number(point.value)
        let value = point.unit.map { words(.valueWithUnit, ["value": number, "unit": $0]) } ?? number
        var title = words(.pointTitle, ["day": format.weekdayAndDay(point.day), "name": name, "value": value])
        if let outcome = point.outcome {
            // Answered later in its window: the day too.
            let day = zone.localDate(of: outcome.createdAt)
            let time = day == point.day ? format.time(outcome.createdAt, in: zone)
                : format.dateAndTime(day, time: zone.localTime(of: outcome.createdAt))
            title = words(.pointAnswered, ["point": title, "time": time])
        }
        return point.isSoFar ? words(.soFar, ["value": title]) : title
    }

    static func n(_ value: Double) -> String {
        PlainNumber.format(value)
    }
}
