import CareModel
import Foundation
import Feed
import Markup
import StudyModel
import Words

/// `overview.html`: the whole study on one page for its lead. The
/// participants as a flow, enrolment over time, adherence and each followed
/// value by study week across participants, each chart with its table and
/// the time the data is as of. Declined values count nowhere, and each
/// chart says how many participants' values it leaves out.
public enum OverviewPage {
    public static func render(_ overview: StudyOverview, study: Study, reader: Reader, asOf: DataAsOf?) -> HTML {
        let words = reader.words
        var main: HTML = "<h1>\(words(.overviewTitle))</h1>\n"
        if let asOf {
            main += "<p class=\"as-of\">\(words(.dataAsOf, ["time": reader.format.dateTime(asOf.time, in: asOf.zone)]))</p>\n"
        }
        main += "<p class=\"lead\">\(words(.overviewLead))</p>\n"
        main += "<p class=\"field-hint\">\(words(.overviewCountsToday))</p>\n"
        if let link = reader.links.studyProtocol() {
            main += "<p><a href=\"\(link)\">\(words(.protocolLink))</a></p>\n"
        }
        main += flow(overview.flow, reader: reader)
        main += enrolment(overview.enrolment, reader: reader)
        main += visits(overview.visits, byVisit: overview.byVisit, study: study, reader: reader)
        main += byWeek(title: words(.adherenceByWeekHeading), label: words(.adherence), weeks: overview.adherence, range: 0...1,
                       percent: true, withheld: 0, id: "adherence", reader: reader)
        for (index, followed) in overview.followed.enumerated() {
            main += byWeek(title: followed.series.label, label: followed.series.label, weeks: followed.weeks,
                           range: followed.series.range ?? dataRange(followed.weeks), target: followed.series.target, percent: false,
                           withheld: followed.withheld, id: "series-\(index)", reader: reader)
        }
        main += preferNot(overview.preferNot, reader: reader)
        return Layout.page(title: words(.overviewTitle), study: study, reader: reader, nav: .study(current: .overview), main: main)
    }

    static func flow(_ flow: StudyOverview.Flow, reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        let reached = [(words(.flowEnrolled), flow.enrolled), (words(.flowConsented), flow.consented), (words(.flowJoined), flow.joined)]
        let now = [(words(.flowNotJoined), flow.notJoined), (words(.flowActive), flow.active),
                   (words(.flowFinished), flow.finished), (words(.flowWithdrawn), flow.withdrawn)]
        var html: HTML = "<section class=\"overview-section\">\n<h2>\(words(.flowHeading))</h2>\n<figure class=\"chart-figure\">\n"
        html += OverviewSVG.flow(reached: reached.map { ($0.0, format.integer($0.1)) }, now: now.map { ($0.0, format.integer($0.1)) },
                                 nowLabel: words(.flowNow), title: words(.flowCaption), id: "flow-title")
        html += "</figure>\n<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"flow-caption\">\n"
            + "<table class=\"overview-table\">\n<caption id=\"flow-caption\">\(words(.flowCaption))</caption>\n"
            + "<thead><tr><th scope=\"col\">\(words(.columnStage))</th><th scope=\"col\">\(words(.columnParticipants))</th></tr></thead>\n<tbody>\n"
        for (index, (label, count)) in (reached + now).enumerated() {
            html += "<tr><th scope=\"row\">\(label)</th><td>\(format.integer(count))</td></tr>\n"
            if index == reached.count + 1 {
                // Under those taking part, counted among them, as CONSORT counts those lost to follow-up in their arm.
                html += "<tr class=\"sub-row\"><th scope=\"row\">\(words(.flowLostToFollowUp, ["days": format.integer(StudyOverview.lostAfterDays)]))</th>"
                    + "<td>\(format.integer(flow.lostToFollowUp))</td></tr>\n"
            }
        }
        html += "</tbody>\n</table>\n</div>\n"
        if flow.withdrawn > 0 {
            html += "<p class=\"note\">\(words(.flowWithdrawnReasons, ["gave": format.integer(flow.withdrawnWithReason), "count": format.integer(flow.withdrawn)]))</p>\n"
        }
        return html + "</section>\n"
    }

