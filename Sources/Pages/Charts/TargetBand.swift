import Markup
import StudyModel

/// A study's target on a chart: the band of values it hopes for, a dashed
/// line at each bound and its label inside the band's edge. One drawing for
/// a participant's insights and the study's overview.
enum TargetBand {
    /// - Parameters:
    ///   - left, right: the plot's edges; `y` places a value, `low`…`high` the axis' ends.
    static func svg(_ target: ChartTarget, left: Double, right: Double, low: Double, high: Double, y: (Double) -> Double) -> HTML {
        let upper = y(target.max ?? high), lower = y(target.min ?? low)
        var svg: HTML = "<rect class=\"target\" x=\"\(ChartSVG.n(left))\" y=\"\(ChartSVG.n(upper))\" width=\"\(ChartSVG.n(right - left))\" "
            + "height=\"\(ChartSVG.n(max(lower - upper, 0)))\"><title>\(target.label)</title></rect>\n"
        for bound in [target.min, target.max].compactMap({ $0 }) {
            svg += "<line class=\"target-line\" x1=\"\(ChartSVG.n(left))\" x2=\"\(ChartSVG.n(right))\" y1=\"\(ChartSVG.n(y(bound)))\" y2=\"\(ChartSVG.n(y(bound)))\"/>\n"
        }
        let labelY = target.max == nil ? upper + 13 : lower - 5
        return svg + "<text class=\"target-label\" x=\"\(ChartSVG.n(right - 4))\" y=\"\(ChartSVG.n(labelY))\" text-anchor=\"end\">\(target.label)</text>\n"
    }
}
