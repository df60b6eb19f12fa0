import CareModel
import Content
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
    /// - Parameter sharing: a task whose taps the participant does not share reads "Not shared" in their place.
    static func render(_ card: Card, feed: FeedDay, plan: CarePlan, zone: TimeZone, links: PageLinks,
                       csrfToken: String?, sharing: Sharing) -> HTML {
        let task = plan.task(card.taskID, version: card.event.version)
        let headingID = "card-\(card.taskID)-\(card.event.occurrence)"
        let form = Form(token: csrfToken ?? "", isEditable: feed.isEditable && card.event.day == feed.today)
        // A log asks for nothing, so a day without entries is quiet rather than missed.
        let state = card.state == .missed && card.kind == .log([]) ? "quiet" : card.state.name
        var html: HTML = "<article class=\"card task-card is-\(state)\(card.isLocked ? " is-locked" : "")\" "
            + "aria-labelledby=\"\(headingID)\">\n"
        html += "<div class=\"card-head\"><h2 id=\"\(headingID)\">\(card.title)</h2>"
        html += "<p class=\"card-when\">\(when(card, zone: zone, today: feed.today))</p></div>\n"
        let kind = plan.tasks.first { $0.id == card.taskID }?.kind.valueKind ?? "done"
        switch card.kind {
        case _ where sharing.withholding(taskID: card.taskID, kind: kind) == .notChosen:
            html += "<p class=\"status\">Not chosen yet: the participant has not yet answered whether to share this.</p>\n"
        case _ where !sharing.isShared(taskID: card.taskID, kind: kind):
            html += "<p class=\"status\">Not shared: the participant chose not to share this with the study team.</p>\n"
        case .survey, .simple:
            html += simple(card, form: form, zone: zone, links: links)
        case .checklist(let boxes):
            html += checklist(card, boxes: boxes, form: form, zone: zone, links: links)
        case .log(let entries):
            html += log(card, entries: entries, button: task?.button ?? "Log an entry", feed: feed, form: form, zone: zone,
                        links: links)
        }
        if card.state == .upcoming {
            let opens = links.isInteractive ? "Opens" : "Scheduled for"
            html += "<p class=\"status status-upcoming\">\(opens) \(Format.day(card.event.day))</p>\n"
        }
        if let instructions = task?.instructions, !instructions.isEmpty {
            html += "<details class=\"card-instructions\"><summary>How to</summary>\n\(instructions)</details>\n"
        }
        if card.isLocked && links.isInteractive {
            html += "<p class=\"lock-note\">\(Layout.icon("lock.fill", links: links))Past days are locked: nothing can change.</p>\n"
        }
        return html + "</article>"
    }

    /// A form's token, and whether this card's taps may post at all.
    struct Form {
        var token: String
        var isEditable: Bool

        /// A one-button form that posts `fields` with the token.
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
    static func when(_ card: Card, zone: TimeZone, today: LocalDate) -> String {
        switch card.kind {
        case .log:
            return card.event.text ?? "As needed"
        case .checklist(let boxes):
            return card.event.text ?? "\(boxes.count) times"
        case .survey, .simple:
            let time = Format.when(card.event, in: zone, today: today)
            return card.event.text.map { "\(time) · \($0)" } ?? time
        }
    }

    /// The whole card is the button: it marks the task done, and undoes it.
    static func simple(_ card: Card, form: Form, zone: TimeZone, links: PageLinks) -> HTML {
        let done: Outcome? = if case .completed(let outcome) = card.state { outcome } else { nil }
        let statusID = "status-\(card.taskID)-\(card.event.occurrence)"
        var html = HTML()
        if form.isEditable, let action = links.checkOff(card.taskID, occurrence: card.event.occurrence) {
            let button: HTML = "<button type=\"submit\" class=\"tap-target\" aria-pressed=\"\(done != nil ? "true" : "false")\" "
                + "aria-describedby=\"\(statusID)\"><span class=\"tap-mark\" aria-hidden=\"true\"></span>"
                + "<span class=\"tap-label\">Done<span class=\"visually-hidden\">: \(card.title)</span></span></button>"
            html += form.post(action, fields: [("done", done == nil ? "yes" : "no")], button: button) + "\n"
        } else {
            html += "<p class=\"tap-static\"><span class=\"tap-mark\(done != nil ? " is-done" : "")\" aria-hidden=\"true\"></span>"
                + "<span class=\"tap-label\">\(done != nil ? "Done" : "Not done")</span></p>\n"
        }
        html += "<p class=\"status\(done != nil ? " status-done" : "")\" id=\"\(statusID)\">"
        if let done {
            html += "Done at \(Format.time(done.createdAt, in: zone))"
            if form.isEditable && links.isInteractive { html += " · tap again to undo" }
        } else {
            switch card.state {
            case .missed: html += "Not done"
            case .upcoming: html += "Not open yet"
            default: html += links.isInteractive ? "Tap the card when it is done" : "Not done yet"
            }
        }
        return html + "</p>\n"
    }

    /// A box per time, each its own occurrence: a tap marks or clears only its own.
    static func checklist(_ card: Card, boxes: [ChecklistBox], form: Form, zone: TimeZone, links: PageLinks) -> HTML {
        let done = boxes.filter { $0.outcome != nil }.count
        var html: HTML = "<p class=\"status\(done == boxes.count ? " status-done" : "")\">\(done) of \(boxes.count) done</p>\n"
        html += "<ul class=\"checklist\">\n"
        for box in boxes {
            let time = Format.time(box.event.start, in: zone)
            let isDone = box.outcome != nil
            let note: HTML = box.outcome.map { "<span class=\"box-note\">done at \(Format.time($0.createdAt, in: zone))</span>" }
                ?? (card.isLocked ? "<span class=\"box-note\">not done</span>" : "")
            html += "<li>"
            if form.isEditable, let action = links.checkOff(card.taskID, occurrence: box.event.occurrence) {
                let button: HTML = "<button type=\"submit\" class=\"box-button\" aria-pressed=\"\(isDone ? "true" : "false")\">"
                    + "<span class=\"box\" aria-hidden=\"true\"></span><span class=\"box-time\">\(time)</span>"
                    + "<span class=\"visually-hidden\">, \(card.title)</span></button>"
                html += form.post(action, fields: [("done", isDone ? "no" : "yes")], button: button)
            } else {
                html += "<span class=\"box-static\"><span class=\"box\(isDone ? " is-done" : "")\" aria-hidden=\"true\"></span>"
                    + "<span class=\"box-time\">\(time)</span>"
                    + "<span class=\"visually-hidden\">: \(isDone ? "done" : "not done")</span></span>"
            }
            html += note + "</li>\n"
        }
        return html + "</ul>\n"
    }

    /// The button, and each entry of the day with its time; today, each can be removed.
    static func log(_ card: Card, entries: [Outcome], button: String, feed: FeedDay, form: Form, zone: TimeZone,
                    links: PageLinks) -> HTML {
        var html = HTML()
        let count = entries.count == 1 ? "1 entry" : "\(entries.count) entries"
        if card.state != .upcoming {
            let day = card.event.day == feed.today ? "today" : "this day"
            html += "<p class=\"status\">\(entries.isEmpty ? "Nothing logged \(day)" : "\(count) \(day)")</p>\n"
        }
        if !entries.isEmpty {
            html += "<ol class=\"log-entries\">\n"
            for entry in entries {
                let time = Format.time(entry.createdAt, in: zone)
                html += "<li><span class=\"log-time\">Logged at <time datetime=\"\(Timestamp.utc(entry.createdAt))\">\(time)</time></span>"
                if form.isEditable, let action = links.checkOff(card.taskID, occurrence: entry.occurrence) {
                    html += form.post(action, fields: [("done", "no")], button:
                        "<button type=\"submit\" class=\"button button-secondary button-small\">Remove"
                        + "<span class=\"visually-hidden\"> the entry logged at \(time)</span></button>")
                }
                html += "</li>\n"
            }
            html += "</ol>\n"
        }
        if form.isEditable, let action = links.logEntry(card.taskID) {
            html += "<div class=\"card-actions\">"
                + form.post(action, fields: [("entry", String(LogEntries.next(after: entries)))],
                            button: "<button type=\"submit\" class=\"button\">\(button)</button>") + "</div>\n"
        }
        return html
    }
}
