import CareModel
import Foundation
import Words

/// The one rule for what an answer format's value is: how a participant's
/// typed text is read, and whether a stored value fits the format.
extension AnswerFormat {
    /// The most characters a text answer holds when its item sets no `maxLength`.
    public static let defaultTextLimit = 10_000

    /// Numbers beyond this are refused: a double keeps every whole number below it exactly.
    public static let largestNumber = 1e15

    /// What a participant typed into the question's field (trimmed, not
    /// empty), read as the value it stores: a number in the participant's
    /// language (`numbers`), whole or not as the format stores it, never
    /// rounded; `yes` or `no`; a choice's value; a text; a day; a time.
    /// Only a number too precise to store as typed is refused here; whether
    /// a value fits is `problem(_:)`'s to say.
    public func read(_ typed: String, numbers: Formats) -> Result<OutcomeValue.Value, ValueProblem> {
        switch self {
        case .scale, .numeric:
            guard let number = numbers.readNumber(typed) else { return .failure(.notANumber) }
            // More digits than a double keeps would not be stored as typed: a fraction so fine is refused here.
            if number.significantDigits > TypedNumber.exactDigits, number.decimalPlaces > 0 {
                if case .numeric(_, _, let decimals, _) = self {
                    return .failure(number.decimalPlaces > decimals ? .tooManyDecimals(allowed: decimals) : .tooLarge)
                }
                return .failure(problem(.decimal(number.value)) ?? .notANumber)
            }
            if isWholeNumbers, number.decimalPlaces == 0, abs(number.value) < Self.largestNumber {
                return .success(.integer(Int(number.value)))
            }
            return .success(.decimal(number.value))
        case .boolean:
            switch typed {
            case "yes": return .success(.boolean(true))
            case "no": return .success(.boolean(false))
            default: return .failure(.notYesOrNo)
            }
        case .choice, .text:
            return .success(.text(typed))
        case .date:
            return LocalDate(iso: typed).map { .success(.date($0)) } ?? .failure(.notADate)
        case .timeOfDay:
            // A browser's time field sends `08:30`, or `08:30:00` where it keeps seconds.
            let clock = typed.count == 8 && typed.hasSuffix(":00") ? String(typed.prefix(5)) : typed
            return LocalTime(clock).map { .success(.time($0)) } ?? .failure(.notATime)
        }
    }

    /// Whether the format stores whole numbers as integers: a scale whose
    /// ends and step are whole, a number with no decimals.
    public var isWholeNumbers: Bool {
        switch self {
        case .scale(let min, _, let step, _, _): step == step.rounded() && min == min.rounded()
        case .numeric(_, _, let decimals, _): decimals == 0
        case .boolean, .choice, .text, .date, .timeOfDay: false
        }
    }

    /// A scale's choices, from `min` to `max` by `step`, each as exactly as
    /// its decimals write it (0.3, never 0.30000000000000004); empty for
    /// any other format.
    public var scaleSteps: [Double] {
        guard case .scale(let min, let max, let step, _, _) = self, step > 0 else { return [] }
        let count = Int(Swift.min(((max - min) / step).rounded(), 100))
        let scale = pow(10, Double(Swift.max(Self.decimalPlaces(of: min), Self.decimalPlaces(of: step))))
        return (0...Swift.max(0, count)).map { index in ((min + Double(index) * step) * scale).rounded() / scale }
    }

    /// Whether a number is stored as the format stores it: an integer
    /// where it takes whole numbers only, a decimal otherwise, as `read` makes it.
    private func hasItsNumberType(_ value: OutcomeValue.Value) -> Bool {
        if case .integer = value { isWholeNumbers } else { !isWholeNumbers }
    }

    /// Why `value` is not one this format stores; nil when it is. "Prefer
    /// not to answer" is the item's to judge, not the format's.
    public func problem(_ value: OutcomeValue.Value) -> ValueProblem? {
        switch (self, value) {
        case (.scale(let min, let max, let step, _, _), .integer), (.scale(let min, let max, let step, _, _), .decimal):
            guard let number = value.number, number.isFinite, number >= min, number <= max,
                  abs((number - min) / step - ((number - min) / step).rounded()) < 1e-9 else {
                return .offScale(min: min, max: max, step: step)
            }
            return hasItsNumberType(value) ? nil : .notItsType(value)
        case (.numeric(let min, let max, let decimals, _), .integer), (.numeric(let min, let max, let decimals, _), .decimal):
            guard let number = value.number, number.isFinite else { return .tooLarge }
            if Self.decimalPlaces(of: number) > decimals { return .tooManyDecimals(allowed: decimals) }
            if let min, number < min { return .belowMinimum(min) }
            if let max, number > max { return .aboveMaximum(max) }
            guard abs(number) < Self.largestNumber else { return .tooLarge }
            return hasItsNumberType(value) ? nil : .notItsType(value)
        case (.boolean, .boolean):
            return nil
        case (.choice(let options, _), .text(let chosen)):
            return options.contains { $0.value == chosen } ? nil : .notAnOption(chosen)
        case (.text(let maxLength), .text(let text)):
            // A form trims what was typed (white space by scalar, as Foundation trims) and stores nothing for an empty field.
            let scalars = text.unicodeScalars
            if scalars.isEmpty || scalars.first?.properties.isWhitespace == true || scalars.last?.properties.isWhitespace == true {
                return .notItsType(value)
            }
            if text.utf8.contains(0) { return .holdsNUL }
            let limit = maxLength ?? Self.defaultTextLimit
            // Counted only as far as the limit: a text within it costs no more than its length.
            return text.prefix(limit + 1).count > limit ? .tooLong(limit: limit, length: text.count) : nil
        case (.date(let min, let max), .date(let day)):
            // Without bounds of its own, a day from 1900 to 2199: year 1 or 9999 is a slip of the keyboard.
            if day < min ?? Self.earliestDay { return .dayBefore(min ?? Self.earliestDay) }
            if day > max ?? Self.latestDay { return .dayAfter(max ?? Self.latestDay) }
            return nil
        case (.timeOfDay, .time):
            return nil
        case (.scale, _), (.numeric, _), (.boolean, _), (.choice, _), (.text, _), (.date, _), (.timeOfDay, _):
            return .notItsType(value)
        }
    }

    /// The bounds of a date answer that gives none of its own.
    public static let earliestDay = LocalDate(iso: "1900-01-01")!
    public static let latestDay = LocalDate(iso: "2199-12-31")!

    /// The decimal places a stored number was written with: its shortest
    /// exact form's, as it was typed (`75.325` has 3).
    public static func decimalPlaces(of number: Double) -> Int {
        TypedNumber(stored: number)?.decimalPlaces ?? 0
    }
}
