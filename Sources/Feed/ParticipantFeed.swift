import CareModel
import Foundation
import StudyModel
import Support

/// Builds a participant's day feeds from their tasks and outcomes.
///
/// A pure function of its inputs: `today` is passed in, never read from a
/// clock, so the static site and the server show the same day the same way.
public struct ParticipantFeed: Sendable {
    public let participant: Participant
    public let tasks: [PlannedTask]
    public let today: LocalDate
    /// Live outcomes by task and occurrence.
    private let answers: [TaskOccurrence: Outcome]
    /// The first day on which the onboarding task had an outcome; nil when
    /// onboarding is not done, `.min` when there is no onboarding task.
    private let onboardedOn: LocalDate?
    /// Live entries of log tasks by task and day.
    let logEntries: [String: [LocalDate: [Outcome]]]
    /// The local day the participant withdrew on: from then, only what they
    /// had already answered is shown, and nothing is open.
    public let withdrawnOn: LocalDate?
    /// The cards of every day a page, ring or figure of the participant's
    /// asks about, worked out once when first asked for: a site asks for
    /// each week's adherence, the last seven days, the whole study.
    private let span: CardSpan
    /// The tasks (not logs) whose events count from a participant's own date, and so can move.
    let movable: Set<String>
    let placed = PlacedEvents()

    public init(participant: Participant, tasks: [PlannedTask], outcomes: [Outcome], today: LocalDate,
                withdrawal: Withdrawal? = nil) {
        self.participant = participant
        self.tasks = tasks
        self.today = today
        // A withdrawal recorded after a preview's fixed today counts from that today.
        withdrawnOn = withdrawal.map { min(participant.timeZone.localDate(of: $0.withdrawnAt), today) }
        var answers: [TaskOccurrence: Outcome] = [:]
        let live = outcomes.filter { $0.participantID == participant.id && !$0.isDeleted }
        for outcome in live where outcome.entry == nil {
            answers[TaskOccurrence(taskID: outcome.taskID, occurrence: outcome.occurrence)] = outcome
        }
        self.answers = answers
        movable = Set(tasks.filter { task in
            task.kind != .log && task.timeline.spans.contains { !$0.schedule.participantDates.isEmpty }
        }.map(\.id))
        logEntries = Self.logEntries(live, tasks: tasks)
        let onboardingIDs = Set(tasks.filter(\.isOnboarding).map(\.id))
        if onboardingIDs.isEmpty {
            onboardedOn = LocalDate(ordinal: .min / 2)
        } else {
            onboardedOn = answers.values.filter { onboardingIDs.contains($0.taskID) }.map(\.eventDay).min()
        }
        // A year before enrolment, for a schedule that starts before it, to a week past today, as a site's feeds go,
        // and on to the end of that last page's week, whose strip the day pages draw: they and the insights share one span.
        let pages = FeedBounds.pageDays(enrolledOn: participant.enrolledOn, today: today)
        span = CardSpan(participant.enrolledOn.adding(days: -FeedBounds.yearAhead)..<pages.upperBound.adding(days: 8))
    }

    /// The day the participant joined (onboarding's answer): nil until they
    /// have, and for a study without an onboarding task.
    public var joinedOn: LocalDate? {
        onboardedOn.flatMap { $0.ordinal == Int.min / 2 ? nil : $0 }
    }

    /// Whether onboarding was complete on `day`.
    public func isOnboarded(on day: LocalDate) -> Bool {
        onboardedOn.map { $0 <= day } ?? false
    }

    /// Whether the participant had withdrawn by `day`.
    public func isWithdrawn(on day: LocalDate) -> Bool {
        withdrawnOn.map { $0 <= day } ?? false
    }

    /// The feed for `day`, its week strip starting on `firstWeekday` (1 for Sunday).
    public func day(_ day: LocalDate, firstWeekday: Int) -> FeedDay {
        days(day...day, firstWeekday: firstWeekday)[0]
    }

    /// The feeds for every day of `range`, with the cards of each week
    /// worked out once rather than once per day; weeks start on
    /// `firstWeekday` (1 for Sunday), as the reader's language has them.
    public func days(_ range: ClosedRange<LocalDate>, firstWeekday: Int) -> [FeedDay] {
        let firstWeek = range.lowerBound.startOfWeek(firstWeekday: firstWeekday)
        let cards = cards(from: firstWeek, to: range.upperBound.startOfWeek(firstWeekday: firstWeekday).adding(days: 7))
        var strips: [LocalDate: WeekStrip] = [:]
        let waitingForADate = isWaitingForADate
        let eventsEnd = eventsEnd(in: range)
        return (range.lowerBound.ordinal...range.upperBound.ordinal).map { ordinal in
            let day = LocalDate(ordinal: ordinal)
            let weekStart = day.startOfWeek(firstWeekday: firstWeekday)
            let strip = strips[weekStart] ?? WeekStrip(days: (0..<7).map { offset in
                let date = weekStart.adding(days: offset)
                return WeekDay(day: date, ring: ring(cards[date] ?? []))
            })
            strips[weekStart] = strip
            return FeedDay(participant: participant, day: day, today: today, isOnboarded: isOnboarded(on: day),
                           isWithdrawn: isWithdrawn(on: day),
                           isStudyFinished: isStudyFinished(on: day, waitingForADate: waitingForADate, eventsEnd: eventsEnd),
                           cards: cards[day] ?? [], week: strip)
        }
    }

