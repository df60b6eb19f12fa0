import CareModel
import Content
import Feed
import Foundation

/// A participant's day: the week strip with adherence rings, previous and
/// next day, and each card in its state.
public enum FeedPage {
    public static func render(_ feed: FeedDay, plan: CarePlan, links: PageLinks, csrfToken: String? = nil) -> String {
        let participant = feed.participant
        let zone = participant.timeZone
        var main = ""
        let isToday = feed.day == feed.today
        let heading = isToday ? "Today" : Format.day(feed.day)
        main += "<div class=\"day-heading\">\n<h1>\(heading.html)</h1>\n"
        main += "<p class=\"day-meta\">"
        if isToday { main += "\(Format.day(feed.day).html) · " }
        let dayOfStudy = participant.dayOfStudy(feed.day)
        main += dayOfStudy >= 1 ? "Day \(dayOfStudy) of the study" : "Before enrollment"
        if links.studyIndex() != nil { main += " · \(participant.name.html) (\(participant.id.html))" }
        main += "</p>\n</div>\n"
        main += weekStrip(feed, links: links)
        main += dayNavigation(feed, links: links)

        if !feed.isOnboarded {
            main += "<p class=\"lead\">" + (links.isInteractive
                ? "Welcome. Join the study to see your daily tasks."
                : "Not onboarded on this day: the feed holds only the onboarding card.") + "</p>\n"
        }
        if feed.cards.isEmpty {
            main += "<p class=\"empty\">Nothing is scheduled for this day.</p>\n"
        } else {
            main += "<ol class=\"cards\">\n"
            for card in feed.cards {
                main += "<li>" + self.card(card, feed: feed, plan: plan, zone: zone, links: links, csrfToken: csrfToken) + "</li>\n"
            }
            main += "</ol>\n"
        }
        let title = isToday ? "Today" : Format.day(feed.day)
        return Layout.page(title: title, study: plan.study, links: links,
                           nav: Layout.participantNav(participant.id, links: links, current: "feed",
                                                      todayHref: links.feed(participant.id, feed.today)),
                           main: main)
    }

    static func weekStrip(_ feed: FeedDay, links: PageLinks) -> String {
        var html = "<nav class=\"week\" aria-label=\"Week of \(Format.day(feed.week.days[0].day).html)\"><ol>\n"
        for day in feed.week.days {
            let label: String
            if let ring = day.ring {
                label = "\(Format.day(day.day)): \(ring.completed) of \(ring.total) done"
            } else {
                label = "\(Format.day(day.day)): no tasks that count"
            }
            let content = "<span class=\"week-day\" aria-hidden=\"true\">\(Format.weekdayShort(day.day).prefix(1))</span>"
                + ring(day.ring, number: day.day.components.day)
            let classes = ["week-link"] + (day.day == feed.today ? ["is-today"] : [])
            if let href = links.feed(feed.participant.id, day.day) {
                let current = day.day == feed.day ? " aria-current=\"date\"" : ""
                html += "<li><a class=\"\(classes.joined(separator: " "))\" href=\"\(href.html)\"\(current) aria-label=\"\(label.html)\">\(content)</a></li>\n"
            } else {
                html += "<li><span class=\"\((classes + ["is-outside"]).joined(separator: " "))\" aria-label=\"\(label.html)\">\(content)</span></li>\n"
            }
        }
        return html + "</ol></nav>\n"
    }

    /// A ring drawn as two circles; the day number sits in the middle. No
    /// ring at all on a day without adherence events.
    static func ring(_ ring: AdherenceRing?, number: Int) -> String {
        let radius = 15.0
        let circumference = 2 * Double.pi * radius
        var svg = "<svg class=\"ring\" viewBox=\"0 0 36 36\" width=\"36\" height=\"36\" aria-hidden=\"true\" focusable=\"false\">"
        if let ring {
            let filled = circumference * ring.fraction
            svg += "<circle class=\"ring-track\" cx=\"18\" cy=\"18\" r=\"15\" fill=\"none\" stroke-width=\"4\"/>"
            if ring.completed > 0 {
                svg += "<circle class=\"ring-fill\" cx=\"18\" cy=\"18\" r=\"15\" fill=\"none\" stroke-width=\"4\" "
                    + "stroke-linecap=\"round\" stroke-dasharray=\"\(Format.decimal(filled)) \(Format.decimal(circumference))\" "
                    + "transform=\"rotate(-90 18 18)\"/>"
            }
        }
        svg += "<text x=\"18\" y=\"22.5\" text-anchor=\"middle\" class=\"ring-number\">\(number)</text></svg>"
        return svg
    }

