import CareModel
import StudyModel
import Feed
import Foundation
import Markup
import Support

/// A participant's day: the week strip with adherence rings, previous and
/// next day, and each card in its state.
public enum FeedPage {
    /// Values the reader's sharing withholds say "Not shared"; on the
    /// clinicians' site the participant's name shows beside their study ID
    /// when the reader shows names.
    /// - Parameter notice: a card shown alone instead of the day's cards, such as the re-consent card.
    public static func render(_ feed: FeedDay, plan: CarePlan, reader: Reader, csrfToken: String? = nil,
                              notice: HTML? = nil,
                              frame: Layout.Frame = .plain) -> HTML {
        render(feed, plan: plan, reader: reader, csrfToken: csrfToken, notice: notice, frame: frame, kept: Kept())
    }

    /// A day page, its week strip and answers taken from `kept` when worked out for another of the participant's pages.
    public static func render(_ feed: FeedDay, plan: CarePlan, reader: Reader, csrfToken: String? = nil,
                              notice: HTML? = nil, frame: Layout.Frame = .plain, kept: Kept) -> HTML {
        let participant = feed.participant
        let zone = participant.timeZone
        // Room for the largest main part so far, so the page's appends do not grow it step by step.
        var main = HTML()
        main.reserveCapacity(kept.mainCapacity)
        let isToday = feed.day == feed.today
        let heading = isToday ? reader.words(.today) : reader.format.day(feed.day)
        main += "<div class=\"day-heading\">\n<h1>\(heading)</h1>\n"
        main += "<p class=\"day-meta\">"
        if isToday { main += "\(reader.format.day(feed.day)) · " }
        let dayOfStudy = participant.dayOfStudy(feed.day)
        let meta = feed.isStudyFinished && !feed.isWithdrawn ? reader.words(.studyFinished)
            : dayOfStudy >= 1 ? reader.words(.dayOfTheStudy, ["day": reader.format.integer(dayOfStudy)]) : reader.words(.beforeEnrollment)
        main += "\(meta)"
        if reader.isClinician { main += " · \(Pseudonym.label(participant, reader: reader))" }
        main += "</p>\n</div>\n"
        weekStrip(feed, reader: reader, kept: kept, into: &main)
        main += dayNavigation(feed, reader: reader, kept: kept)

        if !feed.isOnboarded {
            let text = reader.isParticipant
                ? reader.words(.welcomeJoin)
                : reader.words(.notJoinedOnDay)
            main += "<p class=\"lead\">\(text)</p>\n"
        }
        if feed.isWithdrawn {
            let text = reader.isParticipant
                ? reader.words(.youHaveLeft)
                : reader.words(.withdrawnOnDay)
            main += "<p class=\"lead\">\(text)</p>\n"
        }
        if let notice {
            main += "<ol class=\"cards\">\n<li>\(notice)</li>\n</ol>\n"
        } else if feed.cards.isEmpty && feed.isStudyFinished && !feed.isWithdrawn {
            main += finished(feed, reader: reader)
        } else if feed.cards.isEmpty {
            main += "<p class=\"empty\">\(reader.words(.nothingScheduled))</p>\n"
        } else {
            main += lockNote(feed, reader: reader)
            main += "<ol class=\"cards\">\n"
            for card in feed.cards {
                main += "<li>\(self.card(card, feed: feed, plan: plan, zone: zone, reader: reader, csrfToken: csrfToken, kept: kept))</li>\n"
            }
            main += "</ol>\n"
        }
        if notice == nil, isToday { main += waitingForDates(feed, plan: plan, reader: reader) }
        if notice == nil { main += dayLinks(feed, study: plan.study, reader: reader, kept: kept) }
        kept.mainCapacity = max(kept.mainCapacity, main.bytes.count)
        let title = isToday ? reader.words(.today) : reader.format.day(feed.day)
        return Layout.page(title: title, study: plan.study, reader: reader,
                           nav: .participant(id: participant.id, today: feed.today, current: .feed), main: main,
                           scripts: csrfToken != nil && feed.isEditable ? ["js/busy.js"] : [], frame: frame, chrome: kept.chrome)
    }

