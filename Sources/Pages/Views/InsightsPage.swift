import CareModel
import Content
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
    public static func render(participant: Participant, outcomes: [Outcome], day: LocalDate, today: LocalDate,
                              plan: CarePlan, links: PageLinks, names: Bool = false, sharing: Sharing = .everything,
                              frame: Layout.Frame = .plain) -> HTML {
        let study = plan.study
        let outcomes = sharing.sharesEverything ? outcomes : outcomes.map(sharing.shared)
        var main: HTML = "<h1>Insights</h1>\n"
        if links.studyIndex() != nil {
            main += "<p class=\"day-meta\">\(Pseudonym.label(participant, names: names))</p>\n"
        }
        if let slug = study.featured, let note = study.note(slug) {
            main += """
                <a class="featured" href="\(links.note(slug))">
                <span class="featured-kicker">Learn</span>
                <span class="featured-title">\(note.title)</span>
                <span class="featured-summary">\(note.summary)</span>
                </a>

                """
        }
        let weekStart = day.startOfWeek
        let scopes: [(title: String, id: String, from: LocalDate, through: LocalDate)] = [
            ("Week of \(Format.shortDay(weekStart))", "week", weekStart, weekStart.adding(days: 6)),
            ("Whole study", "study", participant.enrolledOn, max(today, participant.enrolledOn)),
        ]
        for (index, allSeries) in study.insights.enumerated() {
            var chart = allSeries
            chart.series = allSeries.series.filter(sharing.isShared)
            let notShared = allSeries.series.filter { !sharing.isShared($0) }
            main += "<section class=\"chart-section\" aria-labelledby=\"chart-\(index)\">\n"
            main += "<h2 id=\"chart-\(index)\">\(chart.title)</h2>\n"
            if !notShared.isEmpty {
                main += "<p class=\"empty\">Not shared: \(notShared.map(\.legend).joined(separator: ", ")). "
                    + "The participant chose not to share these answers with the study team.</p>\n"
            }
            guard !chart.series.isEmpty else {
                main += "</section>\n"
                continue
            }
            main += legend(ChartData(chart: chart, outcomes: [], from: day, through: day))
            for scope in scopes {
                let data = ChartData(chart: chart, outcomes: outcomes, from: scope.from, through: scope.through)
                let titleID = "chart-\(index)-\(scope.id)"
                let range = "\(Format.shortDay(scope.from)) to \(Format.shortDay(scope.through))"
                main += "<figure class=\"chart-figure\">\n"
                main += "<figcaption id=\"\(titleID)\"><span class=\"chart-scope\">\(scope.title)</span> "
                    + "<span class=\"visually-hidden\">\(chart.title), \(chart.kind.rawValue) chart, \(range). "
                    + "Values are in the table that follows.</span></figcaption>\n"
                if data.isEmpty {
                    main += "<p class=\"empty\">No answers from \(range).</p>\n"
                } else {
                    main += ChartSVG.render(data, titleID: titleID, zone: participant.timeZone) + "\n"
                    main += table(data, caption: "\(chart.title), \(scope.title.lowercased())")
                }
                main += "</figure>\n"
            }
            main += "</section>\n"
        }
        if study.insights.isEmpty {
            main += "<p class=\"empty\">This study has no charts.</p>\n"
        }
        return Layout.page(title: "Insights", study: study, links: links,
                           nav: .participant(id: participant.id, today: today, current: .insights), main: main, frame: frame)
    }

    static func legend(_ data: ChartData) -> HTML {
        var html: HTML = "<ul class=\"legend\">"
        for series in data.series {
            html += "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect width=\"14\" height=\"14\" rx=\"3\" "
                + "fill=\"\(series.color)\"/></svg>\(series.series.legend)</li>"
        }
        return html + "</ul>\n"
    }

    /// Every day of the range with each series' answers; a day without one says so.
    static func table(_ data: ChartData, caption: String) -> HTML {
        var html: HTML = "<details class=\"chart-data\"><summary>Table of values</summary>\n<table>\n<caption>\(caption)</caption>\n"
        html += "<thead><tr><th scope=\"col\">Day</th>"
        for series in data.series {
            html += "<th scope=\"col\">\(series.series.legend)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for day in data.days {
            html += "<tr><th scope=\"row\">\(Format.weekdayShort(day)) \(Format.shortDay(day))</th>"
            for series in data.series {
                let values = series.points.filter { $0.day == day }
                    .map { Format.number($0.value) + ($0.unit.map { " \($0)" } ?? "") }
                html += values.isEmpty ? "<td class=\"no-answer\">No answer</td>" : "<td>\(values.joined(separator: ", "))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n"
    }
}
