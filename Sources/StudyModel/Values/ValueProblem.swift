import CareModel

/// Why an answer is not one its question takes. Every path that receives
/// an answer — the server's forms, `import`, `demo` — asks the same
/// question (`AnswerFormat.read`, `FormItem.problem`, `StudyTask.problems`)
/// and gets one of these; each path only words it for its reader.
public enum ValueProblem: Error, Hashable, Sendable {
    /// Typed text that is not one number, whole (`3 kg`, `٣abc`, `1e5`).
    case notANumber
    /// Typed text that is not `yes` or `no`.
    case notYesOrNo
    /// Typed text that is not a day `YYYY-MM-DD`.
    case notADate
    /// Typed text that is not a clock time `HH:MM`.
    case notATime
    /// A stored value of a type the question never stores (a text for a number).
    case notItsType(OutcomeValue.Value)
    /// Not one of a scale's steps from `min` to `max`.
    case offScale(min: Double, max: Double, step: Double)
    case tooManyDecimals(allowed: Int)
    case belowMinimum(Double)
    case aboveMaximum(Double)
    /// More digits than a number keeps exactly.
    case tooLarge
    case notAnOption(String)
    case optionTwice(String)
    /// Several values for a question that takes one.
    case severalForOne
    case tooLong(limit: Int, length: Int)
    /// A NUL character, which no answer holds.
    case holdsNUL
    case dayBefore(LocalDate)
    case dayAfter(LocalDate)
    /// A number whose unit is not its question's (`lb` on a `kg` item).
    case wrongUnit(expected: String?, given: String?)
    /// "Prefer not to answer" where the question does not offer it.
    case preferNotNotOffered
    /// "Prefer not to answer" beside an answer.
    case preferNotWithAnswer
    /// A value for a question its condition did not ask.
    case notAsked
    /// A required question that was asked and has no answer.
    case unanswered
    /// A value of a kind the task's version has no question for.
    case noSuchQuestion

    /// The problem in a coordinator's words, for `import` and `check`.
    public var description: String {
        switch self {
        case .notANumber: "is not a number"
        case .notYesOrNo: "is not yes or no"
        case .notADate: "is not a day written YYYY-MM-DD"
        case .notATime: "is not a time written HH:MM"
        case .notItsType(let value): "is \(Self.describe(value)), not an answer its question takes"
        case .offScale(let min, let max, let step):
            "is not one of its scale's steps: \(Self.plain(min)) to \(Self.plain(max)) by \(Self.plain(step))"
        case .tooManyDecimals(let allowed): allowed == 0 ? "is not a whole number" : "has more than \(allowed) decimals"
        case .belowMinimum(let low): "is below its lowest, \(Self.plain(low))"
        case .aboveMaximum(let high): "is above its highest, \(Self.plain(high))"
        case .tooLarge: "has more digits than a number keeps exactly"
        case .notAnOption(let chosen): "is '\(Self.shortened(chosen))', none of its options"
        case .optionTwice(let chosen): "chooses '\(Self.shortened(chosen))' twice"
        case .severalForOne: "has several answers, and its question takes one"
        case .tooLong(let limit, let length): "is \(length) characters long, more than its \(limit)"
        case .holdsNUL: "holds a NUL character, which no answer holds"
        case .dayBefore(let day): "is before its earliest day, \(day)"
        case .dayAfter(let day): "is after its latest day, \(day)"
        case .wrongUnit(let expected, let given):
            "is in \(given.map { "'\($0)'" } ?? "no unit"), and its question's unit is \(expected.map { "'\($0)'" } ?? "none")"
        case .preferNotNotOffered: "was declined, and the question offers no \"prefer not to answer\""
        case .preferNotWithAnswer: "is both declined (\"prefer not to answer\") and answered"
        case .notAsked: "has an answer, and its condition did not ask it"
        case .unanswered: "is required and has no answer"
        case .noSuchQuestion: "is no question of the task's version"
        }
    }

    static func describe(_ value: OutcomeValue.Value) -> String {
        switch value {
        case .text(let text): "the text '\(shortened(text))'"
        case .boolean(let yes): yes ? "yes" : "no"
        case .preferNotToAnswer: "\"prefer not to answer\""
        case .integer, .decimal, .date, .time: "\(value.typeName) \(value.text)"
        }
    }

    /// `text` in a message: its first 40 characters, and "…" when there are more.
    public static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    static func plain(_ number: Double) -> String {
        OutcomeValue.Value.decimal(number).text
    }
}

/// A problem with the answer to one question of a task.
public struct ItemProblem: Hashable, Sendable {
    /// The question's id, the kind its values are stored under.
    public var item: String
    public var problem: ValueProblem
    /// The value refused, where one value is the problem.
    public var value: OutcomeValue.Value?

    public init(item: String, problem: ValueProblem, value: OutcomeValue.Value? = nil) {
        self.item = item
        self.problem = problem
        self.value = value
    }

    /// `steps (999999) is above its highest, 100000`.
    public var description: String {
        switch (problem, value) {
        case (.offScale, let value?), (.tooManyDecimals, let value?), (.belowMinimum, let value?), (.aboveMaximum, let value?),
             (.tooLarge, let value?), (.dayBefore, let value?), (.dayAfter, let value?), (.wrongUnit, let value?):
            "\(item) (\(ValueProblem.shortened(value.text))) \(problem.description)"
        default:
            "\(item) \(problem.description)"
        }
    }
}
