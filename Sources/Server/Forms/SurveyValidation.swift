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
        let format = Format(language: language)
        var entry = SurveyEntry()
        var read: [String: Result<[OutcomeValue], ValueProblem>] = [:]
        for item in items {
            entry.values[item.id] = form.all(item.id)
            let typed = form.all(item.id).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            if !typed.isEmpty { read[item.id] = item.read(typed, numbers: language.format) }
        }
        let values = items.flatMap { (try? read[$0.id]?.get()) ?? [] }
        let askedItems = asked?(Dictionary(grouping: values, by: \.kind).mapValues { $0.map(\.value) }) ?? items
        entry.asked = Set(askedItems.map(\.id))
        // The model's judgement of what would be stored; a value for a question not asked is dropped, not stored.
        let problems = Dictionary(FormItem.problems(values, items: items, asked: askedItems).map { ($0.item, $0.problem) },
                                  uniquingKeysWith: { first, _ in first })
        let shown = form[SurveyPage.askedField].map { Set($0.split(separator: " ").map(String.init)) }
        for item in askedItems {
            guard shown?.contains(item.id) ?? true else {
                entry.newlyAsked.append(item.id)
                continue
            }
            if case .failure(let problem)? = read[item.id] {
                entry.errors[item.id] = message(problem, for: item, format: format)
            } else if let problem = problems[item.id] {
                entry.errors[item.id] = message(problem, for: item, format: format)
            }
        }
        if !entry.errors.isEmpty { entry.newlyAsked = [] }
        guard entry.errors.isEmpty && entry.newlyAsked.isEmpty else { return .failure(entry) }
        return .success(values.filter { entry.asked.contains($0.kind) })
    }

    /// What the participant should do about `problem`, in their words.
    static func message(_ problem: ValueProblem, for item: FormItem, format: Format) -> String {
        let words = format.language.words
        let unit = item.answer.unit
        func amount(_ number: Double) -> String {
            unit.map { words(.valueWithUnit, ["value": format.number(number), "unit": $0]) } ?? format.number(number)
        }
        switch problem {
        case .notANumber, .notYesOrNo, .notADate, .notATime, .notItsType, .wrongUnit, .preferNotNotOffered, .notAsked,
             .noSuchQuestion, .holdsNUL, .offScale:
            return whatToEnter(item, format: format)
        case .tooManyDecimals(let allowed):
            return allowed == 0 ? words(.enterWholeNumber) : words(.atMostDecimals, count: allowed)
        case .belowMinimum(let low):
            return words(.atLeast, ["amount": amount(low)])
        case .aboveMaximum(let high):
            return words(.atMost, ["amount": amount(high)])
        case .tooLarge:
            return words(.smallerNumber)
        case .notAnOption, .optionTwice:
            return words(.chooseFromOptions)
        case .severalForOne:
            return words(.chooseOne)
        case .tooLong(let limit, let length):
            return words(.keepToCharacters, count: limit, ["has": format.integer(length)])
        case .dayBefore, .dayAfter:
            guard case .date(let min, let max) = item.answer else { return whatToEnter(item, format: format) }
            switch (min, max) {
            case let (min?, max?): return words(.chooseDayBetween, ["min": format.mediumDay(min), "max": format.mediumDay(max)])
            case let (min?, nil): return words(.chooseDayOrLater, ["day": format.mediumDay(min)])
            case let (nil, max?): return words(.chooseDayOrEarlier, ["day": format.mediumDay(max)])
            case (nil, nil): return whatToEnter(item, format: format)
            }
        case .preferNotWithAnswer:
            return words(.answerOrPreferNot)
        case .unanswered:
            return words(.pleaseAnswer)
        }
    }

    /// What the question takes, with an example: what to say of an answer that is not one.
    static func whatToEnter(_ item: FormItem, format: Format) -> String {
        let words = format.language.words
        switch item.answer {
        case .scale(let min, let max, _, _, _):
            return words(.chooseScaleNumber, ["min": format.number(min), "max": format.number(max)])
        case .numeric(let min, let max, let decimals, let unit):
            let example = example(min, max, decimals, format: format)
            return unit.map { words(.enterNumberOf, ["unit": $0, "example": example]) } ?? words(.enterNumber, ["example": example])
        case .boolean:
            return words(.chooseYesOrNo)
        case .choice:
            return words(.chooseFromOptions)
        case .text:
            return words(.pleaseAnswer)
        case .date(let min, let max):
            return words(.enterDate, ["example": format.mediumDay(min ?? max ?? LocalDate(year: 2026, month: 3, day: 8)!)])
        case .timeOfDay:
            return words(.enterTime, ["example": format.time(LocalTime(hour: 8, minute: 30)!)])
        }
    }

    static func example(_ min: Double?, _ max: Double?, _ decimals: Int, format: Format) -> String {
        let low = min ?? 0
        let middle = ((low + (max ?? low + 10)) / 2)
        return decimals == 0 ? format.number(middle.rounded()) : format.decimal((middle * 2).rounded() / 2)
    }
}

extension SurveyValidation {
    /// Checks that each date an answer sets (their surgery) lies within a
    /// year of the participant's enrolment, so no slip of the keyboard moves
    /// their schedule years away.
    static func participantDates(_ values: [OutcomeValue], items: [FormItem], participant: Participant, form: FormData,
                                 language: Language) -> Result<[OutcomeValue], SurveyEntry> {
        let bounds = FeedBounds.participantDate(enrolledOn: participant.enrolledOn)
        var entry = SurveyEntry()
        for item in items where item.sets != nil {
            guard case .date(let day)? = values.first(where: { $0.kind == item.id })?.value, !bounds.contains(day) else { continue }
            let problem: ValueProblem = day < bounds.lowerBound ? .dayBefore(bounds.lowerBound) : .dayAfter(bounds.upperBound)
            entry.errors[item.id] = message(problem, for: item, format: Format(language: language))
        }
        guard !entry.errors.isEmpty else { return .success(values) }
        for item in items { entry.values[item.id] = form.all(item.id) }
        entry.asked = Set(items.map(\.id))
        return .failure(entry)
    }
}
