import CareModel
import Foundation
import StudyModel

/// What a card holds beyond its state, by the kind of its task: the boxes of
/// a checklist, the entries of a log.
public enum CardKind: Hashable, Sendable {
    /// Begin opens the survey; the card shows the answers.
    case survey
    /// One tap on the card completes its one event; another, today, undoes it.
    case simple
    /// One box per event of the day, in time order, each its own occurrence.
    case checklist([ChecklistBox])
    /// The day's entries, in the order they were logged. A past day without
    /// entries has the state `.missed`, which counts toward nothing: a log
    /// is in no adherence ring and no flag.
    case log([Outcome])
}

/// One time of a checklist: its event, and the outcome that ticked it.
public struct ChecklistBox: Hashable, Sendable {
    public var event: ScheduledEvent
    public var outcome: Outcome?

    public init(event: ScheduledEvent, outcome: Outcome?) {
        self.event = event
        self.outcome = outcome
    }
}

extension Card {
    /// Events done and events due, for an adherence ring: each box of a
    /// checklist is one event; a log counts nothing.
    var tally: (completed: Int, total: Int) {
        switch kind {
        case .checklist(let boxes): (boxes.filter { $0.outcome != nil }.count, boxes.count)
        case .log: (0, 0)
        case .survey, .simple: (isCompleted ? 1 : 0, 1)
        }
    }

    public var isCompleted: Bool {
        if case .completed = state { true } else { false }
    }
}

/// A log's entries: each an outcome of the day's occurrence with its own
/// number, from 0, at the moment it was logged. A form carries the number
/// it would store, so the same tap sent twice stores once, and a number out
/// of turn is refused.
public enum LogEntries {
    /// The most entries one day holds: more is a flood, not a day of doses.
    public static let perDay = 1000

    /// The entry number the next entry of the day takes: one past the
    /// highest of `entries`, so a removed entry's number is not reused
    /// while a later one stands.
    public static func next(after entries: [Outcome]) -> Int {
        (entries.compactMap(\.entry).max() ?? -1) + 1
    }

    /// The event of an entry logged at `instant`, on the day the log was
    /// `offered`: that occurrence, at that moment.
    public static func event(offered: ScheduledEvent, at instant: Date) -> ScheduledEvent {
        var event = offered
        (event.start, event.end, event.isAllDay) = (instant, instant, false)
        return event
    }
}

extension ParticipantFeed {
    /// Live log entries by task and local day, in the order they were logged.
    static func logEntries(_ outcomes: some Sequence<Outcome>, tasks: [PlannedTask]) -> [String: [LocalDate: [Outcome]]] {
        let logs = Set(tasks.filter { $0.kind == .log }.map(\.id))
        var entries: [String: [LocalDate: [Outcome]]] = [:]
        for outcome in outcomes where logs.contains(outcome.taskID) {
            entries[outcome.taskID, default: [:]][outcome.eventDay, default: []].append(outcome)
        }
        return entries.mapValues { $0.mapValues { $0.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } } }
    }

    /// The live entries of a log task on `day`, in the order they were logged.
    public func entries(taskID: String, on day: LocalDate) -> [Outcome] {
        logEntries[taskID]?[day] ?? []
    }

    /// A day's cards with each task shown as its kind has it: a checklist's
    /// events as the boxes of one card, a log's as one card with its entries.
    func arranged(_ cards: [Card]) -> [Card] {
        var arranged: [Card] = []
        arranged.reserveCapacity(cards.count)
        // A day has a few tasks: looked for one by one, not hashed.
        var merged: [(taskID: String, index: Int)] = []
        for card in cards {
            switch card.kind {
            case .survey, .simple:
                arranged.append(card)
            case .checklist, .log:
                if let index = merged.first(where: { $0.taskID == card.taskID })?.index {
                    arranged[index] = merge(arranged[index], card)
                } else {
                    merged.append((card.taskID, arranged.count))
                    arranged.append(card)
                }
            }
        }
        return arranged
    }

    /// A checklist's card with the next of its boxes; a log's day has one card.
    private func merge(_ card: Card, _ next: Card) -> Card {
        guard case .checklist(let boxes) = card.kind, case .checklist(let nextBoxes) = next.kind else { return card }
        var merged = card
        let all = boxes + nextBoxes
        merged.kind = .checklist(all)
        if all.allSatisfy({ $0.outcome != nil }), let last = all.compactMap(\.outcome).max(by: { $0.createdAt < $1.createdAt }) {
            merged.state = .completed(last)
        } else if card.event.day == today {
            merged.state = .open
        } else {
            merged.state = card.event.day < today ? .missed : .upcoming
        }
        return merged
    }
}
