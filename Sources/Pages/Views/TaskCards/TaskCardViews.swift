import CareModel
import StudyModel
import Feed
import Foundation
import Markup

/// The cards of tasks answered with a tap, as CareKit's task views have
/// them: a simple task whose whole card is its button, a checklist with a
/// box per time, and a log with its button and the day's entries.
///
/// Each tap is a small form that works without script and carries the
/// session's token. Where nothing can change (the clinicians' site, past and
/// future days) the same card is drawn without forms.
enum TaskCardViews {
    /// A task whose taps the reader's sharing withholds reads "Not shared" in their place.
    static func render(_ card: Card, feed: FeedDay, plan: CarePlan, zone: TimeZone, reader: Reader,
                       csrfToken: String?) -> HTML {
        let sharing = reader.sharing
        let task = plan.task(card.taskID, version: card.event.version)
        let headingID = "card-\(card.taskID)-\(card.event.occurrence)"
        let form = Form(token: csrfToken ?? "", isEditable: feed.isEditable && card.day == feed.today)
        // A log asks for nothing, so its card is neither done nor missed, whatever its entries.
        let isLog = if case .log = card.kind { true } else { false }
        let state = isLog && card.state != .upcoming ? "log" : card.state.name
        var html: HTML = "<article class=\"card task-card is-\(state)\(card.isLocked ? " is-locked" : "")\" "
            + "aria-labelledby=\"\(headingID)\"\(Layout.language(of: plan.study.task(card.taskID)?.file, study: plan.study))>\n"
        html += "<div class=\"card-head\"><h2 id=\"\(headingID)\">\(card.title)</h2>"
        html += "<p class=\"card-when\">\(when(card, zone: zone, today: feed.today, reader: reader))</p></div>\n"
        let kind = plan.tasks.first { $0.id == card.taskID }?.kind.valueKind ?? "done"
        switch card.kind {
        case _ where sharing.withholding(taskID: card.taskID, kind: kind) == .notChosen:
            html += "<p class=\"status\">\(reader.words(.tapsNotChosen))</p>\n"
        case _ where !sharing.isShared(taskID: card.taskID, kind: kind):
            html += "<p class=\"status\">\(reader.words(.tapsNotShared))</p>\n"
        case .survey, .simple:
            html += simple(card, feed: feed, form: form, zone: zone, reader: reader)
        case .checklist(let boxes):
            html += checklist(card, boxes: boxes, form: form, zone: zone, reader: reader)
        case .log(let entries):
            html += log(card, entries: entries, button: task?.button ?? reader.words(.logAnEntry), feed: feed, form: form, zone: zone,
                        reader: reader)
        }
        if let instructions = task?.instructions, !instructions.isEmpty {
            html += "<details class=\"card-instructions\"><summary>\(reader.words(.howTo))</summary>\n\(instructions)</details>\n"
        }
        return html + "</article>"
    }

    /// A form's token, and whether this card's taps may post at all.
    struct Form {
        var token: String
        var isEditable: Bool

        /// A one-button form that posts `fields` with the token. Its button
        /// should say how it is busy (`data-busy-label`, empty to keep its
        /// words), so a quick second tap cannot send the form again.
        func post(_ action: String, fields: [(String, String)], button: HTML) -> HTML {
            var html: HTML = "<form method=\"post\" action=\"\(action)\" class=\"tap-form\">"
                + "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
            for (name, value) in fields {
                html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
            }
            return html + button + "</form>"
        }
    }

    /// The card's time: the element's words, or its time; a log is offered all day.
    static func when(_ card: Card, zone: TimeZone, today: LocalDate, reader: Reader) -> String {
        switch card.kind {
        case .log:
            return card.event.text ?? reader.words(.asNeeded)
        case .checklist(let boxes):
            return card.event.text ?? reader.words(.timesADay, count: boxes.count)
        case .survey, .simple:
            return FeedPage.whenLine(card, zone: zone, today: today, reader: reader)
        }
    }

    /// The whole card is the button: "Mark as done" marks the task done,
    /// and the card then says when; a second tap undoes it. Where nothing
    /// can change, the same line says how the day went or when it opens.
    static func simple(_ card: Card, feed: FeedDay, form: Form, zone: TimeZone, reader: Reader) -> HTML {
        let done: Outcome? = if case .completed(let outcome) = card.state { outcome } else { nil }
        let label = done.map { reader.words(.doneAt, ["time": reader.format.time($0.createdAt, in: zone)]) }
        if form.isEditable, let action = reader.links.checkOff(card.taskID, occurrence: card.event.occurrence) {
            let hintID = "hint-\(card.taskID)-\(card.event.occurrence)"
            let described: HTML = done == nil ? "" : " aria-describedby=\"\(hintID)\""
            let button: HTML = "<button type=\"submit\" class=\"tap-target\" aria-pressed=\"\(done != nil ? "true" : "false")\"\(described) "
                + "data-busy-label=\"\"><span class=\"tap-mark\" aria-hidden=\"true\"></span>"
                + "<span class=\"tap-label\">\(label ?? reader.words(.markAsDone))<span class=\"visually-hidden\">: \(card.title)</span></span></button>"
            var html = form.post(action, fields: [("done", done == nil ? "yes" : "no")], button: button) + "\n"
            if done != nil { html += "<p class=\"tap-hint\" id=\"\(hintID)\">\(reader.words(.tapToUndo))</p>\n" }
            return html
        }
        let words = label ?? {
            switch card.state {
            case .upcoming: FeedPage.opens(card, today: feed.today, zone: zone, reader: reader)
            case .missed: reader.words(.notDoneThisDay)
            default: reader.isParticipant || card.event.day != feed.today ? reader.words(.notDone) : reader.words(.notDoneYet)
            }
        }()
        return "<p class=\"tap-static\"><span class=\"tap-mark\(done != nil ? " is-done" : "")\" aria-hidden=\"true\"></span>"
            + "<span class=\"tap-label\">\(words)</span></p>\n"
    }

