import CareModel
import Content
import Feed
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

/// The study index as a worklist, for Recover's three flags.
@Suite struct StudyIndexPageTests {
    let study: Study
    let links = SiteLinks(page: "index.html", feedDays: { _, _ in true })
    let today = Fixtures.date("2026-03-20")

    init() throws {
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
    }

    func summary(_ id: String, flags: [ParticipantFlag] = [], standing: Standing = .active,
                 pain: Int? = nil, notShared: Bool = false) -> ParticipantSummary {
        let participant = Fixtures.participant(id: id, enrolledOn: "2026-03-01")
        let series = study.insights.flatMap(\.series)
        let painSeries = series.first { $0.value == "pain" }!
        return ParticipantSummary(
            participant: participant, today: today, isOnboarded: true,
            lastSevenDays: AdherenceRing(completed: 5, total: 8), overall: AdherenceRing(completed: 30, total: 40),
            latest: pain.map { [(painSeries, OutcomeValue(kind: "pain", value: .integer($0)), Fixtures.date("2026-03-19"))] } ?? [],
            notShared: notShared ? [painSeries] : [], consentVersion: "Version 1.0", standing: standing,
            lastAnswer: Fixtures.date("2026-03-17"), flags: flags)
    }

    func page(_ summaries: [ParticipantSummary], asOf: DataAsOf? = nil) -> String {
        StudyPages.index(study: study, summaries: summaries, reader: .site(links), asOf: asOf).markup
    }

