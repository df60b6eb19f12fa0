import CareModel

/// When a form item or a form step is asked, as ResearchKit's form item
/// visibility rules and REDCap's branching logic decide it: a test of the
/// answers to items earlier in the same survey.
///
/// A comparison with an item that has no answer, or whose answer is
/// "prefer not to answer", does not hold; `answered` tells those apart.
public indirect enum Condition: Hashable, Sendable, Codable {
    /// The item's answer is this value, written as the stored value's text:
    /// `true`, `7`, a choice's value.
    case equals(item: String, value: String)
    case notEquals(item: String, value: String)
    case atLeast(item: String, number: Double)
    case atMost(item: String, number: Double)
    /// The item has an answer (true) or none (false); "prefer not to answer"
    /// is an answer.
    case answered(item: String, Bool)
    /// A multiple choice's answer includes this value.
    case includes(item: String, value: String)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// The items the condition reads, in the order it names them.
    public var items: [String] {
        switch self {
        case .equals(let item, _), .notEquals(let item, _), .atLeast(let item, _), .atMost(let item, _),
             .answered(let item, _), .includes(let item, _):
            [item]
        case .all(let conditions), .any(let conditions):
            conditions.flatMap(\.items)
        case .not(let condition):
            condition.items
        }
    }

    /// Whether the condition holds for these answers: form item id → the
    /// values stored for it (several for a multiple choice), only for items
    /// that were asked.
    public func holds(_ answers: [String: [OutcomeValue.Value]]) -> Bool {
        func given(_ item: String) -> [OutcomeValue.Value] {
            (answers[item] ?? []).filter { $0 != .preferNotToAnswer }
        }
        switch self {
        case .equals(let item, let value):
            let values = given(item)
            return values.count == 1 && Self.matches(values[0], value)
        case .notEquals(let item, let value):
            let values = given(item)
            return !values.isEmpty && !values.contains { Self.matches($0, value) }
        case .atLeast(let item, let number):
            let values = given(item)
            return !values.isEmpty && values.allSatisfy { Self.number($0).map { $0 >= number } ?? false }
        case .atMost(let item, let number):
            let values = given(item)
            return !values.isEmpty && values.allSatisfy { Self.number($0).map { $0 <= number } ?? false }
        case .answered(let item, let answered):
            return (answers[item]?.isEmpty == false) == answered
        case .includes(let item, let value):
            return given(item).contains { Self.matches($0, value) }
        case .all(let conditions):
            return conditions.allSatisfy { $0.holds(answers) }
        case .any(let conditions):
            return conditions.contains { $0.holds(answers) }
        case .not(let condition):
            return !condition.holds(answers)
        }
    }

    /// A number compares as a number, so `7` matches `7.0`; anything else by its text.
    private static func matches(_ answer: OutcomeValue.Value, _ value: String) -> Bool {
        if let number = number(answer), let wanted = Double(plain: value) { return number == wanted }
        return answer.text == value
    }

    /// A number to compare with: a numeric answer, or a choice whose value is a number.
    private static func number(_ answer: OutcomeValue.Value) -> Double? {
        switch answer {
        case .integer, .decimal: answer.number
        case .text(let text): Double(plain: text)
        default: nil
        }
    }
}

extension StudyTask {
    /// The form items a participant is asked, in order, given what they
    /// answered: an item is asked when its step's condition and its own hold
    /// for the answers to the items asked before it. The answers to items
    /// not asked count for nothing, as they are never stored.
    public func askedItems(answers: [String: [OutcomeValue.Value]]) -> [FormItem] {
        var asked: [FormItem] = []
        var answersSoFar: [String: [OutcomeValue.Value]] = [:]
        for step in survey {
            guard case .form(let form) = step, form.showIf?.holds(answersSoFar) ?? true else { continue }
            for item in form.items where item.showIf?.holds(answersSoFar) ?? true {
                asked.append(item)
                answersSoFar[item.id] = answers[item.id]
            }
        }
        return asked
    }

    /// Whether the question `itemID` is asked only when a condition holds: its own, or its step's.
    public func isConditional(_ itemID: String) -> Bool {
        survey.contains { step in
            guard case .form(let form) = step, let item = form.items.first(where: { $0.id == itemID }) else { return false }
            return form.showIf != nil || item.showIf != nil
        }
    }

    /// Whether any item or step of the survey has a condition.
    public var hasConditions: Bool {
        survey.contains { step in
            guard case .form(let form) = step else { return false }
            return form.showIf != nil || form.items.contains { $0.showIf != nil }
        }
    }
}

extension Condition {
    /// The condition as REDCap's branching logic writes it, the same in every
    /// language: `[pain] >= 8`, `[where(park)] = '1'`.
    public var redcap: String {
        func number(_ value: Double) -> String { OutcomeValue.Value.decimal(value).text }
        return switch self {
        case .equals(let item, let value): "[\(item)] = '\(value)'"
        case .notEquals(let item, let value): "[\(item)] <> '\(value)'"
        case .atLeast(let item, let value): "[\(item)] >= \(number(value))"
        case .atMost(let item, let value): "[\(item)] <= \(number(value))"
        case .answered(let item, let answered): answered ? "[\(item)] <> ''" : "[\(item)] = ''"
        case .includes(let item, let value): "[\(item)(\(value))] = '1'"
        case .all(let conditions): conditions.map { "(\($0.redcap))" }.joined(separator: " and ")
        case .any(let conditions): conditions.map { "(\($0.redcap))" }.joined(separator: " or ")
        case .not(let inner): "not(\(inner.redcap))"
        }
    }
}

extension StudyTask {
    /// When the item is asked: its form step's condition and its own, both; nil for always.
    public func askedWhen(_ item: String) -> Condition? {
        for step in survey {
            guard case .form(let form) = step, let found = form.items.first(where: { $0.id == item }) else { continue }
            let both = [form.showIf, found.showIf].compactMap { $0 }
            return both.count > 1 ? .all(both) : both.first
        }
        return nil
    }
}
