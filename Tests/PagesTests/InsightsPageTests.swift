import CareModel
import Content
import Feed
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

@Suite struct InsightsPageTests {
    let charts: WalkCharts
    let links = SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true })

    init() throws {
        charts = try WalkCharts()
    }

    /// The insights page for Wednesday March 4, its week running Sunday March 1 to Saturday March 7.
    func page(_ outcomes: [Outcome], study: Study? = nil) -> String {
        InsightsPage.render(participant: charts.participant, outcomes: outcomes, day: Fixtures.date("2026-03-04"),
                            today: Fixtures.date("2026-03-04"), plan: CarePlan(study: study ?? charts.study),
                            reader: .site(links)).markup
    }

    /// The rows of the data table in the figure whose caption has this id, such as `chart-0-week`.
    func rows(_ page: String, figure: String) throws -> [String] {
        let start = try #require(page.range(of: "<figcaption id=\"\(figure)\">"), "no figure \(figure)")
        let end = try #require(page.range(of: "</tbody>", range: start.upperBound..<page.endIndex))
        return page[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("<tr><th scope=\"row\">") }
            .map(String.init)
    }

    func td(_ legend: String, _ text: String = "", _ kind: String? = nil) -> String {
        "<td data-label=\"\(legend)\"\(kind.map { " class=\"\($0)\"" } ?? "")>\(text)</td>"
    }

    @Test func theWeeksTableSaysNoAnswerOnlyWhereAWalkWasDueAndLeavesTheDaysToComeBlank() throws {
        // Walks are due every other day from Sunday March 1; today is Wednesday March 4, and
        // Monday's walk was logged on a day none was due.
        let page = page([charts.joined(), charts.walk("2026-03-02", steps: 4200, outside: true, id: 1),
                         charts.walk("2026-03-04", steps: 0, id: 2)])
        let noAnswer = td("Steps", "No answer", "no-answer") + td("Outside", "No answer", "no-answer")
        let blank = td("Steps") + td("Outside")
        #expect(try rows(page, figure: "chart-0-week") == [
            "<tr><th scope=\"row\">Sun, Mar 1</th>\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Mon, Mar 2</th>\(td("Steps", "4200 steps"))\(td("Outside", "1"))</tr>",
            "<tr><th scope=\"row\">Tue, Mar 3</th>\(noAnswer)</tr>",
            "<tr><th scope=\"row\">Wed, Mar 4</th>\(td("Steps", "0 steps"))\(td("Outside"))</tr>",
            "<tr><th scope=\"row\">Thu, Mar 5</th>\(blank)</tr>",
            "<tr><th scope=\"row\">Fri, Mar 6</th>\(blank)</tr>",
            "<tr><th scope=\"row\">Sat, Mar 7</th>\(blank)</tr>",
        ])
    }

    @Test func theWholeStudysTableRunsFromEnrollmentToTodayAndAWeekAtLeast() throws {
        let days = try rows(page([charts.walk("2026-03-02", steps: 4200)]), figure: "chart-1-study")
        #expect(days.count == 7)
        #expect(try #require(days.first).hasPrefix("<tr><th scope=\"row\">Sun, Mar 1</th>"))
        #expect(try #require(days.last).hasPrefix("<tr><th scope=\"row\">Sat, Mar 7</th>"))
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
        #expect(page.contains("fill=\"#123456\"><title>Mon, Mar 2: Outside 1, answered 6:40 PM</title>"))
    }

    @Test func aRangeWithNothingScheduledSaysSoAndDrawsNoChartOrTable() {
        // Not joined: no walk was ever due.
        let page = page([])
        #expect(page.components(separatedBy: "<p class=\"empty\">Nothing was scheduled from Mar 1 to Mar 7.</p>").count == 7)
        #expect(!page.contains("<svg class=\"chart\""))
        #expect(!page.contains("<table"))
    }

    @Test func aRangeBeforeAnyWalkWasDueSaysSo() {
        // Joined today, Sunday March 1: the first walk is due at 6:30 PM.
        let page = InsightsPage.render(participant: charts.participant, outcomes: [charts.joined()], day: Fixtures.date("2026-03-01"),
                                       today: Fixtures.date("2026-03-01"), plan: CarePlan(study: charts.study),
                                       reader: .site(links)).markup
        #expect(page.contains("<p class=\"empty\">No answers yet from Mar 1 to Mar 7: nothing was asked before today.</p>"))
        #expect(!page.contains("<svg class=\"chart\""))
    }

    @Test func aWeekWithoutAnswersSaysSoWhileTheWholeStudyStillDrawsTheEarlierOnes() {
        // Tuesday February 24 is before this week and before enrollment.
        let page = InsightsPage.render(participant: Fixtures.participant(enrolledOn: "2026-02-22"),
                                       outcomes: [charts.walk("2026-02-24", steps: 900)], day: Fixtures.date("2026-03-04"),
                                       today: Fixtures.date("2026-03-04"), plan: CarePlan(study: charts.study),
                                       reader: .site(links)).markup
        #expect(page.contains("<p class=\"empty\">Nothing was scheduled from Mar 1 to Mar 7.</p>"))
        #expect(page.contains("<svg class=\"chart\" viewBox=\"0 0 360 320\" role=\"img\" aria-labelledby=\"chart-0-study\">"))
        #expect(page.contains("<title>Tue, Feb 24: Steps 900 steps, answered 6:40 PM</title>"))
    }

    @Test func eachChartIsLabelledByACaptionNamingItsKindAndRange() {
        let page = page([charts.walk("2026-03-02", steps: 4200)])
        #expect(page.contains("<figcaption id=\"chart-1-week\"><span class=\"chart-scope\">Week of Mar 1</span> "
                              + "<span class=\"visually-hidden\">Steps over time, line chart, Mar 1 to Mar 7. "
                              + "Values are in the table that follows.</span></figcaption>\n"
                              + "<svg class=\"chart\" viewBox=\"0 0 360 200\" role=\"img\" aria-labelledby=\"chart-1-week\">"))
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
