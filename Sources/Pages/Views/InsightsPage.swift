import CareModel
import StudyModel
import Feed
import Foundation
import Markup

/// A participant's charts, for the week of the day shown and for the whole
/// study, each with its data table, and the featured education card.
public enum InsightsPage {
    /// - Parameters:
    ///   - names: on the clinicians' site, whether the participant's name shows beside their study ID.
    ///   - sharing: the series charted; the others say "Not shared". The
    ///     participant's own pages show them everything.
    ///   - withdrawal: from its day nothing is due, so nothing is marked unanswered.
    /// - Parameter feed: the participant's feed of these outcomes, where the caller has it: its cards are worked out once.
    public static func render(participant: Participant, outcomes: [Outcome], day: LocalDate, today: LocalDate,
                              plan: CarePlan, reader: Reader, withdrawal: Withdrawal? = nil, feed: ParticipantFeed? = nil,
                              frame: Layout.Frame = .plain) -> HTML {
        let study = plan.study
        let outcomes = (reader.sharing.sharesEverything ? outcomes : outcomes.map(reader.sharing.shared)).filter { !$0.isDeleted }
        let words = reader.words
        let format = reader.format
        var main: HTML = "<h1>\(words(.navInsights))</h1>\n"
        if reader.isClinician {
            main += "<p class=\"day-meta\">\(Pseudonym.label(participant, reader: reader))</p>\n"
        }
        // The featured note is for the participant; the clinicians' pages open on the charts.
        if reader.isParticipant, let slug = study.featured, let note = study.note(slug) {
            main += """
                <a class="featured" href="\(reader.links.note(slug))">
                <span class="featured-kicker">\(words(.navLearn))</span>
                <span class="featured-title">\(note.title)</span>
                <span class="featured-summary">\(note.summary)</span>
                </a>

                """
        }
        let weekStart = day.startOfWeek(firstWeekday: reader.language.format.firstWeekday)
        // The whole study spans a week at least, so one day of answers is not drawn as a wall.
        let scopes: [(title: String, id: String, from: LocalDate, through: LocalDate)] = [
            (words(.weekOf, ["day": format.shortDay(weekStart)]), "week", weekStart, weekStart.adding(days: 6)),
            (words(.wholeStudy), "study", participant.enrolledOn, max(today, participant.enrolledOn.adding(days: 6))),
        ]
        let from = scopes.map(\.from).min() ?? day, through = scopes.map(\.through).max() ?? day
        let feed = feed ?? plan.feed(for: participant, outcomes: outcomes, today: today, withdrawal: withdrawal)
        // Each event counts on its own day, where its answer is drawn; one
        // still open in its window is not yet a day without an answer.
        var events: [LocalDate: Set<String>] = [:]
        // The visits on each day, by task: a table's row names the visit its answers are of.
        var visits: [String: [LocalDate: String]] = [:]
        for card in feed.cards(from: from, to: through.adding(days: 1)).values.joined()
        where card.event.day >= today || card.isCompleted || card.event.lastDay < today {
            events[card.event.day, default: []].insert(card.taskID)
            if let visit = card.event.visit { visits[card.taskID, default: [:]][card.event.day] = visit }
        }
        for (index, allSeries) in study.insights.enumerated() {
            var chart = allSeries
            chart.series = allSeries.series.filter(reader.sharing.isShared)
            let notShared = allSeries.series.filter { reader.sharing.withholding($0) == .declined }
            let notChosen = allSeries.series.filter { reader.sharing.withholding($0) == .notChosen }
            main += "<section class=\"chart-section\" aria-labelledby=\"chart-\(index)\">\n"
            main += "<h2 id=\"chart-\(index)\">\(chart.title)</h2>\n"
            if !notShared.isEmpty {
                main += "<p class=\"empty\">\(words(.seriesNotShared, ["series": notShared.map(\.legend).joined(separator: words(.listSeparator))]))</p>\n"
            }
            if !notChosen.isEmpty {
                main += "<p class=\"empty\">\(words(.seriesNotChosen, ["series": notChosen.map(\.legend).joined(separator: words(.listSeparator))]))</p>\n"
            }
            guard !chart.series.isEmpty else {
                main += "</section>\n"
                continue
            }
            // The week and the whole study chart the same answers: found once.
            let answers = ChartData.Answers(chart: chart, outcomes: outcomes, today: today, events: events, plan: plan)
            let charts = scopes.map { scope in
                (scope, ChartData(chart: chart, study: study, outcomes: outcomes, from: scope.from, through: scope.through,
                                  today: today, events: events, plan: plan, answers: answers))
            }
            main += legend(charts.map(\.1), reader: reader)
            for (scope, data) in charts {
                let titleID = "chart-\(index)-\(scope.id)"
                let range = words(.dayRange, ["from": format.shortDay(scope.from), "through": format.shortDay(scope.through)])
                let kind = switch chart.kind { case .bar: words(.barChart); case .line: words(.lineChart); case .scatter: words(.scatterChart) }
                main += "<figure class=\"chart-figure\">\n"
                main += "<figcaption id=\"\(titleID)\"><span class=\"chart-scope\">\(scope.title)</span> "
                    + "<span class=\"visually-hidden\">\(words(.chartDescription, ["title": chart.title, "kind": kind, "range": range]))</span></figcaption>\n"
                if data.isEmpty {
                    let text = data.hasEvents ? words(.noAnswersYetFrom, ["range": range]) : words(.nothingScheduledFrom, ["range": range])
                    main += "<p class=\"empty\">\(text)</p>\n"
                } else {
                    main += ChartSVG.render(data, titleID: titleID, zone: participant.timeZone, format: format) + "\n"
                    let named = chart.series.reduce(into: [LocalDate: String]()) { named, series in
                        named.merge(visits[series.task] ?? [:]) { first, _ in first }
                    }
                    main += table(data, caption: words(.chartTableCaption, ["title": chart.title, "scope": scope.title]),
                                  visits: named, reader: reader)
                }
                main += "</figure>\n"
            }
            main += "</section>\n"
        }
        if study.insights.isEmpty {
            main += "<p class=\"empty\">\(words(.noCharts))</p>\n"
        }
        return Layout.page(title: words(.navInsights), study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .insights), main: main, frame: frame)
    }

    /// Each series in its colour, its target band, and the mark of a day
    /// without an answer when the charts have one.
    static func legend(_ charts: [ChartData], reader: Reader) -> HTML {
        guard let data = charts.first else { return "" }
        var html: HTML = "<ul class=\"legend\">"
        for series in data.series {
            html += "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect width=\"14\" height=\"14\" rx=\"3\" "
                + "fill=\"\(series.color)\"/></svg>\(series.series.legend)</li>"
        }
        for target in data.series.compactMap(\.series.target) {
            html += "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect class=\"target\" width=\"14\" "
                + "height=\"14\" rx=\"3\"/></svg>\(target.label)</li>"
        }
        if charts.contains(where: { $0.series.contains { !$0.noAnswer.isEmpty } }) {
            html += "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect class=\"no-answer-key\" "
                + "width=\"14\" height=\"14\" rx=\"3\"/></svg>\(reader.words(.noAnswerThoughDue))</li>"
        }
        return html + "</ul>\n"
    }

    /// Every day of the range with each series' answers: "No answer" only
    /// where one was asked, "Nothing planned" on other past days, blank from
    /// today on; a day with a visit of the chart's tasks says which.
    static func table(_ data: ChartData, caption: String, visits: [LocalDate: String] = [:], reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        var html: HTML = "<details class=\"chart-data\"><summary>\(words(.tableOfValues))</summary>\n<table class=\"stack-table\">\n"
            + "<caption>\(caption)</caption>\n<thead><tr><th scope=\"col\">\(words(.day))</th>"
        let allSeries = data.series
        for series in allSeries {
            html += "<th scope=\"col\">\(series.series.legend)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        // Each series' points in the order of their days, and of the series on a day: the rows go down the
        // days, and each takes its day's points from where the row before stopped, none looked up by its day.
        let ordered = allSeries.map { series in
            series.points.indices.sorted { (series.points[$0].day, $0) < (series.points[$1].day, $1) }.map { series.points[$0] }
        }
        var next = Array(repeating: 0, count: allSeries.count)
        // A series' cells without a value are the same on every day they stand: made once a table.
        let cells = allSeries.map { series in
            let label: HTML = "data-label=\"\(series.series.legend)\""
            return (open: "<td \(label)>" as HTML, notEnough: "<td \(label) class=\"not-enough\">\(words(.notEnoughAnswers))</td>" as HTML,
                    declined: "<td \(label) class=\"declined\">\(words(.preferNotToAnswer))</td>" as HTML,
                    noAnswer: "<td \(label) class=\"no-answer\">\(words(.noAnswer))</td>" as HTML,
                    notDue: "<td \(label) class=\"not-due\">\(words(.notDue))</td>" as HTML, empty: "<td \(label)></td>" as HTML)
        }
        let separator = words(.listSeparator)
        for day in data.days {
            html += "<tr><th scope=\"row\">\(format.weekdayAndDay(day))\(visits.isEmpty ? nil : visits[day].map { " · \($0)" })</th>"
            // Each series and its cells read in place, by index: a copy of them for each cell cost more than the cell.
            for index in allSeries.indices {
                var values: [String] = []
                while next[index] < ordered[index].count, case let point = ordered[index][next[index]], point.day <= day {
                    next[index] += 1
                    guard point.day == day else { continue }
                    let number = format.number(point.value)
                    let value = point.unit.map { words(.valueWithUnit, ["value": number, "unit": $0]) } ?? number
                    values.append(point.isSoFar ? words(.soFar, ["value": value]) : value)
                }
                if !values.isEmpty {
                    html += "\(cells[index].open)\(values.joined(separator: separator))</td>"
                } else if allSeries[index].notEnoughAnswers.contains(day) {
                    html += cells[index].notEnough
                } else if allSeries[index].preferredNotToAnswer.contains(day) {
                    html += cells[index].declined
                } else if allSeries[index].noAnswer.contains(day) {
                    html += cells[index].noAnswer
                } else if day < data.today {
                    html += cells[index].notDue
                } else {
                    html += cells[index].empty
                }
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n"
    }
}