    static func dayNavigation(_ feed: FeedDay, links: PageLinks) -> String {
        let previous = feed.day.adding(days: -1)
        let next = feed.day.adding(days: 1)
        var html = "<nav class=\"day-nav\" aria-label=\"Days\">"
        if let href = links.feed(feed.participant.id, previous) {
            html += "<a rel=\"prev\" href=\"\(href.html)\"><span aria-hidden=\"true\">←</span> \(Format.shortDay(previous).html)</a>"
        } else {
            html += "<span></span>"
        }
        if feed.day != feed.today, let href = links.feed(feed.participant.id, feed.today) {
            html += "<a href=\"\(href.html)\">Today</a>"
        }
        if let href = links.feed(feed.participant.id, next) {
            html += "<a rel=\"next\" href=\"\(href.html)\">\(Format.shortDay(next).html) <span aria-hidden=\"true\">→</span></a>"
        } else {
            html += "<span></span>"
        }
        return html + "</nav>\n"
    }

    static func card(_ card: Card, feed: FeedDay, plan: CarePlan, zone: TimeZone, links: PageLinks,
                     csrfToken: String?) -> String {
        let task = plan.task(card.taskID, version: card.event.version)
        let headingID = "card-\(card.taskID)-\(card.event.occurrence)"
        var html = "<article class=\"card is-\(card.state.name)\(card.isLocked ? " is-locked" : "")\" aria-labelledby=\"\(headingID)\">\n"
        html += "<div class=\"card-head\"><h2 id=\"\(headingID)\">\(card.title.html)</h2>"
        html += "<p class=\"card-when\">\(Format.when(card.event, in: zone).html)"
        if let text = card.event.text { html += " · \(text.html)" }
        html += "</p></div>\n"
        switch card.state {
        case .completed(let outcome):
            html += "<p class=\"status status-done\">\(Layout.icon("checkmark.circle.fill", links: links))Done"
            html += " <span class=\"status-time\">at \(Format.time(outcome.createdAt, in: zone).html)</span></p>\n"
            let answers = Format.answers(outcome, task: task)
            if !answers.isEmpty {
                html += "<p class=\"answers\">\(answers.html)</p>\n"
            }
            if feed.isEditable, let action = links.deleteAnswers(card.taskID, occurrence: card.event.occurrence) {
                html += """
                    <form method="post" action="\(action.html)" class="card-actions">
                    <input type="hidden" name="csrf" value="\((csrfToken ?? "").html)">
                    <button type="submit" class="button button-secondary">Delete and answer again</button>
                    </form>

                    """
            }
        case .open:
            if let href = card.taskID == plan.tasks.first(where: \.isOnboarding)?.id ? links.onboarding()
                : links.task(card.taskID, occurrence: card.event.occurrence) {
                html += "<p class=\"card-actions\"><a class=\"button\" href=\"\(href.html)\">Begin<span class=\"visually-hidden\"> \(card.title.html)</span></a></p>\n"
            } else {
                html += "<p class=\"status status-open\">Open today, not answered yet</p>\n"
            }
        case .missed:
            html += "<p class=\"status status-missed\">Missed: no answer was given</p>\n"
        case .upcoming:
            html += "<p class=\"status status-upcoming\">Opens \(Format.day(card.event.day).html)</p>\n"
            if links.isInteractive {
                html += "<p class=\"card-actions\"><button type=\"button\" class=\"button\" disabled>Not open yet</button></p>\n"
            }
        }
        if card.isLocked {
            html += "<p class=\"lock-note\">\(Layout.icon("lock.fill", links: links))Past days are locked: answers can no longer change.</p>\n"
        }
        return html + "</article>"
    }
}