    /// The week strip, appended to `html`: it is most of a day page's main part.
    static func weekStrip(_ feed: FeedDay, reader: Reader, kept: Kept, into html: inout HTML) {
        let weekStart = feed.week.days[0].day
        let drawn = kept.strips.value(for: weekStart) { drawWeek(feed, reader: reader, kept: kept) }
        html += drawn.opening
        for (day, item) in zip(feed.week.days, drawn.items) {
            html += day.day == feed.day ? item.shown : item.other
        }
        html += "</ol></nav>\n"
    }

    /// A day's short name, with its initial beside it for a strip too narrow for the name (a phone at large text):
    /// the style shows one of them, so that no name is broken between its letters.
    private static func weekdayName(_ day: LocalDate, format: Format) -> HTML {
        let (short, initial) = (format.weekdayShortest(day), format.weekdayInitial(day))
        guard short != initial else { return "<span class=\"week-day\" aria-hidden=\"true\">\(short)</span>" }
        return "<span class=\"week-day\" aria-hidden=\"true\"><span class=\"day-name\">\(short)</span>"
            + "<span class=\"day-initial\">\(initial)</span></span>"
    }

    /// A week's strip. Each weekday's name, and each ring and what it says, are
    /// taken from `kept` where another week of the participant's had them.
    private static func drawWeek(_ feed: FeedDay, reader: Reader, kept: Kept) -> Kept.Drawn {
        let opening: HTML = "<nav class=\"week\" aria-label=\"\(reader.words(.weekOf, ["day": reader.format.day(feed.week.days[0].day)]))\"><ol>\n"
        let items = feed.week.days.map { day -> (other: HTML, shown: HTML) in
            let state = day.ring?.state(on: day.day, today: feed.today)
            let key = Kept.RingKey(ring: day.ring, state: state)
            let ring = kept.rings.value(for: key) { (track(day.ring, state: state), ringLabel(day.ring, state: state, reader: reader)) }
            let name = kept.weekdayNames.value(for: day.day.weekday) { weekdayName(day.day, format: reader.format) }
            let label = reader.words(.dayRing, ["day": reader.format.day(day.day), "ring": ring.label])
            let content: HTML = name + ring.track + ringNumber(reader.format.dayNumber(day.day))
            let classes = day.day == feed.today ? "week-link is-today" : "week-link"
            guard let href = feedLink(feed, day.day, reader: reader, kept: kept) else {
                let item: HTML = "<li><span class=\"\(classes) is-outside\" aria-label=\"\(label)\">\(content)</span></li>\n"
                return (item, item)
            }
            func item(_ current: HTML) -> HTML {
                "<li><a class=\"\(classes)\" href=\"\(href)\"\(current) aria-label=\"\(label)\">\(content)</a></li>\n"
            }
            return (item(""), item(" aria-current=\"date\""))
        }
        return Kept.Drawn(opening: opening, items: items)
    }

    /// `2 of 2 done`, `1 of 2 done, 1 missed`, `2 tasks to come`.
    static func ringLabel(_ ring: AdherenceRing?, state: RingState?, reader: Reader) -> String {
        guard let ring, let state else { return reader.words(.ringNoTasks) }
        let done = reader.format.integer(ring.completed)
        switch state {
        case .upcoming: return reader.words(.ringToCome, count: ring.total)
        case .missed: return reader.words(.ringDoneMissed, count: ring.total, ["done": done, "missed": reader.format.integer(ring.total - ring.completed)])
        case .today, .done: return reader.words(.ringDone, count: ring.total, ["done": done])
        }
    }

    /// A ring drawn as two circles, up to the day number that sits in the
    /// middle (`ringNumber`), so days with the same ring and state share it. The
    /// track's outline tells a day to come (dashed) from a missed day (in the
    /// missed colour) and from today's. No ring at all on a day without
    /// adherence events.
    private static func track(_ ring: AdherenceRing?, state: RingState?) -> HTML {
        let radius = 15.0
        let circumference = 2 * Double.pi * radius
        var svg: HTML = "<svg class=\"ring\" viewBox=\"0 0 36 36\" width=\"36\" height=\"36\" aria-hidden=\"true\" focusable=\"false\">"
        if let ring {
            let filled = circumference * ring.fraction
            let dashes: HTML = state == .upcoming ? " stroke-dasharray=\"3.93 3.93\"" : ""
            svg += "<circle class=\"ring-track ring-\((state ?? .today).rawValue)\" cx=\"18\" cy=\"18\" r=\"15\" fill=\"none\" "
                + "stroke-width=\"2\"\(dashes)/>"
            if ring.completed > 0 {
                svg += "<circle class=\"ring-fill\" cx=\"18\" cy=\"18\" r=\"15\" fill=\"none\" stroke-width=\"4\" "
                    + "stroke-linecap=\"round\" stroke-dasharray=\"\(PlainNumber.format(filled)) \(PlainNumber.format(circumference))\" "
                    + "transform=\"rotate(-90 18 18)\"/>" as HTML
            }
        }
        return svg
    }

