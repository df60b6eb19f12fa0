import CareModel
import StudyModel

/// Reads a `showIf` condition and checks it can be evaluated: each item it
/// names comes earlier in the same survey, and each value it compares with
/// is one the item can take. What is refused here is never a surprise on a
/// participant's page.
extension FieldReader {
    private static let comparisons = ["equals", "notEquals", "atLeast", "atMost", "answered", "includes"]

    /// - Parameters:
    ///   - earlier: the survey's items before the one the condition is on.
    ///   - own: the id of the item the condition is on; nil for a step's.
    ///   - later: ids of the items after it, for a clearer message.
    func condition(_ node: YAMLNode, earlier: [FormItem], own: String?, later: Set<String>) -> Condition? {
        enter(.conditions)
        defer { leave() }
        guard case .mapping(let pairs) = node.value else {
            error("showIf must be a mapping, such as '{ item: locking, equals: true }'", at: node)
            return nil
        }
        let keys = pairs.compactMap { pair -> String? in if case .scalar(let key, _) = pair.key.value { key } else { nil } }
        for combinator in ["all", "any"] where keys.contains(combinator) {
            guard let fields = fields(node, in: "a condition", allowed: [combinator]),
                  let list = list(fields[combinator], combinator) else { return nil }
            guard !list.isEmpty else {
                error("\(combinator) needs at least one condition", at: fields[combinator] ?? node)
                return nil
            }
            let conditions = list.compactMap { condition($0, earlier: earlier, own: own, later: later) }
            guard conditions.count == list.count else { return nil }
            return combinator == "all" ? .all(conditions) : .any(conditions)
        }
        if keys.contains("not") {
            guard let fields = fields(node, in: "a condition", allowed: ["not"]), let inner = fields["not"],
                  let condition = condition(inner, earlier: earlier, own: own, later: later) else { return nil }
            return .not(condition)
        }
        guard let fields = fields(node, in: "a condition", allowed: ["item"] + Self.comparisons, required: ["item"]),
              let itemNode = fields["item"], let id = identifier(itemNode, "the condition's item") else { return nil }
        let given = Self.comparisons.filter { fields[$0] != nil }
        guard given.count == 1, let comparison = given.first, let valueNode = fields[comparison] else {
            error(given.isEmpty ? "a condition needs one of \(Self.comparisons.joined(separator: ", ")), "
                      + "such as '{ item: \(id), equals: true }'"
                  : "a condition compares its item one way, and this one gives \(given.joined(separator: " and ")): keep one",
                  at: node)
            return nil
        }
        guard let item = earlier.first(where: { $0.id == id }) else {
            if id == own {
                error("the condition of '\(id)' names '\(id)' itself; a question can only follow answers given before it",
                      at: itemNode)
            } else if later.contains(id) {
                error("'\(id)' comes later in the survey; a question can only follow answers given before it, "
                      + "so move '\(id)' above", at: itemNode)
            } else {
                let ids = earlier.map(\.id)
                let suggestion = Self.closest(to: id, in: ids).map { "; did you mean '\($0)'?" }
                    ?? (ids.isEmpty ? "; no question comes before it" : "; the questions before it are \(ids.joined(separator: ", "))")
                error("the survey has no question '\(id)' before this one\(suggestion)", at: itemNode)
            }
            return nil
        }
        switch comparison {
        case "answered":
            return boolean(valueNode, "answered").map { .answered(item: id, $0) }
        case "atLeast", "atMost":
            guard let number = number(valueNode, comparison) else { return nil }
            guard let range = Self.numericRange(item) else {
                error("\(comparison) compares numbers, and the answers to '\(id)' are not numbers; use equals", at: valueNode)
                return nil
            }
            if range.low.map({ number < $0 }) == true || range.high.map({ number > $0 }) == true {
                error("\(comparison) \(Self.format(number)) is out of reach: answers to '\(id)' run"
                      + (range.low.map { " from \(Self.format($0))" } ?? "") + (range.high.map { " to \(Self.format($0))" } ?? ""),
                      at: valueNode)
                return nil
            }
            return comparison == "atLeast" ? .atLeast(item: id, number: number) : .atMost(item: id, number: number)
        case "includes":
            guard case .choice(let options, true) = item.answer else {
                error("includes is for a multiple choice, and '\(id)' takes one answer; use equals", at: valueNode)
                return nil
            }
            return choiceValue(valueNode, options: options, item: id).map { .includes(item: id, value: $0) }
        default:
            guard let value = comparedValue(valueNode, item: item, comparison: comparison) else { return nil }
            return comparison == "equals" ? .equals(item: id, value: value) : .notEquals(item: id, value: value)
        }
    }