    /// The share of adherence events completed on each day of `from ..< to`
    /// together; nil when there were none.
    public func adherence(from: LocalDate, to: LocalDate) -> AdherenceRing? {
        ring(cards(from: from, to: to).values.flatMap { $0 })
    }

    /// Cards of each day in `from ..< to`, gated by onboarding; from the day
    /// of a withdrawal, only answered ones.
    ///
    /// An event with a window shows on each day of it until answered: then
    /// on the day it was answered only. Unanswered, a past day shows it only
    /// once the window is over, on its last day, as missed; today and days
    /// to come show it while the window lasts.
    public func cards(from: LocalDate, to: LocalDate) -> [LocalDate: [Card]] {
        // A day's cards depend on its own events alone, so the span's, kept to the days asked for, are the same.
        guard from >= span.days.lowerBound, to <= span.days.upperBound else { return cardsWorkedOut(from: from, to: to) }
        let all = span.cards { cardsWorkedOut(from: span.days.lowerBound, to: span.days.upperBound) }
        var asked: [LocalDate: [Card]] = [:]
        for ordinal in from.ordinal..<max(from.ordinal, to.ordinal) {
            let day = LocalDate(ordinal: ordinal)
            asked[day] = all[day]
        }
        return asked
    }

    private func cardsWorkedOut(from: LocalDate, to: LocalDate) -> [LocalDate: [Card]] {
        var byDay: [LocalDate: [Card]] = [:]
        for task in tasks {
            for event in events(of: task, from: from.adding(days: 1 - task.timeline.longestWindow), to: to) {
                let event = cutByWithdrawal(event)
                // An event open for days shows from the day the participant joined, if its window reaches it.
                for day in shownDays(task, event) where day >= from && day < to && task.isOnboarding != isOnboarded(on: day)
                    && (!isWithdrawn(on: day) || outcome(taskID: task.id, occurrence: event.occurrence) != nil) {
                    byDay[day, default: []].append(card(task, event, on: day))
                }
            }
        }
        for day in byDay.keys {
            byDay[day] = arranged(byDay[day] ?? [])
            byDay[day]?.sort(by: Self.dayOrder)
        }
        return byDay
    }

    /// The order of a day's cards: tasks at a time of day first, in start
    /// order, then those for any time of the day. An all-day event starts at
    /// midnight, but the morning check-in is what comes first in the day.
    static func dayOrder(_ first: Card, _ second: Card) -> Bool {
        (first.event.isAllDay ? 1 : 0, first.event.start, first.taskID, first.event.occurrence)
            < (second.event.isAllDay ? 1 : 0, second.event.start, second.taskID, second.event.occurrence)
    }

    /// Whether the participant, joined by `day`, has nothing left to do from
    /// it on: no task but onboarding has an event on that day or later.
    public func isStudyFinished(on day: LocalDate) -> Bool {
        isStudyFinished(on: day, waitingForADate: isWaitingForADate, eventsEnd: nil)
    }

    /// `waitingForADate` and `eventsEnd`, the same on every day of a range, are worked out once for them all;
    /// without `eventsEnd`, each task is asked of `day`, and the first with an event ends the search.
    private func isStudyFinished(on day: LocalDate, waitingForADate: Bool, eventsEnd: [EventsEnd]?) -> Bool {
        !waitingForADate && isOnboarded(on: day) && !tasks.indices.contains { index in
            let task = tasks[index]
            guard !task.isOnboarding else { return false }
            let hasEvents = switch eventsEnd?[index] ?? .askEachDay {
            case .known(let last): last.map { day <= $0 } ?? false
            case .askEachDay: task.timeline.hasEvents(participant.scheduleDates, onOrAfter: day)
            }
            return hasEvents || isStillOpen(task, on: day)
        }
    }

    /// Where a task's events end within a range of days: whether it has an event on a day or later,
    /// asked of every day of the range once, not of each day again.
    private enum EventsEnd {
        /// The range's last day on which it does; nil when it does on none.
        case known(LocalDate?)
        /// Asked of each day: the last schedule has events past its horizon, which could make the answer turn back.
        case askEachDay
    }

    /// One for each task, in the order of `tasks`; `.known(nil)` for onboarding. Having an event on a day
    /// or later turns from true to false at most once as the day grows, unless the last schedule has an
    /// event that comes within its horizon during the range; otherwise that day is found by halving the
    /// range (asked for every day, it cost a count of each task's schedule for each page). A task whose
    /// schedule runs on past the horizon, as one without an end does, is asked each day, as it always was.
    private func eventsEnd(in range: ClosedRange<LocalDate>) -> [EventsEnd] {
        let dates = participant.scheduleDates
        return tasks.map { task in
            guard !task.isOnboarding else { return .known(nil) }
            guard !task.timeline.passesHorizon(dates, from: range.lowerBound, to: range.upperBound) else { return .askEachDay }
            guard task.timeline.hasEvents(dates, onOrAfter: range.lowerBound) else { return .known(nil) }
            var (low, high) = (range.lowerBound.ordinal, range.upperBound.ordinal)
            while low < high {
                let middle = low + (high - low + 1) / 2
                if task.timeline.hasEvents(dates, onOrAfter: LocalDate(ordinal: middle)) { low = middle } else { high = middle - 1 }
            }
            return .known(LocalDate(ordinal: low))
        }
    }