    /// Each task's visits, in its schedule's order: how many participants
    /// did each, later in its window, have it open now, did not answer it in
    /// its window, have it still to come, or have no date for it yet.
    static func visits(_ figures: [VisitFigure], byVisit: [StudyOverview.ByVisit], study: Study, reader: Reader) -> HTML {
        guard !figures.isEmpty else { return "" }
        let words = reader.words
        let headings: [String: Word] = [EventStatus.done.rawValue: .visitDone, EventStatus.doneLate.rawValue: .visitDoneLate,
                                        EventStatus.open.rawValue: .visitOpen, EventStatus.missed.rawValue: .visitMissed,
                                        EventStatus.notYetDue.rawValue: .visitNotYetDue, VisitStatus.noDateYet: .visitNoDateYet,
                                        EventStatus.beforeJoining.rawValue: .visitBeforeJoining,
                                        EventStatus.afterWithdrawal.rawValue: .visitAfterWithdrawal]
        var html: HTML = "<section class=\"overview-section\">\n<h2>\(words(.visitsHeading))</h2>\n"
        let tasks = study.tasks.filter { task in figures.contains { $0.task == task.id } }
        let visitOrder = StudyOverview.visitOrder(of: study)
        for task in tasks {
            let order = visitOrder[task.id] ?? []
            let rows = figures.filter { $0.task == task.id }
                .sorted { (order.firstIndex(of: $0.visit) ?? .max) < (order.firstIndex(of: $1.visit) ?? .max) }
            // The statuses someone has, in their order: a column of noughts says nothing.
            let columns = VisitStatus.columns.filter { status in rows.contains { $0.counts[status] != nil } }
            html += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"visits-\(task.id)\">\n"
                + "<table class=\"overview-table\">\n<caption id=\"visits-\(task.id)\">\(words(.visitsCaption, ["task": task.title]))</caption>\n"
                + "<thead><tr><th scope=\"col\">\(words(.columnVisit))</th>"
                + columns.map { "<th scope=\"col\">\(headings[$0].map { words($0) } ?? $0)</th>" as HTML }.joined() + "</tr></thead>\n<tbody>\n"
            for row in rows {
                html += "<tr><th scope=\"row\">\(row.visit)</th>"
                    + columns.map { "<td>\(reader.format.integer(row.counts[$0] ?? 0))</td>" as HTML }.joined() + "</tr>\n"
            }
            html += "</tbody>\n</table>\n</div>\n"
            for line in byVisit where line.series.task == task.id {
                html += values(line, id: "visit-values-\(task.id)-\(line.series.value)", reader: reader)
            }
        }
        return html + "</section>\n"
    }