    /// The value `equals` or `notEquals` compares with, as the item's answers are stored.
    private func comparedValue(_ node: YAMLNode, item: FormItem, comparison: String) -> String? {
        let id = item.id
        switch item.answer {
        case .boolean:
            return boolean(node, comparison).map { $0 ? "true" : "false" }
        case .choice(let options, let multiple):
            if multiple {
                error("'\(id)' is a multiple choice, whose answer is a list; use includes", at: node)
                return nil
            }
            return choiceValue(node, options: options, item: id)
        case .scale(let low, let high, let step, _, _):
            guard let number = number(node, comparison) else { return nil }
            let steps = (number - low) / step
            guard number >= low, number <= high, abs(steps - steps.rounded()) < 1e-9 else {
                error("'\(id)' cannot be \(Self.format(number)): its scale runs from \(Self.format(low)) to "
                      + "\(Self.format(high)) in steps of \(Self.format(step))", at: node)
                return nil
            }
            return Self.format(number)
        case .numeric(let low, let high, _, _):
            guard let number = number(node, comparison) else { return nil }
            if low.map({ number < $0 }) == true || high.map({ number > $0 }) == true {
                error("'\(id)' cannot be \(Self.format(number)): its answers run"
                      + (low.map { " from \(Self.format($0))" } ?? "") + (high.map { " to \(Self.format($0))" } ?? ""), at: node)
                return nil
            }
            return Self.format(number)
        case .text:
            return text(node, comparison)
        case .date(let low, let high):
            guard let text = text(node, comparison) else { return nil }
            guard let day = LocalDate(iso: text) else {
                error("\(comparison) needs a day written YYYY-MM-DD, not '\(text)'", at: node)
                return nil
            }
            if low.map({ day < $0 }) == true || high.map({ day > $0 }) == true {
                error("'\(id)' cannot be \(day): its answers run" + (low.map { " from \($0)" } ?? "")
                      + (high.map { " to \($0)" } ?? ""), at: node)
                return nil
            }
            return day.description
        case .timeOfDay:
            guard let text = text(node, comparison) else { return nil }
            guard let time = LocalTime(text) else {
                error("\(comparison) needs a time written HH:MM on a 24-hour clock, such as \"08:30\", not '\(text)'", at: node)
                return nil
            }
            return time.description
        }
    }

    private func choiceValue(_ node: YAMLNode, options: [ChoiceOption], item: String) -> String? {
        guard let value = text(node, "the value") else { return nil }
        guard options.contains(where: { $0.value == value }) else {
            let values = options.map(\.value)
            // "did you mean '1'" for a '3' would be a guess, not a typo caught.
            let suggestion = value.count > 2 ? Self.closest(to: value, in: values).map { "did you mean '\($0)'? " } ?? "" : ""
            error("'\(item)' has no option '\(value)'; \(suggestion)its options store \(values.map { "'\($0)'" }.joined(separator: ", "))",
                  at: node)
            return nil
        }
        return value
    }

    /// Where an item's numeric answers can lie; nil for an item whose answers are not numbers.
    static func numericRange(_ item: FormItem) -> (low: Double?, high: Double?)? {
        switch item.answer {
        case .scale(let low, let high, _, _, _): return (low, high)
        case .numeric(let low, let high, _, _): return (low, high)
        case .choice(let options, _):
            let numbers = options.compactMap { Double(plain: $0.value) }
            guard numbers.count == options.count else { return nil }
            return (numbers.min(), numbers.max())
        case .boolean, .text, .date, .timeOfDay: return nil
        }
    }
}