    /// Whether a task, other than onboarding, waits for a date of the participant's.
    private var isWaitingForADate: Bool {
        tasks.contains { !$0.isOnboarding && isWaitingForADate($0) }
    }

    /// Whether the task's schedule counts from a date of the participant's they do not have yet.
    private func isWaitingForADate(_ task: PlannedTask) -> Bool {
        !task.timeline.awaitedDates(participant.dates).isEmpty
    }

    /// Whether an event of `task` that started before `day` can still be answered on it, within its window.
    private func isStillOpen(_ task: PlannedTask, on day: LocalDate) -> Bool {
        let window = task.timeline.longestWindow
        guard window > 1 else { return false }
        return events(of: task, from: day.adding(days: 1 - window), to: day)
            .contains { $0.lastDay >= day && outcome(taskID: task.id, occurrence: $0.occurrence) == nil }
    }

    /// The live outcomes of a task's events (not a log's entries), by occurrence.
    func answeredOccurrences(of taskID: String) -> [Int: Outcome] {
        var answered: [Int: Outcome] = [:]
        for (key, outcome) in answers where key.taskID == taskID { answered[key.occurrence] = outcome }
        return answered
    }

    /// The live outcome for a task's occurrence, if any.
    public func outcome(taskID: String, occurrence: Int) -> Outcome? {
        answers[TaskOccurrence(taskID: taskID, occurrence: occurrence)]
    }

    /// The days whose feeds show `event`: its own, or those of its window as `cards` says.
    private func shownDays(_ task: PlannedTask, _ event: ScheduledEvent) -> [LocalDate] {
        guard event.hasWindow, task.kind != .log else { return [event.day] }
        if let answer = answers[TaskOccurrence(taskID: task.id, occurrence: event.occurrence)] {
            return [answeredDay(answer, event)]
        }
        return (event.day.ordinal...event.lastDay.ordinal).map(LocalDate.init(ordinal:)).filter { day in
            day >= today || day == event.lastDay
        }
    }

    private func card(_ task: PlannedTask, _ event: ScheduledEvent, on day: LocalDate) -> Card {
        let answer = answers[TaskOccurrence(taskID: task.id, occurrence: event.occurrence)]
        var state: CardState
        if let answer {
            state = .completed(answer)
        } else {
            switch status(of: event, task: task) {
            case .open: state = day == today ? .open : .upcoming
            case .missed: state = .missed
            case .notYetDue: state = .upcoming
            // Not on a page of the participant's: by its days, as any other card.
            case .done, .doneLate, .beforeJoining, .afterWithdrawal: state = event.lastDay < today ? .missed : .upcoming
            }
        }
        let kind: CardKind
        switch task.kind {
        case .survey:
            kind = .survey
        case .simple:
            kind = .simple
        case .checklist:
            kind = .checklist([ChecklistBox(event: event, outcome: answer)])
        case .log:
            let entries = entries(taskID: task.id, on: event.day)
            kind = .log(entries)
            // A log is answered by its entries, whatever the occurrence of its offer.
            if event.day < today {
                state = entries.last.map(CardState.completed) ?? .missed
            } else {
                state = event.day == today ? .open : .upcoming
            }
        }
        return Card(taskID: task.id, title: task.title, event: event, state: state, isLocked: event.lastDay < today,
                    kind: kind, day: day)
    }

    /// An event counts once toward adherence: on the day it was answered,
    /// or, unanswered, on the last day it could be.
    private func ring(_ cards: [Card]) -> AdherenceRing? {
        let counted = cards.filter { card in
            (tasks.first { $0.id == card.taskID }?.impactsAdherence ?? false) && (card.isCompleted || card.day == card.event.lastDay)
        }
        guard !counted.isEmpty else { return nil }
        let tallies = counted.map(\.tally)
        return AdherenceRing(completed: tallies.map(\.completed).reduce(0, +), total: tallies.map(\.total).reduce(0, +))
    }
}

/// The key of an answer: a task and the occurrence of its event. A log's
/// entries share their day's occurrence and are kept apart, by day.
private struct TaskOccurrence: Hashable, Sendable {
    var taskID: String
    var occurrence: Int
}

/// A participant's cards over a span of days, worked out at most once.
private final class CardSpan: Sendable {
    let days: Range<LocalDate>
    private let worked = Locked<[LocalDate: [Card]]?>(nil)

    init(_ days: Range<LocalDate>) {
        self.days = days
    }

    func cards(_ work: () -> [LocalDate: [Card]]) -> [LocalDate: [Card]] {
        worked.update { worked in
            if let worked { return worked }
            let cards = work()
            worked = cards
            return cards
        }
    }
}
