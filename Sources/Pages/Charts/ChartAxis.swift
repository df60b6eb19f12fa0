import StudyModel
import Foundation

/// A value axis of one kind: a scale on its whole range whatever was
/// answered, a number in its unit from zero, or no and yes. Series share an
/// axis only when they are of one kind; the axis is worked out from the whole
/// study's answers, so a week's chart and the whole study's agree.
struct ChartAxis: Equatable {
    enum Kind: Hashable {
        case scale(min: Double, max: Double)
        case number(unit: String?)
        case yesNo
        /// How many a day, in whole steps from zero.
        case count
    }

    var kind: Kind
    var low: Double
    var high: Double
    var step: Double

    /// The kind of the form item a series reads, from the study's task;
    /// a number in the unit its answers carry when the item is unknown.
    static func kind(of series: ChartSeries, study: Study, units: [String?]) -> Kind {
        if series.measure == .entries { return .count }
        if series.measure == .score {
            let task = study.task(series.task)
            guard let range = task.flatMap({ $0.score(series.value)?.range(task: $0) }) else { return .number(unit: nil) }
            return .scale(min: range.lowerBound, max: range.upperBound)
        }
        let item = study.task(series.task)?.formItems.first { $0.id == series.value }
        switch item?.answer {
        case .scale(let low, let high, _, _, _): return .scale(min: low, max: high)
        case .boolean: return .yesNo
        case .numeric(_, _, _, let unit): return .number(unit: unit)
        case .choice, .text, .date, .timeOfDay, nil: return .number(unit: units.compactMap { $0 }.first)
        }
    }

    /// An axis of `kind` reaching every one of `values` (the whole study's
    /// answers and the target's bounds).
    init(_ kind: Kind, values: [Double]) {
        self.kind = kind
        switch kind {
        case .scale(let low, let high):
            let span = Swift.max(high - low, 1)
            step = [1.0, 2, 5, 10, 20, 25, 50, 100].first { span / $0 <= 6 } ?? Self.round(span / 5)
            (self.low, self.high) = (low, high)
        case .yesNo:
            (low, high, step) = (0, 1, 1)
        case .number:
            (low, high, step) = Self.axis(min: Swift.min(0, values.min() ?? 0), max: values.max() ?? 1)
        case .count:
            let rounded = Self.axis(min: 0, max: Swift.max(values.max() ?? 0, 4))
            (low, high, step) = (0, rounded.high, Swift.max(rounded.step, 1))
        }
    }

    /// What the values are measured in, for the axis's label: `hours`, `0 to 10`, `yes or no`.
    func unitLabel(format: Format) -> String? {
        let words = format.language.words
        return switch kind {
        case .scale(let low, let high): words(.scaleRange, ["low": format.number(low), "high": format.number(high)])
        case .number(let unit): unit
        case .yesNo: words(.yesOrNo)
        case .count: words(.aDay)
        }
    }

    /// A tick's label: the number, or No and Yes.
    func label(_ value: Double, format: Format) -> String {
        if kind == .yesNo { return value >= 0.5 ? format.language.words(.yes) : format.language.words(.no) }
        return format.number(value)
    }

    /// The label above a panel: the legends, with the unit unless a legend
    /// already says it (`Sleep (hours)`, `Pain (0-10)`).
    func title(_ legends: [String], format: Format) -> String {
        let joined = legends.joined(separator: " · ")
        // A legend that says its unit in brackets, in any language's way, says it already.
        guard let unit = unitLabel(format: format), !joined.contains("("), !joined.contains("（") else { return joined }
        let plain = { (text: String) in
            text.lowercased().replacingOccurrences(of: "\u{2013}", with: "-").replacingOccurrences(of: " to ", with: "-")
        }
        return plain(joined).contains(plain(unit)) ? joined : format.language.words(.legendWithUnit, ["legend": joined, "unit": unit])
    }

    /// A rounded axis from `min` to `max` with a step of 1, 2 or 5 × 10ⁿ.
    static func axis(min: Double, max: Double) -> (low: Double, high: Double, step: Double) {
        let span = Swift.max(max - min, 1)
        let step = round(span / 5)
        let low = (min / step).rounded(.down) * step
        let high = Swift.max((max / step).rounded(.up) * step, low + step)
        return (low, high, step)
    }

    /// The step of 1, 2 or 5 × 10ⁿ at or above `rough`.
    private static func round(_ rough: Double) -> Double {
        let magnitude = pow(10, log10(rough).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
    }
}
