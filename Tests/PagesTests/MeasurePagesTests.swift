import CareModel
import Content
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

/// A numeric item with `measure: kneeFlexion`: its number field, and the
/// phone's measuring panel for it, hidden until its script shows it.
@Suite struct MeasurePagesTests {
    static func survey(_ items: String) throws -> String {
        let folder = try StudyFolder(files: ["content/tasks/knee.md": """
            ---
            id: knee
            title: Knee
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
            \(items)
            ---
            """])
        let study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study)
        let task = try #require(study.task("knee"))
        let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
        let event = try #require(ScheduleTimeline(task.schedule).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-02"),
            to: Fixtures.date("2026-03-03")).first)
        return SurveyPage.render(task: task, event: event, participant: participant, study: study,
                                 values: [:], errors: [:], reader: .site(SiteLinks(page: "tasks/knee/1.html", feedDays: { _, _ in true })),
                                 action: "/tasks/knee/1", csrfToken: "token", today: Fixtures.date("2026-03-02")).markup
    }

    @Test func aMeasuredItemKeepsItsNumberFieldAndGetsAHiddenPanelThatFillsIt() throws {
        let page = try Self.survey("""
                  - id: range
                    text: How far can you bend your knee?
                    measure: kneeFlexion
                    answer: { numeric: { min: 0, max: 160, unit: degrees } }
            """)
        #expect(page.contains("<input type=\"text\" inputmode=\"numeric\" name=\"range\" id=\"field-range\""))
        #expect(page.contains("<section class=\"measure\" id=\"field-range-measure\" data-measure=\"kneeFlexion\" "
                              + "data-field=\"field-range\" aria-labelledby=\"field-range-measure-title\" "
                              + "data-said-measuring=\"Measuring. Bend your knee slowly, then tap Done.\" "))
        #expect(page.contains("data-said-stopped=\"Measuring stopped. Nothing was changed.\" hidden>"))
        #expect(page.contains("<button type=\"button\" class=\"button measure-start\">Start</button>"))
        #expect(page.contains("aria-live=\"polite\""))
        #expect(page.contains("<script src=\"../../assets/js/knee-measure.js\"></script>"))
        // The panel follows its field, so the field is where the answer is read from.
        let field = try #require(page.range(of: "id=\"field-range\""))
        let panel = try #require(page.range(of: "data-measure=\"kneeFlexion\""))
        #expect(field.lowerBound < panel.lowerBound)
    }

    @Test func aSurveyWithoutMeasuredItemsLoadsNoMotionScript() throws {
        let page = try Self.survey("""
                  - { id: range, text: How far can you bend your knee?, answer: { numeric: { min: 0, max: 160 } } }
            """)
        #expect(!page.contains("data-measure"))
        #expect(!page.contains("knee-measure.js"))
    }
}