    /// The day number in the middle of a ring, and the ring's end.
    private static func ringNumber(_ number: String) -> HTML {
        "<text x=\"18\" y=\"22.5\" text-anchor=\"middle\" class=\"ring-number\">\(number)</text></svg>"
    }

    static func dayNavigation(_ feed: FeedDay, reader: Reader, kept: Kept) -> HTML {
        let previous = feed.day.adding(days: -1)
        let next = feed.day.adding(days: 1)
        var html: HTML = "<nav class=\"day-nav\" aria-label=\"\(reader.words(.days))\">"
        if let href = feedLink(feed, previous, reader: reader, kept: kept) {
            html += "<a rel=\"prev\" href=\"\(href)\"><span class=\"arrow\" aria-hidden=\"true\">←</span> \(reader.format.shortDay(previous))</a>"
        } else {
            html += "<span></span>"
        }
        if feed.day != feed.today, let href = feedLink(feed, feed.today, reader: reader, kept: kept) {
            html += "<a href=\"\(href)\">\(reader.words(.today))</a>"
        }
        if let href = feedLink(feed, next, reader: reader, kept: kept) {
            html += "<a rel=\"next\" href=\"\(href)\">\(reader.format.shortDay(next)) <span class=\"arrow\" aria-hidden=\"true\">→</span></a>"
        } else {
            html += "<span></span>"
        }
        return html + "</nav>\n"
    }

    /// `Pain: 3 · Sleep: 7 hours`, `outcome`'s answers read by its task's `taskVersion`; a value not
    /// shared reads `Sleep: Not shared` in its place, whether or not it was answered. Each answer's
    /// line is taken from `kept` where another outcome of the participant's gave the same answer.
    /// The whole text is kept too, by the outcome: a card open for several days and the audit trail say it again.
    /// - Parameter keeping: false where no later page asks for the outcome again, as for the audit trail,
    ///   written last, whose outcomes are each asked once: keeping each cost more than the day pages' saved.
    static func answers(_ outcome: Outcome, taskVersion: Int, plan: CarePlan, reader: Reader, kept: Kept?,
                        keeping: Bool = true) -> String {
        let task = plan.task(outcome.taskID, version: taskVersion)
        let key = Kept.AnswerKey(outcome: Format.answersOnly(outcome, task: task), taskVersion: taskVersion)
        if let known = kept?.answers[key] { return known }
        let text = answers(key.outcome, task: task, taskVersion: taskVersion, study: plan.study, reader: reader, kept: kept)
        if keeping { kept?.answers[key] = text }
        return text
    }

    /// `outcome`'s answers, its scores already taken out, read by `task` at `taskVersion`.
    private static func answers(_ outcome: Outcome, task: StudyTask?, taskVersion: Int, study: Study, reader: Reader,
                                kept: Kept?) -> String {
        let items = task?.formItems ?? []
        let sharing = reader.sharing
        return Format.kinds(of: outcome, items: items).compactMap { kind -> String? in
            let item = items.first { $0.id == kind }
            if let why = sharing.withholding(taskID: outcome.taskID, kind: kind) {
                return reader.words(.labelledAnswer, ["label": Format.label(kind, task: outcome.taskID, study: study, item: item),
                                                      "answer": reader.format.withheld(why)])
            }
            let values = outcome.values.filter { $0.kind == kind }
            guard !values.isEmpty else { return nil }
            let key = Kept.LineKey(taskID: outcome.taskID, taskVersion: taskVersion, values: values)
            if let known = kept?.lines[key] { return known }
            let line = reader.format.answer(kind, values: values, taskID: outcome.taskID, item: item, study: study)
            kept?.lines[key] = line
            return line
        }.joined(separator: " · ")
    }

