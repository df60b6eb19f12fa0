import CareModel
import StudyModel
import Foundation
import HTTP
import Pages
import Words

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
    /// - Parameter language: the participant's, whose words say what to fix and whose decimals are read.
    public static func validate(_ task: StudyTask, form: FormData, language: Language) -> Result<[OutcomeValue], SurveyEntry> {
        validate(task.formItems, form: form, language: language)
    }

    public static func validate(_ items: [FormItem], form: FormData, language: Language) -> Result<[OutcomeValue], SurveyEntry> {
        let words = language.words
        var entry = SurveyEntry()
        var values: [OutcomeValue] = []
        for item in items {
            let given = form.all(item.id).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            entry.values[item.id] = form.all(item.id)
            guard !given.isEmpty else {
                if item.isRequired { entry.errors[item.id] = words(.pleaseAnswer) }
                continue
            }
            switch check(item, given, format: Format(language: language)) {
            case .success(let answers): values += answers
            case .failure(let message): entry.errors[item.id] = message.text
            }
        }
        return entry.errors.isEmpty ? .success(values) : .failure(entry)
    }

    static func check(_ item: FormItem, _ given: [String], format: Format) -> Result<[OutcomeValue], ValidationMessage> {
        let unit = item.answer.unit
        let words = format.language.words
        func amount(_ number: Double) -> String {
            unit.map { words(.valueWithUnit, ["value": format.number(number), "unit": $0]) } ?? format.number(number)
        }
        func one(_ value: OutcomeValue.Value) -> Result<[OutcomeValue], ValidationMessage> {
            .success([OutcomeValue(kind: item.id, value: value, unit: unit)])
        }
        guard item.answer.allowsSeveral || given.count == 1 else { return .failure(words(.chooseOne)) }
        let text = given[0]
        switch item.answer {
        case .scale(let min, let max, let step, _, _):
            guard let number = Double(text), number >= min, number <= max,
                  abs(((number - min) / step) - ((number - min) / step).rounded()) < 1e-9,
                  let value = item.answer.value(number) else {
                return .failure(words(.chooseScaleNumber, ["min": format.number(min), "max": format.number(max)]))
            }
            return one(value)
        case .numeric(let min, let max, let decimals, let unit):
            // "6,5" as much as "6.5", and digits of the participant's own script.
            let normalized = Self.plainDigits(text, format: format)
            guard let number = Double(normalized), number.isFinite,
                  normalized.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) else {
                let example = example(min, max, decimals, format: format)
                return .failure(unit.map { words(.enterNumberOf, ["unit": $0, "example": example]) }
                    ?? words(.enterNumber, ["example": example]))
            }
            let places = normalized.split(separator: ".").dropFirst().first?.count ?? 0
            guard places <= decimals else {
                return .failure(decimals == 0 ? words(.enterWholeNumber) : words(.atMostDecimals, count: decimals))
            }
            if let min, number < min {
                return .failure(words(.atLeast, ["amount": amount(min)]))
            }
            if let max, number > max {
                return .failure(words(.atMost, ["amount": amount(max)]))
            }
            guard abs(number) < 1e15, let value = item.answer.value(number) else {
                return .failure(words(.smallerNumber))
            }
            return one(value)
        case .boolean:
            switch text {
            case "yes": return one(.boolean(true))
            case "no": return one(.boolean(false))
            default: return .failure(words(.chooseYesOrNo))
            }
        case .choice(let options, _):
            let values = options.map(\.value)
            guard given.allSatisfy(values.contains), Set(given).count == given.count else {
                return .failure(words(.chooseFromOptions))
            }
            return .success(given.map { OutcomeValue(kind: item.id, value: .text($0)) })
        case .text(let maxLength):
            if let maxLength, text.count > maxLength {
                return .failure(words(.keepToCharacters, count: maxLength, ["has": format.integer(text.count)]))
            }
            return one(.text(text))
        }
    }

    static func example(_ min: Double?, _ max: Double?, _ decimals: Int, format: Format) -> String {
        let low = min ?? 0
        let middle = ((low + (max ?? low + 10)) / 2)
        return decimals == 0 ? format.number(middle.rounded()) : format.decimal((middle * 2).rounded() / 2)
    }

    /// A typed number in ASCII digits with a point: a comma read as the
    /// decimal separator, other scripts' digits read by the participant's
    /// language's number format.
    static func plainDigits(_ text: String, format: Format) -> String {
        let comma = text.replacingOccurrences(of: ",", with: ".")
        guard !comma.allSatisfy(\.isASCII), let number = format.language.format.parseDecimal(text) else { return comma }
        return PlainNumber.format(number)
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
