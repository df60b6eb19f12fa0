import CareModel

/// A score computed from several answers of a task, as REDCap's calculated
/// fields and the KOOS subscales are: derived from the answers with the
/// definition of the task version they were given in, never stored.
///
///     scores:
///       - id: kneeFunction
///         label: Knee function
///         items: [k1, k2, k3, k4, k5, k6, k7, k8, k9]
///         method: mean
///         reverse: [k9]
///         minAnswered: 5
///         rescale: { from: [0, 4], to: [100, 0] }
///         better: higher
public struct Score: Hashable, Sendable, Codable {
    public enum Method: String, Hashable, Sendable, Codable, CaseIterable {
        /// The mean of the answered items.
        case mean
        /// The sum of the answered items.
        case sum
    }

    /// Which end of the score is the good one, as a reader needs to know to read "50 of 100".
    public enum Better: String, Hashable, Sendable, Codable, CaseIterable {
        case higher, lower
    }

    /// A linear map of the result: `from`'s ends go to `to`'s ends.
    public struct Rescale: Hashable, Sendable, Codable {
        public var from: [Double]
        public var to: [Double]

        public init(from: (Double, Double), to: (Double, Double)) {
            self.from = [from.0, from.1]
            self.to = [to.0, to.1]
        }

        private enum CodingKeys: String, CodingKey {
            case from, to
        }

        /// As stored with a task's version: one that does not map two numbers to two, which `check` never
        /// writes but a crafted store may hold, is refused, so the version reads as unreadable, never half applied.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let from = try container.decode([Double].self, forKey: .from), to = try container.decode([Double].self, forKey: .to)
            guard from.count == 2, to.count == 2 else {
                throw DecodingError.dataCorruptedError(forKey: from.count == 2 ? .to : .from, in: container,
                                                       debugDescription: "a rescale maps two numbers to two")
            }
            (self.from, self.to) = (from, to)
        }

        func apply(_ value: Double) -> Double {
            to[0] + (value - from[0]) * (to[1] - to[0]) / (from[1] - from[0])
        }
    }

    public var id: String
    public var label: String
    public var items: [String]
    public var method: Method
    /// Items scored as (min + max − value) of their own range.
    public var reverse: [String]
    /// With fewer items answered there is no score; "prefer not to answer" is not an answer.
    public var minAnswered: Int
    public var rescale: Rescale?
    /// Nil where the study does not say; a score's own definition never guesses it.
    public var better: Better?

    public init(id: String, label: String, items: [String], method: Method, reverse: [String] = [],
                minAnswered: Int, rescale: Rescale? = nil, better: Better? = nil) {
        self.id = id
        self.label = label
        self.items = items
        self.method = method
        self.reverse = reverse
        self.minAnswered = minAnswered
        self.rescale = rescale
        self.better = better
    }

    /// What a score comes to for one outcome.
    public enum Result: Hashable, Sendable {
        case value(Double)
        /// Fewer than `minAnswered` of its items were answered.
        case notEnoughAnswers(answered: Int, needed: Int)
    }

    /// The score of `values`, answers to `task`'s items in the version that
    /// defines this score.
    public func result(_ values: [OutcomeValue], task: StudyTask) -> Result {
        var numbers: [Double] = []
        let formItems = task.formItems
        for id in items {
            // The answer first: an item's range reads each of its choices.
            guard let value = values.first(where: { $0.kind == id }), let number = Self.number(value.value),
                  let item = formItems.first(where: { $0.id == id }), let range = Self.range(of: item) else { continue }
            numbers.append(reverse.contains(id) ? range.lowerBound + range.upperBound - number : number)
        }
        guard numbers.count >= minAnswered, !numbers.isEmpty else {
            return .notEnoughAnswers(answered: numbers.count, needed: minAnswered)
        }
        let total = numbers.reduce(0, +)
        let raw = method == .mean ? total / Double(numbers.count) : total
        return .value(rescale?.apply(raw) ?? raw)
    }

    /// Where the score can lie, for "68 of 100": the rescaled range, or the
    /// range of its items' mean or sum; nil when its items' ranges are unknown.
    public func range(task: StudyTask) -> ClosedRange<Double>? {
        if let rescale { return min(rescale.to[0], rescale.to[1])...max(rescale.to[0], rescale.to[1]) }
        let ranges = items.compactMap { id in task.formItems.first { $0.id == id }.flatMap(Self.range(of:)) }
        guard ranges.count == items.count, !ranges.isEmpty else { return nil }
        let low = ranges.map(\.lowerBound).reduce(0, +), high = ranges.map(\.upperBound).reduce(0, +)
        let count = method == .mean ? Double(ranges.count) : 1
        return (low / count)...(high / count)
    }

    /// The lowest and highest value the score can take from `items` (the
    /// survey's), rescaled; either may be infinite or not a number when the
    /// definition's numbers are too large, which `check` refuses. Nil when
    /// an item's range is unknown.
    public func extremes(items survey: [FormItem]) -> (low: Double, high: Double)? {
        let ranges = items.compactMap { id in survey.first { $0.id == id }.flatMap(Self.range(of:)) }
        guard ranges.count == items.count, !ranges.isEmpty else { return nil }
        let count = method == .mean ? Double(ranges.count) : 1
        let ends = [ranges.map(\.lowerBound).reduce(0, +) / count, ranges.map(\.upperBound).reduce(0, +) / count]
            .map { rescale?.apply($0) ?? $0 }
        return (ends.min() ?? ends[0], ends.max() ?? ends[1])
    }

    /// The range an item's answers lie in: a scale's ends, a number's min
    /// and max, a choice's lowest and highest numeric values; nil for any
    /// other item, which a score cannot use.
    ///
    /// A scale or number whose ends are the wrong way round or not numbers,
    /// which `check` refuses but a crafted store's definition may hold, has none.
    public static func range(of item: FormItem) -> ClosedRange<Double>? {
        switch item.answer {
        case .scale(let low, let high, _, _, _): return low <= high ? low...high : nil
        case .numeric(let low?, let high?, _, _): return low <= high ? low...high : nil
        case .choice(let options, false):
            let numbers = options.compactMap { Double(plain: $0.value) }
            guard numbers.count == options.count, let low = numbers.min(), let high = numbers.max() else { return nil }
            return low...high
        default: return nil
        }
    }

    private static func number(_ value: OutcomeValue.Value) -> Double? {
        switch value {
        case .integer, .decimal: value.number
        case .text(let text): Double(plain: text)
        default: nil
        }
    }
}

extension CarePlan {
    /// `outcome` with the scores of the task version it was answered in, as
    /// values of their own kinds, after its answers: each score that
    /// `sharing` shares all the items of, and that has enough answers.
    public func scored(_ outcome: Outcome, sharing: Sharing = .everything) -> Outcome {
        guard scoredTaskIDs.contains(outcome.taskID), let task = task(outcome.taskID, version: outcome.taskVersion),
              let scores = task.scores, !outcome.isDeleted else {
            return outcome
        }
        var scored = outcome
        for score in scores where score.items.allSatisfy({ sharing.isShared(taskID: outcome.taskID, kind: $0) }) {
            if case .value(let value) = score.result(outcome.values, task: task) {
                scored.values.append(OutcomeValue(kind: score.id, value: .decimal(value)))
            }
        }
        return scored
    }
}