    static func card(_ card: Card, feed: FeedDay, plan: CarePlan, zone: TimeZone, reader: Reader,
                     csrfToken: String?, kept: Kept) -> HTML {
        if card.kind != .survey {
            return TaskCardViews.render(card, feed: feed, plan: plan, zone: zone, reader: reader, csrfToken: csrfToken)
        }
        let task = plan.task(card.taskID, version: card.event.version)
        let headingID = "card-\(card.taskID)-\(card.event.occurrence)"
        var html: HTML = "<article class=\"card is-\(card.state.name)\(card.isLocked ? " is-locked" : "")\" aria-labelledby=\"\(headingID)\""
            + "\(Layout.language(of: plan.study.task(card.taskID)?.file, study: plan.study))>\n"
        html += "<div class=\"card-head\"><h2 id=\"\(headingID)\">\(card.title)</h2>"
        html += "<p class=\"card-when\">\(whenLine(card, zone: zone, today: feed.today, reader: reader))</p></div>\n"
        switch card.state {
        case .completed(let outcome):
            html += "<p class=\"status status-done\">\(Layout.icon("checkmark.circle.fill", reader: reader))\(reader.words(.done))"
            html += " <span class=\"status-time\">\(reader.words(.atTime, ["time": reader.format.time(outcome.createdAt, in: zone)]))</span></p>\n"
            let answers = answers(outcome, taskVersion: card.event.version, plan: plan, reader: reader, kept: kept)
            if !answers.isEmpty {
                html += "<p class=\"answers\">\(answers)</p>\n"
            }
            for score in reader.format.scores(outcome, task: task, sharing: reader.sharing) {
                html += "<p class=\"score\">\(score)</p>\n"
            }
            if feed.isEditable, let href = reader.links.deleteAnswers(card.taskID, occurrence: card.event.occurrence) {
                html += "<p class=\"card-actions\"><a class=\"quiet-link\" href=\"\(href)\">\(reader.words(.deleteAndAnswerAgain))"
                    + "<span class=\"visually-hidden\"> \(card.title)</span></a></p>\n"
            }
        case .open:
            if let href = card.taskID == plan.tasks.first(where: \.isOnboarding)?.id ? reader.links.onboarding()
                : reader.links.task(card.taskID, occurrence: card.event.occurrence) {
                html += "<p class=\"card-actions\"><a class=\"button\" href=\"\(href)\">\(reader.words(.begin))<span class=\"visually-hidden\"> \(card.title)</span></a></p>\n"
            } else {
                html += "<p class=\"status status-open\">\(reader.words(.openNotAnswered))</p>\n"
            }
        case .missed:
            html += "<p class=\"status status-missed\">\(reader.words(.noAnswerThisDay))</p>\n"
        case .upcoming:
            html += "<p class=\"status status-upcoming\">\(opens(card, today: feed.today, zone: zone, reader: reader))</p>\n"
        }
        return html + "</article>"
    }

    /// `Morning · from 8:00 AM · Every morning`: when the card's event is,
    /// with its element's words; for an event open for days, until when,
    /// in place of "any time that day".
    static func whenLine(_ card: Card, zone: TimeZone, today: LocalDate, reader: Reader) -> String {
        let window = window(card, reader: reader)
        let time = card.event.isAllDay && window != nil ? nil : reader.format.when(card.event, in: zone, today: today)
        let parts = [time, card.event.visit, card.event.text, window].compactMap { $0 }
        return parts.isEmpty ? reader.format.when(card.event, in: zone, today: today) : parts.joined(separator: " · ")
    }

    /// "Open until Mon, Jan 18", for an event with a window that is not
    /// answered and not over: never a deadline missed.
    static func window(_ card: Card, reader: Reader) -> String? {
        guard card.event.hasWindow, card.state == .open || card.state == .upcoming else { return nil }
        return reader.words(.openUntil, ["day": reader.format.weekdayAndDay(card.event.lastDay)])
    }

