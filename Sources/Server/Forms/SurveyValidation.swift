import CareModel
import StudyModel
import Foundation
import HTTP
import Pages

/// What a participant entered in a survey form, and what was wrong with it:
/// values are kept as typed so a form shown again loses nothing.
public struct SurveyEntry: Sendable, Error {
    /// Field name → the values entered (several for a multiple choice).
    public var values: [String: [String]]
    /// Field name → what to fix.
    public var errors: [String: String]

    public init(values: [String: [String]] = [:], errors: [String: String] = [:]) {
        self.values = values
        self.errors = errors
    }
}

/// Checks a submitted survey form against its task, answer by answer: the
/// outcome values to store, or every problem with the values kept.
public enum SurveyValidation {
    public static func validate(_ task: StudyTask, form: FormData) -> Result<[OutcomeValue], SurveyEntry> {
        validate(task.formItems, form: form)
    }

    public static func validate(_ items: [FormItem], form: FormData) -> Result<[OutcomeValue], SurveyEntry> {
        var entry = SurveyEntry()
        var values: [OutcomeValue] = []
        for item in items {
            let given = form.all(item.id).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            entry.values[item.id] = form.all(item.id)
            guard !given.isEmpty else {
                if item.isRequired { entry.errors[item.id] = "Please answer this question." }
                continue
            }
            switch check(item, given) {
            case .success(let answers): values += answers
            case .failure(let message): entry.errors[item.id] = message.text
            }
        }
        return entry.errors.isEmpty ? .success(values) : .failure(entry)
    }

    static func check(_ item: FormItem, _ given: [String]) -> Result<[OutcomeValue], ValidationMessage> {
        let unit = item.answer.unit
        func one(_ value: OutcomeValue.Value) -> Result<[OutcomeValue], ValidationMessage> {
            .success([OutcomeValue(kind: item.id, value: value, unit: unit)])
        }
        guard item.answer.allowsSeveral || given.count == 1 else { return .failure("Choose one answer.") }
        let text = given[0]
        switch item.answer {
        case .scale(let min, let max, let step, _, _):
            guard let number = Double(text), number >= min, number <= max,
                  abs(((number - min) / step) - ((number - min) / step).rounded()) < 1e-9,
                  let value = item.answer.value(number) else {
                return .failure("Choose one of the numbers from \(Format.number(min)) to \(Format.number(max)).")
            }
            return one(value)
        case .numeric(let min, let max, let decimals, let unit):
            let normalized = text.replacingOccurrences(of: ",", with: ".")
            guard let number = Double(normalized), number.isFinite,
                  normalized.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
                return .failure("Enter a number\(unit.map { " of \($0)" } ?? ""), such as \(example(min, max, decimals)).")
            }
            let places = normalized.split(separator: ".").dropFirst().first?.count ?? 0
            guard places <= decimals else {
                return .failure(decimals == 0 ? "Enter a whole number." : "Use at most \(decimals) decimal\(decimals == 1 ? "" : "s").")
            }
            if let min, number < min {
                return .failure("Enter a number of at least \(Format.number(min))\(unit.map { " \($0)" } ?? "").")
            }
            if let max, number > max {
                return .failure("Enter a number of at most \(Format.number(max))\(unit.map { " \($0)" } ?? "").")
            }
            guard abs(number) < 1e15, let value = item.answer.value(number) else {
                return .failure("Enter a smaller number.")
            }
            return one(value)
        case .boolean:
            switch text {
            case "yes": return one(.boolean(true))
            case "no": return one(.boolean(false))
            default: return .failure("Choose yes or no.")
            }
        case .choice(let options, _):
            let values = options.map(\.value)
            guard given.allSatisfy(values.contains), Set(given).count == given.count else {
                return .failure("Choose from the options shown.")
            }
            return .success(given.map { OutcomeValue(kind: item.id, value: .text($0)) })
        case .text(let maxLength):
            if let maxLength, text.count > maxLength {
                return .failure("Keep it to \(maxLength) characters; this has \(text.count).")
            }
            return one(.text(text))
        }
    }

    static func example(_ min: Double?, _ max: Double?, _ decimals: Int) -> String {
        let low = min ?? 0
        let middle = ((low + (max ?? low + 10)) / 2)
        return decimals == 0 ? Format.number(middle.rounded()) : Format.decimal((middle * 2).rounded() / 2)
    }
}

/// A message that says what to fix, for one answer.
public struct ValidationMessage: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    public var text: String

    public init(stringLiteral value: String) {
        text = value
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        text = String(stringInterpolation: stringInterpolation)
    }
}

extension Result where Failure == ValidationMessage {
    static func failure(_ message: String) -> Result {
        .failure(ValidationMessage(stringLiteral: message))
    }
}

extension AnswerFormat {
    var allowsSeveral: Bool {
        if case .choice(_, true) = self { true } else { false }
    }
}
