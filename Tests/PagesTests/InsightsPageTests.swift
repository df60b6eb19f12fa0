import CareModel
import Content
import Feed
import Foundation
import Pages
import Testing
import TestSupport

@Suite struct InsightsPageTests {
    let charts: WalkCharts
    let links = SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true })

    init() throws {
        charts = try WalkCharts()
    }

    /// The insights page for Wednesday March 4, its week running Sunday March 1 to Saturday March 7.
    func page(_ outcomes: [Outcome], study: Study? = nil) -> String {
        InsightsPage.render(participant: charts.participant, outcomes: outcomes, day: Fixtures.date("2026-03-04"),
                            today: Fixtures.date("2026-03-04"), plan: CarePlan(study: study ?? charts.study, versions: []),
                            links: links).markup
    }

    /// The rows of the data table in the figure whose caption has this id, such as `chart-0-week`.
    func rows(_ page: String, figure: String) throws -> [String] {
        let start = try #require(page.range(of: "<figcaption id=\"\(figure)\">"), "no figure \(figure)")
        let end = try #require(page.range(of: "</tbody>", range: start.upperBound..<page.endIndex))
        return page[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("<tr><th scope=\"row\">") }
            .map(String.init)
    }

    @Test func theWeeksTableListsEveryDayOfTheWeekAndSaysNoAnswerWhereThereIsNone() throws {
        let page = page([charts.walk("2026-03-02", steps: 4200, outside: true, id: 1), charts.walk("2026-03-04", steps: 0, id: 2)])
        let noAnswer = "<td class=\"no-answer\">No answer</td>"
        #expect(try rows(page, figure: "chart-0-week") == [
            "<tr><th scope=\"row\">Sun Mar 1</th>\(noAnswer)\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Mon Mar 2</th><td>4200 steps</td><td>1</td></tr>",
            "<tr><th scope=\"row\">Tue Mar 3</th>\(noAnswer)\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Wed Mar 4</th><td>0 steps</td>\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Thu Mar 5</th>\(noAnswer)\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Fri Mar 6</th>\(noAnswer)\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Sat Mar 7</th>\(noAnswer)\(noAnswer)</tr>",
        ])
    }

    @Test func theWholeStudysTableRunsFromEnrollmentToToday() throws {
        let page = page([charts.walk("2026-03-02", steps: 4200)])
        let days = try rows(page, figure: "chart-1-study")
        #expect(days.count == 4)
        #expect(try #require(days.first).hasPrefix("<tr><th scope=\"row\">Sun Mar 1</th>"))
        #expect(try #require(days.last).hasPrefix("<tr><th scope=\"row\">Wed Mar 4</th>"))
    }

    @Test func eachChartsLegendShowsEverySeriesInTheColourOfItsMarks() {
        let page = page([charts.walk("2026-03-02", steps: 4200, outside: true)])
        func swatch(_ colour: String, _ legend: String) -> String {
            "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\" focusable=\"false\"><rect width=\"14\" height=\"14\" rx=\"3\" "
                + "fill=\"\(colour)\"/></svg>\(legend)</li>"
        }
        #expect(page.contains("<h2 id=\"chart-0\">Steps by day</h2>\n<ul class=\"legend\">"
                              + swatch("#0a84ff", "Steps") + swatch("#123456", "Outside") + "</ul>"))
        #expect(page.contains("<h2 id=\"chart-1\">Steps over time</h2>\n<ul class=\"legend\">" + swatch("#0a84ff", "Steps") + "</ul>"))
        #expect(page.contains("fill=\"#123456\"><title>Mon, Mar 2: Outside 1, answered 6:40 PM</title>"))
    }

    @Test func aRangeWithoutAnswersSaysSoAndDrawsNoChartOrTable() {
        let page = page([])
        #expect(page.components(separatedBy: "<p class=\"empty\">No answers from Mar 1 to Mar 7.</p>").count == 4)
        #expect(page.components(separatedBy: "<p class=\"empty\">No answers from Mar 1 to Mar 4.</p>").count == 4)
        #expect(!page.contains("<svg class=\"chart\""))
        #expect(!page.contains("<table>"))
    }

    @Test func aWeekWithoutAnswersSaysSoWhileTheWholeStudyStillDrawsTheEarlierOnes() {
        // Tuesday February 24 is before this week and before enrollment.
        let page = InsightsPage.render(participant: Fixtures.participant(enrolledOn: "2026-02-22"),
                                       outcomes: [charts.walk("2026-02-24", steps: 900)], day: Fixtures.date("2026-03-04"),
                                       today: Fixtures.date("2026-03-04"), plan: CarePlan(study: charts.study, versions: []),
                                       links: links).markup
        #expect(page.contains("<p class=\"empty\">No answers from Mar 1 to Mar 7.</p>"))
        #expect(page.contains("<svg class=\"chart\" viewBox=\"0 0 360 220\" role=\"img\" aria-labelledby=\"chart-0-study\">"))
        #expect(page.contains("<title>Tue, Feb 24: Steps 900 steps, answered 6:40 PM</title>"))
    }

    @Test func eachChartIsLabelledByACaptionNamingItsKindAndRange() {
        let page = page([charts.walk("2026-03-02", steps: 4200)])
        #expect(page.contains("<figcaption id=\"chart-1-week\"><span class=\"chart-scope\">Week of Mar 1</span> "
                              + "<span class=\"visually-hidden\">Steps over time, line chart, Mar 1 to Mar 7. "
                              + "Values are in the table that follows.</span></figcaption>\n"
                              + "<svg class=\"chart\" viewBox=\"0 0 360 220\" role=\"img\" aria-labelledby=\"chart-1-week\">"))
    }

    @Test func aStudyWithoutChartsSaysSo() throws {
        let folder = try StudyFolder(files: ["content/study.yaml": """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            """])
        let study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder).study)
        let page = page([charts.walk("2026-03-02", steps: 4200)], study: study)
        #expect(page.contains("<p class=\"empty\">This study has no charts.</p>"))
        #expect(!page.contains("<figure"))
    }
}