    /// A value at each visit, and its change from the first, each as n, median and middle half: the figures
    /// a study's primary analysis starts from.
    static func values(_ line: StudyOverview.ByVisit, id: String, reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        func spread(_ figure: StudyOverview.WeekFigure?) -> HTML {
            guard let figure, let median = figure.median, let low = figure.lowerQuartile, let high = figure.upperQuartile else {
                return "<span aria-hidden=\"true\">–</span><span class=\"visually-hidden\">\(words(.noValues))</span>"
            }
            return "\(format.score(median)) <span class=\"when\">(\(words(.scaleRange, ["low": format.score(low), "high": format.score(high)])))</span>"
        }
        var html: HTML = "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"\(id)\">\n"
            + "<table class=\"overview-table\">\n<caption id=\"\(id)\">\(words(.visitValuesCaption, ["title": line.series.label]))</caption>\n"
            + "<thead><tr><th scope=\"col\">\(words(.columnVisit))</th><th scope=\"col\">\(words(.columnCount))</th>"
            + "<th scope=\"col\">\(words(.columnMedianAndMiddleHalf))</th><th scope=\"col\">\(words(.columnChangeCount))</th>"
            + "<th scope=\"col\">\(words(.columnChangeFrom, ["visit": line.baseline]))</th></tr></thead>\n<tbody>\n"
        for visit in line.visits {
            // The first visit is what changes are counted from: its own change cells say there is none.
            html += "<tr><th scope=\"row\">\(visit.visit)</th><td>\(format.integer(visit.values.count))</td><td>\(spread(visit.values))</td>"
                + "<td>\(visit.change.map { "\(format.integer($0.count))" as HTML } ?? spread(nil))</td><td>\(spread(visit.change))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    /// How often each question that offers "prefer not to answer" got it.
    static func preferNot(_ figures: [StudyOverview.PreferNot], reader: Reader) -> HTML {
        guard !figures.isEmpty else { return "" }
        let words = reader.words
        let format = reader.format
        var html: HTML = "<section class=\"overview-section\">\n<h2>\(words(.preferNotHeading))</h2>\n"
            + "<p>\(words(.preferNotLead))</p>\n"
            + "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"prefer-not\">\n<table class=\"overview-table\">\n"
            + "<caption id=\"prefer-not\" class=\"visually-hidden\">\(words(.preferNotHeading))</caption>\n"
            + "<thead><tr><th scope=\"col\">\(words(.columnQuestion))</th><th scope=\"col\">\(words(.columnAnswers))</th>"
            + "<th scope=\"col\">\(words(.preferNotToAnswer))</th></tr></thead>\n<tbody>\n"
        for figure in figures {
            let share = figure.answers > 0 ? format.percent(Double(figure.preferNot) / Double(figure.answers)) : ""
            html += "<tr><th scope=\"row\">\(figure.question.text) <span class=\"when\">(\(figure.question.taskTitle))</span></th>"
                + "<td>\(format.integer(figure.answers))</td>"
                + "<td>\(format.integer(figure.preferNot)) <span class=\"when\">(\(share))</span></td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    static func enrolment(_ enrolment: [(day: LocalDate, count: Int, total: Int)], reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        var html: HTML = "<section class=\"overview-section\">\n<h2>\(words(.enrolmentHeading))</h2>\n"
        guard let first = enrolment.first, let last = enrolment.last else {
            return html + "<p>\(words(.noValuesYet))</p>\n</section>\n"
        }
        html += "<figure class=\"chart-figure\">\n"
            + OverviewSVG.enrolment(enrolment.map { ($0.day.ordinal, $0.total) },
                                    labels: (format.dayWithYear(first.day), format.dayWithYear(last.day)),
                                    totalLabel: format.integer(last.total), title: words(.enrolmentCaption), id: "enrolment-title")
            + "</figure>\n"
        html += "<details class=\"chart-data\"><summary>\(words(.tableOfValues))</summary>\n<table class=\"stack-table\">\n"
            + "<caption>\(words(.enrolmentCaption))</caption>\n<thead><tr><th scope=\"col\">\(words(.day))</th>"
            + "<th scope=\"col\">\(words(.columnEnrolledThatDay))</th><th scope=\"col\">\(words(.columnEnrolledInAll))</th></tr></thead>\n<tbody>\n"
        for entry in enrolment {
            html += "<tr><th scope=\"row\">\(format.dayWithYear(entry.day))</th>"
                + "<td data-label=\"\(words(.columnEnrolledThatDay))\">\(format.integer(entry.count))</td>"
                + "<td data-label=\"\(words(.columnEnrolledInAll))\">\(format.integer(entry.total))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</section>\n"
    }

    /// - Parameter label: what the values are, for the table's caption and the chart's title.
    static func byWeek(title: String, label: String, weeks: [StudyOverview.WeekFigure], range: ClosedRange<Double>,
                       target: ChartTarget? = nil, percent: Bool, withheld: Int, id: String, reader: Reader) -> HTML {
        let words = reader.words
        let format = reader.format
        func value(_ number: Double?) -> String {
            guard let number else { return "" }
            return percent ? format.percent(number) : format.score(number)
        }
        var html: HTML = "<section class=\"overview-section\">\n<h2>\(title)</h2>\n"
        if percent {
            // How to read every chart by week, once, before the first.
            html += "<p>\(words(.byWeekLead))</p>\n"
        }
        if withheld > 0 {
            html += "<p class=\"note\">\(words(.valuesWithheld, count: withheld))</p>\n"
        }
        guard weeks.contains(where: { $0.median != nil }) else {
            return html + "<p>\(words(.noValuesYet))</p>\n</section>\n"
        }
        let marks: [Double] = [range.lowerBound, (range.lowerBound + range.upperBound) / 2, range.upperBound]
        let ticks = marks.map { mark in (label: value(mark), value: mark) }
        html += "<figure class=\"chart-figure\">\n"
            + OverviewSVG.weeks(weeks, range: range, ticks: ticks, target: target,
                                weekLabel: { format.integer($0 + 1) }, count: { words(.chartCount, ["count": format.integer($0)]) },
                                axisTitle: words(.columnWeek), title: words(.overviewChartTitle, ["title": label]), id: id + "-title")
            + "</figure>\n"
        html += "<details class=\"chart-data\"><summary>\(words(.tableOfValues))</summary>\n<table class=\"stack-table\">\n"
            + "<caption>\(words(.byWeekCaption, ["title": label]))</caption>\n<thead><tr><th scope=\"col\">\(words(.columnWeek))</th>"
            + "<th scope=\"col\">\(words(.columnCount))</th><th scope=\"col\">\(words(.columnMedian))</th>"
            + "<th scope=\"col\">\(words(.columnMiddleHalf))</th></tr></thead>\n<tbody>\n"
        for week in weeks {
            let spread = week.lowerQuartile.map { low in
                words(.scaleRange, ["low": value(low), "high": value(week.upperQuartile)])
            } ?? ""
            // A week with no values says so, in place of empty cells.
            let none: HTML = "<span aria-hidden=\"true\">–</span><span class=\"visually-hidden\">\(words(.noValues))</span>"
            html += "<tr><th scope=\"row\">\(words(.weekNumber, ["week": format.integer(week.week + 1)]))</th>"
                + "<td data-label=\"\(words(.columnCount))\">\(format.integer(week.count))</td>"
                + "<td data-label=\"\(words(.columnMedian))\">\(week.median == nil ? none : "\(value(week.median))")</td>"
                + "<td data-label=\"\(words(.columnMiddleHalf))\">\(week.median == nil ? none : "\(spread)")</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</section>\n"
    }

    /// A scale for values the study gives no scale for: from 0, or below,
    /// up to a round number above the highest.
    static func dataRange(_ weeks: [StudyOverview.WeekFigure]) -> ClosedRange<Double> {
        let values = weeks.flatMap { [$0.lowerQuartile, $0.upperQuartile, $0.median].compactMap { $0 } }.filter(\.isFinite)
        guard let low = values.min(), let high = values.max() else { return 0...1 }
        let bottom = min(0, low)
        let magnitude = pow(10, (log10(max(high - bottom, 1))).rounded(.down))
        let top = (high / magnitude).rounded(.up) * magnitude
        return bottom...max(top, bottom + 1)
    }
}