    /// A box per time, each its own occurrence: a tap marks or clears only its own.
    static func checklist(_ card: Card, boxes: [ChecklistBox], form: Form, zone: TimeZone, reader: Reader) -> HTML {
        let done = boxes.filter { $0.outcome != nil }.count
        var html: HTML = card.state == .upcoming
            ? "<p class=\"status status-upcoming\">\(FeedPage.opens(card, today: card.day, zone: zone, reader: reader))</p>\n"
            : "<p class=\"status\(done == boxes.count ? " status-done" : "")\">\(reader.words(.ringDone, count: boxes.count, ["done": reader.format.integer(done)]))</p>\n"
        html += "<ul class=\"checklist\">\n"
        for box in boxes {
            let time = reader.format.time(box.event.start, in: zone)
            let isDone = box.outcome != nil
            let note: HTML = box.outcome.map { "<span class=\"box-note\">\(reader.words(.boxDoneAt, ["time": reader.format.time($0.createdAt, in: zone)]))</span>" } ?? ""
            html += "<li>"
            if form.isEditable, let action = reader.links.checkOff(card.taskID, occurrence: box.event.occurrence) {
                let button: HTML = "<button type=\"submit\" class=\"box-button\" aria-pressed=\"\(isDone ? "true" : "false")\" "
                    + "data-busy-label=\"\">"
                    + "<span class=\"box\" aria-hidden=\"true\"></span><span class=\"box-time\">\(time)</span>"
                    + "<span class=\"visually-hidden\">, \(card.title)</span></button>"
                html += form.post(action, fields: [("done", isDone ? "no" : "yes")], button: button)
            } else {
                html += "<span class=\"box-static\"><span class=\"box\(isDone ? " is-done" : "")\" aria-hidden=\"true\"></span>"
                    + "<span class=\"box-time\">\(time)</span>"
                    + "<span class=\"visually-hidden\">: \(isDone ? reader.words(.boxDone) : reader.words(.boxNotDone))</span></span>"
            }
            html += note + "</li>\n"
        }
        return html + "</ul>\n"
    }

    /// The button, and each entry of the day with its time; today, each can be removed.
    static func log(_ card: Card, entries: [Outcome], button: String, feed: FeedDay, form: Form, zone: TimeZone,
                    reader: Reader) -> HTML {
        var html = HTML()
        if card.state == .upcoming {
            html += "<p class=\"status status-upcoming\">\(FeedPage.opens(card.event, zone: zone, reader: reader))</p>\n"
        } else {
            let isToday = card.event.day == feed.today
            let status = entries.isEmpty ? reader.words(isToday ? .nothingLoggedToday : .nothingLoggedThisDay)
                : reader.words(isToday ? .entriesLoggedToday : .entriesLoggedThisDay, count: entries.count)
            html += "<p class=\"status\">\(status)</p>\n"
        }
        if !entries.isEmpty {
            html += "<ol class=\"log-entries\">\n"
            for entry in entries {
                let time = reader.format.time(entry.createdAt, in: zone)
                html += "<li><span class=\"log-time\">\(reader.words.html(.loggedAt, ["time": "<time datetime=\"\(Timestamp.utc(entry.createdAt))\">\(time)</time>"]))</span>"
                if form.isEditable, let number = entry.entry,
                   let action = reader.links.checkOff(card.taskID, occurrence: entry.occurrence) {
                    html += form.post(action, fields: [("done", "no"), ("entry", String(number))], button:
                        "<button type=\"submit\" class=\"button button-secondary button-small\" data-busy-label=\"\(reader.words(.removing))\">\(reader.words(.remove))"
                        + "<span class=\"visually-hidden\"> \(reader.words(.theEntryLoggedAt, ["time": time]))</span></button>")
                }
                html += "</li>\n"
            }
            html += "</ol>\n"
        }
        if form.isEditable, let action = reader.links.logEntry(card.taskID) {
            html += "<div class=\"card-actions\">"
                + form.post(action, fields: [("entry", String(LogEntries.next(after: entries)))],
                            button: "<button type=\"submit\" class=\"button\" data-busy-label=\"\(reader.words(.logging))\">\(button)</button>")
                + "</div>\n"
        }
        return html
    }
}
