import CareModel
import Content
import Foundation
@testable import Pages
import Testing
import Words
import TestSupport
import StudyModel

@Suite struct ChartSVGTests {
    let charts: WalkCharts

    init() throws {
        charts = try WalkCharts()
    }

    /// The chart's SVG as the insights page embeds it.
    func svg(_ chart: InsightChart, _ outcomes: [Outcome], from: String, through: String) -> String {
        let data = ChartData(chart: chart, study: charts.study, outcomes: outcomes, from: Fixtures.date(from),
                             through: Fixtures.date(through), today: Fixtures.date(through), events: [:])
        return ChartSVG.render(data, titleID: "chart", zone: charts.participant.timeZone, format: Format(language: .usEnglish)).markup
    }

    func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The one line of the SVG that holds the mark with this title.
    func mark(titled title: String, in svg: String) -> String? {
        svg.split(separator: "\n").first { $0.contains("<title>\(title)</title>") }.map(String.init)
    }

    /// The labels of the first panel's y axis, bottom to top.
    func yTicks(_ svg: String) -> [String] {
        let panels = svg.components(separatedBy: "<text class=\"panel-label\"")
        return (panels.count > 1 ? panels[1] : svg).matches(of: /<text class="tick" x="32" y="[^"]*" text-anchor="end">([^<]*)<\/text>/).map { String($0.output.1) }
    }

    @Test func aDayWithoutAnAnswerDrawsNoMarkInAnyKindOfChart() {
        let outcomes = [charts.walk("2026-03-02", steps: 4200, id: 1), charts.walk("2026-03-04", steps: 3100, id: 2)]
        for chart in [charts.bar, charts.line, charts.scatter] {
            let svg = svg(chart, outcomes, from: "2026-03-02", through: "2026-03-04")
            #expect(!svg.contains("Tue, Mar 3:"), "\(chart.kind)")
            #expect(count("<title>", in: svg) == 2, "\(chart.kind)")
        }
        #expect(count("<rect", in: svg(charts.bar, outcomes, from: "2026-03-02", through: "2026-03-04")) == 2)
    }

    @Test func aDeletedAnswerIsAGapNotAMark() {
        let outcomes = [charts.walk("2026-03-02", steps: 4200, id: 1), charts.walk("2026-03-03", steps: 0, id: 2, deleted: true)]
        let svg = svg(charts.bar, outcomes, from: "2026-03-02", through: "2026-03-03")
        #expect(count("<rect", in: svg) == 1)
        #expect(!svg.contains("Tue, Mar 3:"))
    }

    @Test func aZeroAnswerIsAMarkOnTheAxisWithItsNumber() throws {
        let outcomes = [charts.walk("2026-03-02", steps: 4200, id: 1), charts.walk("2026-03-03", steps: 0, id: 2)]
        let svg = svg(charts.bar, outcomes, from: "2026-03-02", through: "2026-03-03")
        let zero = try #require(mark(titled: "Tue, Mar 3: Steps 0 steps, answered 6:40 PM", in: svg))
        // Steps and the yes-or-no Outside are two panels; the first plot runs from 22 down to 22 + 110 = 132.
        #expect(svg.contains("<line class=\"axis\" x1=\"38\" x2=\"352\" y1=\"132\" y2=\"132\"/>"))
        #expect(zero.hasPrefix("<rect class=\"zero\" "))
        #expect(zero.contains(" y=\"129\" "))
        #expect(zero.contains(" height=\"3\" "))
        #expect(zero.hasSuffix(" text-anchor=\"middle\">0</text>"))
    }

