import CareModel
import Content
import Feed
import Foundation
@testable import Pages
import Testing
import Words
import TestSupport
import StudyModel

/// Recover's charts read as a clinician would: a zero is not a gap, pain is
/// always on 0 to 10, nothing is "No answer" before it was due or after today.
@Suite struct ChartHonestyTests {
    let study: Study
    let plan: CarePlan
    /// Enrolled and joined on Sunday March 1, 2026, in New York.
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")

    init() throws {
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    var painAndSleep: InsightChart { study.insights[0] }
    var rangeOfMotion: InsightChart { study.insights[1] }

    func answer(_ task: String, _ day: String, _ values: [OutcomeValue], id: Int64) -> Outcome {
        let start = Fixtures.instant("\(day)T13:00:00Z")
        return Outcome(id: id, participantID: "p1", taskID: task, taskVersion: 1, occurrence: Int(id), eventDay: Fixtures.date(day),
                       eventStart: start, eventEnd: start.addingTimeInterval(3600), values: values,
                       createdAt: start.addingTimeInterval(600))
    }

    func checkIn(_ day: String, pain: Int, sleep: Double = 7, id: Int64) -> Outcome {
        answer("checkIn", day, [OutcomeValue(kind: "pain", value: .integer(pain)),
                                OutcomeValue(kind: "sleep", value: .decimal(sleep), unit: "hours")], id: id)
    }

    /// The chart's data as the insights page makes it, today being `today`.
    func data(_ chart: InsightChart, _ answers: [Outcome], from: String, through: String, today: String) -> ChartData {
        let outcomes = [answer("onboarding", "2026-03-01", [], id: 999)] + answers
        let feed = plan.feed(for: participant, outcomes: outcomes, today: Fixtures.date(today))
        let events = feed.cards(from: Fixtures.date(from), to: Fixtures.date(through).adding(days: 1)).mapValues { Set($0.map(\.taskID)) }
        return ChartData(chart: chart, study: study, outcomes: outcomes, from: Fixtures.date(from), through: Fixtures.date(through),
                         today: Fixtures.date(today), events: events)
    }

    func svg(_ data: ChartData) -> String {
        ChartSVG.render(data, titleID: "chart", zone: participant.timeZone, format: Format(language: .usEnglish)).markup
    }

    /// The y axis labels of each panel, bottom to top.
    func ticks(_ svg: String) -> [[String]] {
        svg.components(separatedBy: "<text class=\"panel-label\"").dropFirst().map { panel in
            panel.matches(of: /<text class="tick" x="32" y="[^"]*" text-anchor="end">([^<]*)<\/text>/).map { String($0.output.1) }
        }
    }

    @Test func aZeroIsAMarkWithItsNumberAndAMissedDayAHatchedBandSaidToHaveNoAnswer() throws {
        // Pain 0 on Monday; nothing on Tuesday, when the check-in was due.
        let svg = svg(data(painAndSleep, [checkIn("2026-03-02", pain: 0, id: 1)], from: "2026-03-01", through: "2026-03-07",
                           today: "2026-03-04"))
        let zero = try #require(svg.split(separator: "\n").first { $0.contains("<title>Mon, Mar 2: Pain (0-10) 0,") })
        #expect(zero.hasPrefix("<rect class=\"zero\" "))
        #expect(zero.contains("<text class=\"zero-label\""))
        #expect(zero.hasSuffix(">0</text>"))
        let gap = try #require(svg.split(separator: "\n").first { $0.contains("<title>Tue, Mar 3: Pain (0-10), no answer</title>") })
        #expect(gap.hasPrefix("<rect class=\"no-answer\" "))
        #expect(gap.contains("fill=\"url(#chart-hatch)\""))
    }

    @Test func painIsOnItsWholeScaleOfZeroToTenWhateverWasAnswered() {
        for pains in [[1, 2], [3], [9, 10], [0]] {
            let answers = pains.enumerated().map { checkIn("2026-03-0\($0 + 2)", pain: $1, sleep: 5, id: Int64($0 + 1)) }
            let svg = svg(data(painAndSleep, answers, from: "2026-03-01", through: "2026-03-07", today: "2026-03-07"))
            #expect(ticks(svg).first == ["0", "2", "4", "6", "8", "10"], "pains \(pains)")
        }
    }

    @Test func painAndSleepAreEachOnAnAxisOfTheirOwnLabelledWithTheirUnit() {
        let svg = svg(data(painAndSleep, [checkIn("2026-03-02", pain: 3, sleep: 6.5, id: 1)], from: "2026-03-01",
                           through: "2026-03-07", today: "2026-03-07"))
        #expect(svg.contains(">Pain (0-10)</text>"))
        #expect(svg.contains(">Sleep (hours)</text>"))
        #expect(ticks(svg) == [["0", "2", "4", "6", "8", "10"], ["0", "2", "4", "6", "8"]])
    }

    @Test func nothingAfterTodayIsNoAnswerInTheChartOrItsTable() throws {
        // Wednesday is today: Thursday to Saturday are still to come.
        let data = data(painAndSleep, [checkIn("2026-03-02", pain: 3, id: 1)], from: "2026-03-01", through: "2026-03-07",
                        today: "2026-03-04")
        let svg = svg(data)
        for day in ["Wed, Mar 4", "Thu, Mar 5", "Fri, Mar 6", "Sat, Mar 7"] {
            #expect(!svg.contains("<title>\(day): Pain (0-10), no answer"), "\(day)")
        }
        let table = InsightsPage.table(data, caption: "Pain and sleep", reader: .site(SiteLinks(page: "index.html", feedDays: { _, _ in true }))).markup
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("<tr><th scope=\"row\">") }
        #expect(rows.count == 7)
        #expect(rows[2].contains("class=\"no-answer\">No answer</td>"), "Tuesday was due")
        for row in rows[3...] {
            #expect(!row.contains("No answer"), "\(row)")
            #expect(row.contains("<td data-label=\"Pain (0-10)\"></td>"), "\(row)")
        }
    }