    /// The participant IDs of the rows, top to bottom.
    func order(_ page: String) -> [String] {
        page.matches(of: /<th scope="row" data-sort="([^"]*)">/).map { String($0.output.1) }
    }

    @Test func flaggedParticipantsComeFirstTheMostFlagsFirstAndTheWithdrawnLast() {
        let quiet = ParticipantFlag(label: "No answers for two days", state: .quiet(days: 3, last: Fixtures.date("2026-03-16")))
        let pain = ParticipantFlag(label: "High pain", state: .value(8, unit: nil, day: Fixtures.date("2026-03-19")))
        let page = page([summary("r001"), summary("r002", standing: .withdrawn(day: today, at: Date(timeIntervalSince1970: 0))),
                         summary("r003", flags: [pain]), summary("r004", flags: [quiet, pain]), summary("r005")])
        #expect(order(page) == ["r004", "r003", "r001", "r005", "r002"])
    }

    @Test func theWorklistIsFilteredByStatusWithHowManyHaveEachFinishedAmongThem() {
        let page = page([summary("r001"), summary("r002", standing: .withdrawn(day: today, at: Date(timeIntervalSince1970: 0))),
                         summary("r003", standing: .finished), summary("r004", standing: .finished), summary("r005")])
        #expect(page.contains("<fieldset class=\"status-filter\" data-filter-for=\"participants\" hidden>"))
        let choices = page.matches(of: /<label><input type="radio" name="status" value="([^"]*)"[^>]*> ([^<]*)<\/label>/)
            .map { "\($0.output.1)=\($0.output.2)" }
        #expect(choices == ["=Everyone (5)", "active=Active (2)", "finished=Finished (2)", "withdrawn=Withdrawn (1)"])
        #expect(page.matches(of: /<tr data-status="finished">/).count == 2)
        #expect(page.contains("<table id=\"participants\"") && page.contains("js/filter-table.js"))
        // One status for everyone: nothing to filter by.
        #expect(!self.page([summary("r001"), summary("r002")]).contains("status-filter"))
    }

    @Test func aFlagShowsItsReasonBesideItsLabel() {
        let page = page([summary("r001", flags: [
            ParticipantFlag(label: "High pain", state: .value(8, unit: nil, day: Fixtures.date("2026-03-19"))),
            ParticipantFlag(label: "Range of motion not measured",
                            state: .quiet(days: 9, last: Fixtures.date("2026-03-10"))),
        ])])
        #expect(page.contains("<tr class=\"is-flagged\" data-status=\"active\">"))
        #expect(page.contains("<li class=\"flag\"><strong>High pain</strong> <span class=\"reason\">8 on Mar 19</span></li>"))
        #expect(page.contains("<li class=\"flag\"><strong>Range of motion not measured</strong> "
                              + "<span class=\"reason\">none since Mar 10, 9 days ago</span></li>"))
        #expect(page.contains("<li><strong>High pain</strong>: the latest Pain (0-10) is above 6</li>"))
    }

    @Test func aFlagOnAValueNotSharedIsNotCheckedAndItsValueReadsNotShared() {
        let page = page([summary("r001", flags: [ParticipantFlag(label: "High pain", state: .notShared)], notShared: true)])
        #expect(!page.contains("is-flagged"))
        #expect(page.contains("<li class=\"not-checked\">Not checked, as not shared: High pain</li>"))
        #expect(page.contains("data-label=\"Latest Pain (0-10)\" data-sort=\"\"><span class=\"no-answer\">Not shared</span></td>"))
    }

    @Test func aParticipantWhoHasNotChosenYetIsNotShownAsDeclining() {
        var waiting = summary("r012", flags: [ParticipantFlag(label: "High pain", state: .notChosen)], standing: .enrolled)
        waiting.notChosen = study.insights.flatMap(\.series).filter { $0.value == "pain" }
        let html = page([waiting])
        #expect(html.contains("data-label=\"Latest Pain (0-10)\" data-sort=\"\"><span class=\"no-answer\">Not chosen yet</span></td>"))
        #expect(!html.contains("<span class=\"no-answer\">Not shared</span>"))
        #expect(html.contains("<li class=\"not-checked\">Not checked, as sharing not chosen yet: High pain</li>"))
        #expect(!html.contains("is-flagged"))
    }

    @Test func everyCellCarriesItsSortKeyAndItsColumnsTitleAndThePageItsScript() {
        let page = page([summary("r001", pain: 3)])
        #expect(page.contains("<table id=\"participants\" class=\"participants stack-table\" data-sortable data-said-sorted=\"Sorted by {column}, {direction}.\" "))
        #expect(page.contains("<th scope=\"col\" data-sort-type=\"number\" data-sort-first=\"descending\">Flags</th>"))
        #expect(page.contains("<td data-label=\"Day of study\" data-sort=\"20\">20</td>"))
        #expect(page.contains("<td data-label=\"Last answer\" data-sort=\"3\">Mar 17 <span class=\"when\">3 days ago</span></td>"))
        #expect(page.contains("<td data-label=\"Adherence, 7 days\" data-sort=\"62.5\">63% <span class=\"when\">(5/8)</span></td>"))
        #expect(page.contains("<td data-label=\"Latest Pain (0-10)\" data-sort=\"3\">3 <span class=\"when\">Mar 19</span></td>"))
        #expect(page.contains("<script src=\"assets/js/sort-table.js\"></script>"))
        #expect(!page.contains("<script>"))
    }

    @Test func theDataAsOfTimeIsShownWithItsZoneAndOffset() {
        let asOf = DataAsOf(time: Fixtures.instant("2026-03-20T14:05:00Z"), zone: Fixtures.newYork)
        #expect(page([summary("r001")], asOf: asOf).contains(
            "<p class=\"as-of\">Data as of Friday, March 20, 2026, 10:05 AM America/New_York (GMT-4)</p>"))
        #expect(!page([summary("r001")]).contains("Data as of"))
    }

    @Test func statusWordsAreLabelsNotLinks() {
        let page = page([summary("r001"), summary("r002", standing: .enrolled), summary("r003", standing: .finished)])
        #expect(page.contains("<td data-label=\"Status\" data-sort=\"0\"><span class=\"badge badge-active\">Active</span></td>"))
        #expect(page.contains("<td data-label=\"Status\" data-sort=\"3\"><span class=\"badge badge-waiting\">Not joined</span></td>"))
        #expect(page.contains("<td data-label=\"Status\" data-sort=\"2\"><span class=\"badge badge-finished\">Finished</span></td>"),
                "a participant past their last event has finished, not still active")
    }
}