    /// A card's one line on a day to come: `Opens Tue, Dec 1 at 8:00 AM`;
    /// an event already open today, shown again on a later day of its window, is open.
    static func opens(_ card: Card, today: LocalDate, zone: TimeZone, reader: Reader) -> String {
        if card.event.day <= today, card.event.hasWindow {
            return reader.words(reader.isParticipant ? .openNow : .openNotAnswered)
        }
        return opens(card.event, zone: zone, reader: reader)
    }

    /// A card's one line on a day to come: `Opens Tue, Dec 1 at 8:00 AM`.
    static func opens(_ event: ScheduledEvent, zone: TimeZone, reader: Reader) -> String {
        reader.words(reader.isParticipant ? .opensOn : .scheduledFor, ["when": reader.format.opens(event, in: zone)])
    }

    /// Said once for a past day, to the participant, who might try; the
    /// clinicians' site changes nothing anyway.
    static func lockNote(_ feed: FeedDay, reader: Reader) -> HTML {
        guard reader.isParticipant, feed.day < feed.today, feed.cards.contains(where: \.isLocked) else { return "" }
        return "<p class=\"lock-note\">\(Layout.icon("lock.fill", reader: reader))\(reader.words(.pastDaysLocked))</p>\n"
    }

    /// The kind last word of a study: shown once no task has an event on the day or later.
    static func finished(_ feed: FeedDay, reader: Reader) -> HTML {
        guard reader.isParticipant else {
            return "<p class=\"empty\">\(reader.words(.studyFinishedClinician))</p>\n"
        }
        return "<section class=\"finished\" aria-labelledby=\"finished-heading\">"
            + "\(Layout.icon("checkmark.circle.fill", reader: reader))"
            + "<h2 id=\"finished-heading\">\(reader.words(.finishedHeading))</h2>\n"
            + "<p>\(reader.words.html(.finishedText, ["insights": "<a href=\"\(reader.links.insights(feed.participant.id))\">\(reader.words(.yourInsights))</a>"]))</p></section>\n"
    }

    /// For each of the participant's own dates (their surgery) a task counts
    /// from and they do not have yet: its questions come once it is known.
    /// Nothing from it is scheduled, so nothing is missed.
    static func waitingForDates(_ feed: FeedDay, plan: CarePlan, reader: Reader) -> HTML {
        guard feed.isOnboarded, !feed.isWithdrawn else { return "" }
        let awaited = Set(plan.tasks.flatMap { $0.timeline.awaitedDates(feed.participant.dates) })
        let waiting = plan.study.dates.filter { awaited.contains($0.id) }
        return waiting.map { date in
            "<p class=\"waiting-for-date\">\(reader.words(.waitingForDate, ["date": date.label]))</p>\n" as HTML
        }.joined()
    }

    /// The links under a day's cards, as `kept` has them from another day alike.
    static func dayLinks(_ feed: FeedDay, study: Study, reader: Reader, kept: Kept) -> HTML {
        let key = Kept.DayLinksKey(isOnboarded: feed.isOnboarded, isWithdrawn: feed.isWithdrawn,
                                   isStudyFinished: feed.isStudyFinished)
        return kept.dayLinks.value(for: key) { dayLinks(feed, study: study, reader: reader) }
    }

    /// Under the day's cards: reminders for the phone's calendar and the study's safety note.
    /// They depend on the day only through what `Kept.DayLinksKey` holds.
    static func dayLinks(_ feed: FeedDay, study: Study, reader: Reader) -> HTML {
        guard feed.isOnboarded else { return "" }
        var items: [HTML] = []
        if !feed.isWithdrawn, !feed.isStudyFinished, let calendar = reader.links.calendar() {
            items.append("<a class=\"button button-secondary\" href=\"\(calendar)\" download>"
                         + "\(Layout.icon("bell.fill", reader: reader))<span>\(reader.words(.addReminders))</span></a>")
        }
        if let slug = study.safety, let note = study.note(slug) {
            items.append("<a class=\"help-link\" href=\"\(reader.links.note(note.slug))\">"
                         + "\(Layout.icon("info.circle.fill", reader: reader))\(note.title)</a>")
        }
        guard !items.isEmpty else { return "" }
        return "<ul class=\"day-links\">" + items.map { "<li>\($0)</li>" as HTML }.joined() + "</ul>\n"
    }
}
