/// The names and types a task's table in the data package gives its
/// columns, written once for `export` and for `check`, which refuses an
/// item whose column would take the name of another.
public enum PackageColumns {
    /// The columns every task's table has before its questions.
    public static let everyTable: Set<String> = ["study_id", "occurrence", "entry", "visit", "task_version", "event_day",
                                                 "answered_at", "study_day", "study_week", "answered_day", "days_late"]

    /// The columns a question gives its table: its own, or a yes-or-no
    /// column per option of a multiple choice (`where_park`); and, for a
    /// column of text, `<item>_missing`, which says why the text is not
    /// there, since any words a participant types could read as a reason.
    public static func names(of item: FormItem) -> [String] {
        if case .choice(let options, true) = item.answer { return options.map { "\(item.id)_\($0.value)" } }
        return type(of: item.answer) == "string" ? [item.id, reasonColumn(item.id)] : [item.id]
    }

    /// The column that says why the text of `item` is missing.
    public static func reasonColumn(_ item: String) -> String {
        item + "_missing"
    }

    /// The Table Schema type a format's values take: a choice is `integer`
    /// when each of its codes is a whole number written plainly.
    public static func type(of format: AnswerFormat) -> String {
        switch format {
        case .scale, .numeric: format.isWholeNumbers ? "integer" : "number"
        case .boolean: "boolean"
        case .choice(let options, _): options.allSatisfy { integerCode($0.value) != nil } ? "integer" : "string"
        case .text: "string"
        case .date: "date"
        case .timeOfDay: "time"
        }
    }

    /// A choice's code as the whole number it is written as (`2`, `-1`); nil
    /// for any other code, `01` and `+1` among them, which stay text.
    public static func integerCode(_ code: String) -> Int? {
        Int(code).flatMap { String($0) == code ? $0 : nil }
    }
}

/// Why an exported value is not there. Each reason has a code of its own
/// and a label; a code is written only where no answer could read the same
/// (a number's, a day's or a yes-or-no column, never a text's).
public enum MissingReason: String, CaseIterable, Sendable {
    case notAnswered = ""
    case notShared = "not shared"
    case notChosen = "not chosen yet"
    case preferNotToAnswer = "prefer not to answer"
    case notShown = "not shown"
    case notInVersion = "not in this version"
    case tooFewAnswers = "too few answers"

    public var code: String { rawValue }

    public var label: String {
        switch self {
        case .notAnswered: "Not answered"
        case .notShared: "The participant declined to share it"
        case .notChosen: "The participant has not yet said whether to share it"
        case .preferNotToAnswer: "The participant chose not to answer"
        case .notShown: "Not asked: an earlier answer left the question out"
        case .notInVersion: "Not asked: the version of the task answered did not have the question"
        case .tooFewAnswers: "Too few answers to work the score out"
        }
    }
}
