import CareModel
import StudyModel
import Feed
import Foundation
import Words

/// Dates, times and answers in words, in the page's language: CLDR's
/// formats for dates and numbers, the catalog's words around them.
public struct Format: Sendable {
    public let language: Language

    public init(language: Language) {
        self.language = language
    }

    private var formats: Formats { language.format }
    private var words: Words { language.words }

    /// `Thursday, March 5`
    public func day(_ date: LocalDate) -> String { formats.day(date) }

    /// `Thursday, March 5, 2026`
    public func dayWithYear(_ date: LocalDate) -> String { formats.dayWithYear(date) }

    /// `Mar 5`
    public func shortDay(_ date: LocalDate) -> String { formats.shortDay(date) }
    /// `Mar 5, 2026`: a day with its year, for a date answer and its bounds.
    public func mediumDay(_ date: LocalDate) -> String { formats.mediumDay(date) }

    /// `Thu`
    public func weekdayShort(_ date: LocalDate) -> String { formats.weekdayShort(date) }

    /// `Tue, Dec 1`, `Di., 1. Dez.`
    public func weekdayAndDay(_ date: LocalDate) -> String { formats.weekdayAndDay(date) }

    /// A day's shortest name, as the week strip shows it: `Tu`, `Di.`, `火`.
    public func weekdayShortest(_ date: LocalDate) -> String { formats.weekdayShortest(date) }

    /// A day's narrowest name, for a week strip narrow beside its text: `T`, `D`, `火`.
    public func weekdayInitial(_ date: LocalDate) -> String { formats.weekdayInitial(date) }

    /// The day of the month alone: `5`, `٥`.
    public func dayNumber(_ date: LocalDate) -> String { formats.dayNumber(date) }

    /// `8:05 AM`, `08:05`
    public func time(_ clock: LocalTime) -> String { formats.time(clock) }

    public func time(_ instant: Date, in zone: TimeZone) -> String { formats.time(instant, in: zone) }

    /// `Monday, November 30, 2026, 4:05 PM America/New_York (GMT-5)`
    public func dateTime(_ instant: Date, in zone: TimeZone) -> String { formats.dateTime(instant, in: zone) }

    /// `Mar 5, 2026, 8:05 AM`, `05.03.2026, 08:05`: a day with its year and a time, for a log.
    public func dateAndTime(_ day: LocalDate, time: LocalTime) -> String {
        formats.dateAndTime(day, time: time)
    }

    /// What stands in for a value not shared: a recorded decline, or a choice not made yet.
    public func withheld(_ reason: Sharing.Withholding) -> String {
        switch reason {
        case .declined: words(.notShared)
        case .notChosen: words(.notChosenYet)
        }
    }

    /// `today`, `yesterday`, `3 days ago`.
    public func daysAgo(_ days: Int) -> String {
        switch days {
        case ..<1: words(.agoToday)
        case 1: words(.agoYesterday)
        default: words(.daysAgo, count: days)
        }
    }

    /// When an event is for, in words that never read as a deadline, since
    /// a card stays open all its day: `Any time today`, `Any time that day`,
    /// `Morning · from 8:00 AM`.
    public func when(_ event: ScheduledEvent, in zone: TimeZone, today: LocalDate) -> String {
        guard !event.isAllDay else { return event.day == today ? words(.anyTimeToday) : words(.anyTimeThatDay) }
        let clock = zone.localTime(of: event.start)
        return words(.partOfDayFrom, ["part": partOfDay(clock), "time": time(clock)])
    }

    /// `Tue, Dec 1 at 8:00 AM`, or `Tue, Dec 1` for an all-day event: when
    /// a card of a day to come opens.
    public func opens(_ event: ScheduledEvent, in zone: TimeZone) -> String {
        let day = formats.weekdayAndDay(event.day)
        return event.isAllDay ? day : words(.dayAtTime, ["day": day, "time": time(event.start, in: zone)])
    }

    /// `Morning`, `Afternoon`, `Evening` or `Night`.
    func partOfDay(_ clock: LocalTime) -> String {
        switch clock.hour {
        case 5..<12: words(.morning)
        case 12..<17: words(.afternoon)
        case 17..<21: words(.evening)
        default: words(.night)
        }
    }