    @Test func aDayWhenNothingWasScheduledIsNotDueRatherThanNoAnswer() {
        // Range of motion is weekly after the first week: Sunday March 8, then the 15th.
        let data = data(rangeOfMotion, [], from: "2026-03-08", through: "2026-03-14", today: "2026-03-14")
        let table = InsightsPage.table(data, caption: "Range of motion", reader: .site(SiteLinks(page: "index.html", feedDays: { _, _ in true }))).markup
        #expect(table.components(separatedBy: "No answer").count == 2)
        #expect(table.contains("<tr><th scope=\"row\">Sun, Mar 8</th><td data-label=\"Range of motion (degrees)\" class=\"no-answer\">No answer</td></tr>"))
        #expect(table.contains("<tr><th scope=\"row\">Mon, Mar 9</th><td data-label=\"Range of motion (degrees)\" class=\"not-due\">Nothing planned</td></tr>"))
    }

    @Test func theWeekAndTheWholeStudyShareTheirAxis() {
        let answers = [answer("rangeOfMotion", "2026-03-02", [OutcomeValue(kind: "range", value: .integer(135), unit: "degrees")], id: 1),
                       answer("rangeOfMotion", "2026-03-09", [OutcomeValue(kind: "range", value: .integer(70), unit: "degrees")], id: 2)]
        let week = svg(data(rangeOfMotion, answers, from: "2026-03-08", through: "2026-03-14", today: "2026-03-10"))
        let study = svg(data(rangeOfMotion, answers, from: "2026-03-01", through: "2026-03-10", today: "2026-03-10"))
        #expect(ticks(week) == ticks(study))
        #expect(ticks(week).first?.last == "150")
    }

    @Test func theTargetBandIsDrawnWithItsLabelAndTheAxisReachesIt() {
        let svg = svg(data(rangeOfMotion, [answer("rangeOfMotion", "2026-03-02",
                                                  [OutcomeValue(kind: "range", value: .integer(60), unit: "degrees")], id: 1)],
                           from: "2026-03-01", through: "2026-03-07", today: "2026-03-07"))
        #expect(svg.contains("<rect class=\"target\" "))
        #expect(svg.contains("<title>Goal of 120 degrees or more</title>"))
        #expect(svg.contains(">Goal of 120 degrees or more</text>"))
        #expect(ticks(svg).first?.last.flatMap(Double.init).map { $0 >= 120 } == true)
    }

    @Test func oneDayOfAnswersIsANarrowBarInAWeekWideWholeStudy() throws {
        let page = InsightsPage.render(participant: participant,
                                       outcomes: [answer("onboarding", "2026-03-01", [], id: 9), checkIn("2026-03-01", pain: 4, id: 1)],
                                       day: Fixtures.date("2026-03-01"), today: Fixtures.date("2026-03-01"), plan: plan,
                                       reader: .site(SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true }))).markup
        #expect(page.contains("<caption>Pain and sleep, Whole study</caption>"))
        #expect(page.contains("<caption>Pain and sleep, Week of Mar 1</caption>"), "the month keeps its capital")
        let widths = page.matches(of: /<rect x="[^"]*" y="[^"]*" width="([^"]*)"/).compactMap { Double($0.output.1) }
        #expect(!widths.isEmpty)
        #expect(widths.allSatisfy { $0 <= ChartSVG.widestBar })
        let wholeStudy = try #require(page.range(of: "<caption>Pain and sleep, Whole study</caption>"))
        #expect(page[wholeStudy.upperBound...].components(separatedBy: "<tr><th scope=\"row\">").count - 1 >= 7)
    }
}