    @Test func everyMarkHasATitleNamingTheDayTheSeriesTheValueAndWhenItWasAnswered() throws {
        let outcomes = [charts.walk("2026-03-02", steps: 4200, outside: true, id: 1), charts.walk("2026-03-03", steps: 3100, id: 2)]
        let bar = svg(charts.bar, outcomes, from: "2026-03-02", through: "2026-03-03")
        #expect(try #require(mark(titled: "Mon, Mar 2: Steps 4200 steps, answered 6:40 PM", in: bar)).hasPrefix("<rect "))
        #expect(try #require(mark(titled: "Mon, Mar 2: Outside 1, answered 6:40 PM", in: bar)).hasPrefix("<rect "))
        #expect(count("<rect", in: bar) == count("<title>", in: bar))
        for chart in [charts.line, charts.scatter] {
            let svg = svg(chart, outcomes, from: "2026-03-02", through: "2026-03-03")
            let point = try #require(mark(titled: "Tue, Mar 3: Steps 3100 steps, answered 6:40 PM", in: svg), "\(chart.kind)")
            #expect(point.hasPrefix("<circle "), "\(chart.kind)")
            #expect(count("<circle", in: svg) == count("<title>", in: svg), "\(chart.kind)")
        }
    }

    @Test func theAnswerTimeInATitleIsTheParticipantsLocalTime() throws {
        // 23:40 UTC on March 9 is 7:40 PM in New York, which changed to daylight time on March 8.
        let svg = svg(charts.scatter, [charts.walk("2026-03-09", steps: 800)], from: "2026-03-09", through: "2026-03-09")
        #expect(svg.contains("<title>Mon, Mar 9: Steps 800 steps, answered 7:40 PM</title>"))
    }

    @Test func theYAxisRunsFromZeroInRoundStepsToJustPastTheLargestAnswer() {
        let outcomes = [charts.walk("2026-03-02", steps: 4200, id: 1), charts.walk("2026-03-03", steps: 150, id: 2)]
        let svg = svg(charts.bar, outcomes, from: "2026-03-02", through: "2026-03-03")
        #expect(yTicks(svg) == ["0", "1000", "2000", "3000", "4000", "5000"])
    }

    @Test func theYAxisTicksAreOneTwoOrFiveTimesAPowerOfTenAndReachTheLargestAnswerWhateverItIs() throws {
        let seed: UInt64 = 14_031_592
        var random = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let largest = Int(pow(10, Double.random(in: 0...6.5, using: &random)))
            let svg = svg(charts.bar, [charts.walk("2026-03-02", steps: largest)], from: "2026-03-02", through: "2026-03-02")
            let ticks = yTicks(svg).compactMap(Double.init)
            let context: Comment = "largest answer \(largest), ticks \(yTicks(svg)), seed \(seed)"
            try #require(ticks.count >= 2, context)
            let step = ticks[1] - ticks[0]
            let mantissa = step / pow(10, log10(step).rounded(.down))
            #expect([1.0, 2, 5].contains { abs(mantissa - $0) < 1e-6 }, context)
            #expect(zip(ticks, ticks.dropFirst()).allSatisfy { abs($1 - $0 - step) < step / 1000 }, context)
            #expect(ticks.first == 0, context)
            #expect(try #require(ticks.last) >= Double(largest), context)
            #expect(try #require(ticks.last) - step < Double(largest), context)
        }
    }

    @Test func aLineBreaksAtAMissingDayAndALoneAnswerIsOnlyAPoint() {
        let days = ["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-06", "2026-03-08"]
        let outcomes = days.enumerated().map { charts.walk($1, steps: 1000 * ($0 + 1), id: Int64($0)) }
        let svg = svg(charts.line, outcomes, from: "2026-03-01", through: "2026-03-09")
        let paths = svg.matches(of: /<path d="([^"]*)"/).map { String($0.output.1) }
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { count("M", in: $0) == 1 && count("L", in: $0) == 1 })
        #expect(count("<circle", in: svg) == 5)
    }

    @Test func marksTakeTheirSeriesColourFromTheStudyOrElseThePalette() throws {
        let svg = svg(charts.bar, [charts.walk("2026-03-02", steps: 4200, outside: false)], from: "2026-03-02", through: "2026-03-02")
        #expect(try #require(mark(titled: "Mon, Mar 2: Steps 4200 steps, answered 6:40 PM", in: svg)).contains("fill=\"#0a84ff\""))
        #expect(try #require(mark(titled: "Mon, Mar 2: Outside 0, answered 6:40 PM", in: svg)).contains("fill=\"#123456\""))
    }
}
