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
    /// The items asked, given the answers entered.
    public var asked: Set<String>
    /// Items the answers made relevant that the page did not show: asked on
    /// a next page before anything is saved. Empty when there are errors.
    public var newlyAsked: [String]

    public init(values: [String: [String]] = [:], errors: [String: String] = [:], asked: Set<String> = [],
                newlyAsked: [String] = []) {
        self.values = values
        self.errors = errors
        self.asked = asked
        self.newlyAsked = newlyAsked
    }
}

/// Checks a submitted survey form against its task, answer by answer: the
/// outcome values to store, or every problem with the values kept.
public enum SurveyValidation {
    /// - Parameter language: the participant's, whose words say what to fix and whose decimals are read.
    ///
    /// The server decides which items are asked: an item whose condition
    /// does not hold for the answers before it is not required, and a value
    /// sent for it is dropped. Items that the answers made relevant, which
    /// the page did not show (its `asked` field does not list them), are
    /// asked on a next page before anything is saved.
    public static func validate(_ task: StudyTask, form: FormData, language: Language) -> Result<[OutcomeValue], SurveyEntry> {
        let asked: (([String: [OutcomeValue.Value]]) -> [FormItem])? = task.hasConditions ? { task.askedItems(answers: $0) } : nil
        return validate(task.formItems, form: form, language: language, asked: asked)
    }

    public static func validate(_ items: [FormItem], form: FormData, language: Language,
                                asked: (([String: [OutcomeValue.Value]]) -> [FormItem])? = nil)
        -> Result<[OutcomeValue], SurveyEntry> {
        let words = language.words
        var entry = SurveyEntry()
        var checked: [String: Result<[OutcomeValue], ValidationMessage>] = [:]
        for item in items {
            let given = form.all(item.id).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            entry.values[item.id] = form.all(item.id)
            if !given.isEmpty { checked[item.id] = check(item, given, format: Format(language: language)) }
        }
        let answers = checked.compactMapValues { try? $0.get().map(\.value) }
        let askedItems = asked?(answers) ?? items
        entry.asked = Set(askedItems.map(\.id))
        let shown = form[SurveyPage.askedField].map { Set($0.split(separator: " ").map(String.init)) }
        var values: [OutcomeValue] = []
        for item in askedItems {
            guard shown?.contains(item.id) ?? true else {
                entry.newlyAsked.append(item.id)
                continue
            }
            switch checked[item.id] {
            case .success(let answers)?: values += answers
            case .failure(let message)?: entry.errors[item.id] = message.text
            case nil: if item.isRequired { entry.errors[item.id] = words(.pleaseAnswer) }
            }
        }
        if !entry.errors.isEmpty { entry.newlyAsked = [] }
        return entry.errors.isEmpty && entry.newlyAsked.isEmpty ? .success(values) : .failure(entry)
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
        if given.contains(FormItem.preferNotToAnswerValue) && item.offersPreferNotToAnswer {
            return given.count == 1 ? .success([OutcomeValue(kind: item.id, value: .preferNotToAnswer)])
                : .failure(words(.answerOrPreferNot))
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
        case .date(let min, let max):
            guard let day = LocalDate(iso: text) else {
                return .failure(words(.enterDate, ["example": format.shortDay(min ?? max ?? LocalDate(year: 2026, month: 3, day: 8)!)]))
            }
            switch (min, max) {
            case let (min?, max?) where day < min || day > max:
                return .failure(words(.chooseDayBetween, ["min": format.shortDay(min), "max": format.shortDay(max)]))
            case let (min?, nil) where day < min:
                return .failure(words(.chooseDayOrLater, ["day": format.shortDay(min)]))
            case let (nil, max?) where day > max:
                return .failure(words(.chooseDayOrEarlier, ["day": format.shortDay(max)]))
            default:
                return one(.date(day))
            }
        case .timeOfDay:
            // A browser's time field sends `08:30`, or `08:30:00` where it keeps seconds.
            let clock = text.count == 8 && text.hasSuffix(":00") ? String(text.prefix(5)) : text
            guard let time = LocalTime(clock) else {
                return .failure(words(.enterTime, ["example": format.time(LocalTime(hour: 8, minute: 30)!)]))
            }
            return one(.time(time))
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
