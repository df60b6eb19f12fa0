import CareModel
import CareStore
import StudyModel
import Feed
import Foundation
import HTTP
import Pages

/// The taps of CareKit's task views: a simple task or a checklist box
/// marked done or undone, a log entry made or removed. Today only.
///
/// Each form says what the tap means (`done=yes` or `done=no`, the entry's
/// number), never "toggle", so the same tap arriving twice stores once and
/// a second undo finds nothing left to undo.
struct TaskTaps {
    let store: CareStore

    /// `done=yes` stores the occurrence's outcome with its time; `done=no`
    /// tombstones it (a simple task, a box, or one entry of a log).
    func checkOff(task taskID: String, occurrence: Int, _ context: RequestContext) throws -> HTTPResponse {
        guard let task = context.plan.tasks.first(where: { $0.id == taskID }), task.kind.tapValue != nil, !task.isOnboarding else {
            return context.respond.notFound()
        }
        let done = context.form?["done"]
        guard done == "yes" || done == "no" else {
            return context.respond.message(.unprocessableContent, .nothingToDo, context.respond.words(.tapUnclear),
                                           link: (.goToToday, context.todayRoute))
        }
        if task.kind == .log {
            // An entry is named by its day's occurrence and its number; one already removed is left as it is.
            let number = context.form?["entry"].flatMap { Int($0) }
            guard let number, let entry = context.outcomes.first(where: {
                $0.taskID == taskID && $0.occurrence == occurrence && $0.entry == number
            }) else { return back(to: taskID, context) }
            if let refusal = TaskGate.refusal(day: entry.eventDay, title: task.title, context) { return refusal }
            if done == "no" { try delete(entry, at: context.now) }
            return back(to: taskID, context)
        }
        // The tap the occurrence's own version takes: a version that asked questions is answered by its survey.
        guard let event = TaskAnswers.event(task, occurrence: occurrence, feed: context.feed),
              let version = context.plan.task(taskID, version: event.version), let tap = version.kind.tapValue,
              version.problems([tap]).isEmpty else {
            return context.respond.notFound()
        }
        if let refusal = TaskGate.refusal(day: event.day, through: event.lastDay, title: task.title, context) { return refusal }
        let existing = context.feed.outcome(taskID: taskID, occurrence: occurrence)
        if done == "no" {
            if let existing { try delete(existing, at: context.now) }
        } else if existing == nil {
            try add(NewOutcome(participantID: context.participant.id, taskID: taskID, event: event,
                               values: [tap]), at: context.now)
        }
        return back(to: taskID, context)
    }

    /// A log's new entry, now, numbered by the form: the same number sent
    /// again stores once, and a number that is not the next one, or not a
    /// number, is refused.
    func log(task taskID: String, _ context: RequestContext) throws -> HTTPResponse {
        guard let task = context.plan.tasks.first(where: { $0.id == taskID }), task.kind == .log, let tap = task.kind.tapValue else {
            return context.respond.notFound()
        }
        let participant = context.participant
        let today = context.today
        if let refusal = TaskGate.refusal(day: today, title: task.title, context) { return refusal }
        guard let offered = task.timeline.events(participant.scheduleDates, in: participant.timeZone,
                                                 from: today, to: today.adding(days: 1)).first else {
            return context.respond.message(.conflict, .notOfferedToday, context.respond.words(.notOfferedTodayText, ["task": task.title]),
                                           link: (.goToToday, context.todayRoute))
        }
        let entries = context.feed.entries(taskID: taskID, on: today)
        let next = LogEntries.next(after: entries)
        guard let field = context.form?["entry"], let entry = Int(field), entry >= 0 else {
            return context.respond.message(.unprocessableContent, .nothingToDo, context.respond.words(.noEntryNamed),
                                           link: (.goToToday, context.todayRoute))
        }
        // The same form sent twice: its entry is stored already.
        if entries.contains(where: { $0.entry == entry }) { return back(to: taskID, context) }
        guard entry == next else {
            return context.respond.message(.conflict, .lookAtToday, context.respond.words(.pageOutOfDate),
                                           link: (.goToToday, context.todayRoute))
        }
        guard entry < LogEntries.perDay else {
            return context.respond.message(.conflict, .noMoreEntries, context.respond.words(.noMoreEntriesText, ["task": task.title]),
                                           link: (.goToToday, context.todayRoute))
        }
        let event = LogEntries.event(offered: offered, at: context.now)
        try add(NewOutcome(participantID: participant.id, taskID: taskID, event: event, entry: entry, values: [tap]),
                at: context.now)
        return back(to: taskID, context)
    }

    /// Today's page at the task's card, so the page comes back where the tap was
    /// and the keyboard goes on from there.
    private func back(to taskID: String, _ context: RequestContext) -> HTTPResponse {
        let card = context.feed.day(context.today, firstWeekday: 1).cards.first { $0.taskID == taskID }
        return .seeOther(context.todayRoute.path + (card.map { "#card-\(taskID)-\($0.event.occurrence)" } ?? ""))
    }

    private func add(_ outcome: NewOutcome, at now: Date) throws {
        do {
            try store.addOutcome(outcome, at: now)
        } catch CareStoreError.alreadyAnswered {
            // The same tap sent twice: the first stored it.
        }
    }

    private func delete(_ outcome: Outcome, at now: Date) throws {
        do {
            try store.deleteOutcome(id: outcome.id, at: now)
        } catch CareStoreError.notFound {
            // Undone already, by the first of two taps.
        }
    }
}