    /// `Sleep` from `sleep`, `Range of motion` from `rangeOfMotion`: a label
    /// for an answer whose item the study no longer has.
    public static func label(_ id: String) -> String {
        var parts: [String] = []
        var current = ""
        for character in id {
            if character.isUppercase || character == "_" || character == "-" {
                if !current.isEmpty { parts.append(current) }
                current = character.isLetter ? String(character).lowercased() : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(current) }
        let sentence = parts.joined(separator: " ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    /// `Pain` from the legend `Pain (0-10)` of the chart series of the
    /// answer, in the study's words in the reader's language; else from its id.
    /// Without a chart of it, the question itself: in the reader's words, where an id is not.
    public static func label(_ kind: String, task: String, study: Study, item: FormItem?) -> String {
        guard let legend = study.insights.lazy.flatMap(\.series).first(where: { $0.task == task && $0.value == kind })?.legend else {
            return item?.text ?? label(kind)
        }
        let bare = withoutTrailingAside(legend)
        return bare.isEmpty ? legend : bare
    }

    /// `Pain` from `Pain (0-10)` or `痛み（0〜10）`: the legend without the
    /// bracketed part that ends it, and the spaces around that part.
    public static func withoutTrailingAside(_ legend: String) -> String {
        // Scalars, not characters: brackets and spaces are single scalars, and a page asks this for every answer.
        let scalars = legend.unicodeScalars
        let opening: [Unicode.Scalar] = ["(", "（"], closing: [Unicode.Scalar] = [")", "）"]
        var end = scalars.endIndex
        while end > scalars.startIndex, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        guard end > scalars.startIndex, closing.contains(scalars[scalars.index(before: end)]) else { return legend }
        let inside = scalars[..<scalars.index(before: end)]
        guard let open = inside.lastIndex(where: { opening.contains($0) || closing.contains($0) }),
              opening.contains(inside[open]) else { return legend }
        var start = open
        while start > scalars.startIndex, scalars[scalars.index(before: start)].properties.isWhitespace {
            start = scalars.index(before: start)
        }
        return String(scalars[..<start])
    }

    /// `7.5 hours`, `3`, `Yes`.
    public func value(_ value: OutcomeValue) -> String {
        let text: String = switch value.value {
        case .boolean(let yes): yes ? words(.yes) : words(.no)
        case .decimal(let number): decimal(number)
        case .integer(let number): formats.decimal(Double(number))
        case .text(let text): Self.isolated(text)
        case .date(let date): formats.mediumDay(date)
        case .time(let clock): formats.time(clock)
        case .preferNotToAnswer: words(.preferNotToAnswer)
        }
        guard let unit = value.unit, !unit.isEmpty, value.value != .preferNotToAnswer else { return text }
        return words(.valueWithUnit, ["value": text, "unit": unit])
    }

    /// Text a participant wrote, isolated from what is around it (FSI…PDI,
    /// what `<bdi>` is to markup): a right-to-left override inside it, or
    /// its own direction, cannot reorder the values that follow.
    public static func isolated(_ text: String) -> String {
        "\u{2068}" + text + "\u{2069}"
    }

    /// `Pain: 3 · Sleep: 7 hours`, in the order of the task's form, grouping
    /// the several choices of one item, each shown by its option's text.
    public func answers(_ outcome: Outcome, task: StudyTask?, study: Study) -> String {
        answerList(outcome, task: task, study: study).joined(separator: " · ")
    }

    /// Each answer as its own line, "Pain: 3", in the task's order.
    public func answerList(_ outcome: Outcome, task: StudyTask?, study: Study) -> [String] {
        let outcome = Self.answersOnly(outcome, task: task)
        let items = task?.formItems ?? []
        return Self.kinds(of: outcome, items: items).compactMap { kind in
            let values = outcome.values.filter { $0.kind == kind }
            return values.isEmpty ? nil : answer(kind, values: values, taskID: outcome.taskID, item: items.first { $0.id == kind }, study: study)
        }
    }

    /// The form's items, in its order, then the kinds of `outcome`'s values that no item asks.
    static func kinds(of outcome: Outcome, items: [FormItem]) -> [String] {
        var order = items.map(\.id)
        for value in outcome.values where !order.contains(value.kind) {
            order.append(value.kind)
        }
        return order
    }

    /// One answer as its line, "Pain: 3": `values`, all of `kind`, answered
    /// in task `taskID` to `item`, each choice shown by its option's text.
    func answer(_ kind: String, values: [OutcomeValue], taskID: String, item: FormItem?, study: Study) -> String {
        // A simple task's tap reads as the card says it, "Done", not as an English id with a yes.
        if item == nil, kind == "done", values.map(\.value) == [.boolean(true)] {
            let done = words(.boxDone)
            return done.prefix(1).uppercased() + done.dropFirst()
        }
        let options = item.flatMap { item -> [ChoiceOption]? in
            if case .choice(let options, _) = item.answer { options } else { nil }
        } ?? []
        let answers = values.map { given in
            if case .text(let stored) = given.value, let option = options.first(where: { $0.value == stored }) {
                return option.text
            }
            // The unit in the reader's words: the store keeps the study's own.
            var shown = given
            if let unit = item?.answer.unit { shown.unit = unit }
            return value(shown)
        }.joined(separator: words(.listSeparator))
        let label = Self.label(kind, task: taskID, study: study, item: item)
        // A question already ends with its mark: "Where? Along a street", but "Sleep: 7 hours".
        let asked = label.last.map(Self.questionEnds.contains) == true
        return words(asked ? .answeredQuestion : .labelledAnswer, ["label": label, "answer": answers])
    }

    /// The marks a label that is a question or a sentence already ends with.
    private static let questionEnds: Set<Character> = ["?", "!", ".", ":", "？", "！", "。", "：", "؟"]

    /// The outcome without the scores derived from it: its answers as given.
    static func answersOnly(_ outcome: Outcome, task: StudyTask?) -> Outcome {
        guard let scores = task?.scores else { return outcome }
        var answers = outcome
        answers.values.removeAll { value in scores.contains { $0.id == value.kind } }
        return answers
    }

    /// "Knee function: 68 of 100" for each score of the outcome's task that
    /// `sharing` shares, "Knee function: not enough answers for a score"
    /// where too few of its items were answered.
    public func scores(_ outcome: Outcome, task: StudyTask?, sharing: Sharing) -> [String] {
        guard let task, let scores = task.scores else { return [] }
        return scores.filter { sharing.isShared(taskID: outcome.taskID, kind: $0.id) }.map { score in
            guard let value = outcome.value(score.id)?.value.number else {
                return words(.scoreNotEnough, ["label": score.label])
            }
            let shown = self.score(value)
            guard let range = score.range(task: task) else { return words(.scoreValue, ["label": score.label, "score": shown]) }
            // "Knee function: 50 of 100" says nothing of which end is good; the study says so where it knows.
            let word: Word = switch score.better {
            case .higher: .scoreOfHigherBetter
            case .lower: .scoreOfLowerBetter
            case nil: .scoreOf
            }
            return words(word, ["label": score.label, "score": shown, "max": number(range.upperBound)])
        }
    }

    /// `68.8`: a score to one decimal, as scores are reported.
    public func score(_ value: Double) -> String { number((value * 10).rounded() / 10) }

    /// A series' latest value as a worklist or summary shows it: a score to
    /// one decimal; a unit in the reader's words, as `study` (in the
    /// reader's language) names it, not the study's own that the store keeps.
    public func latest(_ value: OutcomeValue, of series: ChartSeries, study: Study) -> String {
        guard series.measure == .score, let number = value.value.number else {
            var shown = value
            if shown.unit != nil, let unit = study.task(series.task)?.formItems.first(where: { $0.id == series.value })?.answer.unit {
                shown.unit = unit
            }
            return self.value(shown)
        }
        return score(number)
    }

    /// `7.5`, `7,5`, `7`: at most two decimals, none needless.
    public func decimal(_ value: Double) -> String { formats.decimal(value) }

    /// `42` or `7.5`: a number with no needless decimals.
    public func number(_ value: Double) -> String { formats.number(value) }

    /// `68%`, `68 %`: a fraction in whole per cent.
    public func percent(_ fraction: Double) -> String { formats.percent(fraction) }

    /// `1,234`: a count.
    public func integer(_ value: Int) -> String { formats.integer(value) }
}
