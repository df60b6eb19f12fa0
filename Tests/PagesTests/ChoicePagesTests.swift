import CareModel
import Content
import Foundation
import Pages
import Testing
import Words
import TestSupport
import StudyModel

/// Choice options whose stored value differs from the text shown.
@Suite struct ChoicePagesTests {
    let study: Study
    let task: StudyTask
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")

    init() throws {
        let folder = try StudyFolder(files: ["content/tasks/walk.md": """
            ---
            id: walk
            title: Walk
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - { id: steps, text: Steps?, answer: numeric }
                  - id: where
                    text: Where?
                    answer:
                      choice:
                        options: [Park, { value: street, text: Along a street }]
                        multiple: true
            ---
            """])
        study = try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study)
        task = try #require(study.task("walk"))
    }

    func outcome(_ stored: [String]) -> Outcome {
        let day = Fixtures.date("2026-03-02")
        return Outcome(id: 1, participantID: "p1", taskID: "walk", taskVersion: 1, occurrence: 1, eventDay: day,
                       eventStart: Fixtures.instant("2026-03-02T05:00:00Z"), eventEnd: Fixtures.instant("2026-03-03T05:00:00Z"),
                       values: stored.map { OutcomeValue(kind: "where", value: .text($0)) },
                       createdAt: Fixtures.instant("2026-03-02T14:00:00Z"))
    }

    @Test func theSurveyShowsEachOptionsTextWithItsValueAsTheInputsValue() throws {
        let event = try #require(ScheduleTimeline(task.schedule).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-02"),
            to: Fixtures.date("2026-03-03")).first)
        let html = SurveyPage.render(task: task, event: event, participant: participant, study: study,
                                     values: ["where": ["street"]], errors: [:],
                                     reader: .site(SiteLinks(page: "tasks/walk/1.html", feedDays: { _, _ in true })),
                                     action: "/tasks/walk/1", csrfToken: "token", today: Fixtures.date("2026-03-02"))
        #expect(html.markup.contains("<label class=\"choice\"><input type=\"checkbox\" name=\"where\" value=\"Park\"> Park</label>"
                                     + "<label class=\"choice\"><input type=\"checkbox\" name=\"where\" value=\"street\" checked>"
                                     + " Along a street</label>"))
    }

    @Test func answersShowTheOptionsTextForAStoredValue() {
        #expect(Format(language: .usEnglish).answers(outcome(["street", "Park"]), task: task, study: study) == "Where? Along a street, Park")
    }

    @Test func aStoredValueThatNoOptionHasAnyLongerIsShownAsStored() {
        // A stored text is the participant's: isolated, as every text they gave is.
        #expect(Format(language: .usEnglish).answers(outcome(["beach"]), task: task, study: study) == "Where? \u{2068}beach\u{2069}")
        #expect(Format(language: .usEnglish).answers(outcome(["street"]), task: nil, study: study) == "Where: \u{2068}street\u{2069}")
    }

    @Test func whatAParticipantWroteCannotReorderTheValuesAfterIt() {
        let override = OutcomeValue(kind: "note", value: .text("ok \u{202E}fine"))
        let shown = Format(language: .usEnglish).value(override)
        #expect(shown == "\u{2068}ok \u{202E}fine\u{2069}", "a PDI ends the override with the text")
    }

    @Test func aDateAnswerHasItsYearAndPreferNotToAnswerHasNoUnit() {
        let format = Format(language: .usEnglish)
        #expect(format.value(OutcomeValue(kind: "day", value: .date(LocalDate(year: 9999, month: 12, day: 31)!))) == "Dec 31, 9999")
        #expect(format.value(OutcomeValue(kind: "day", value: .date(LocalDate(year: 2026, month: 12, day: 31)!))) == "Dec 31, 2026")
        #expect(format.value(OutcomeValue(kind: "weight", value: .preferNotToAnswer, unit: "kg")) == "Prefer not to answer")
        #expect(format.value(OutcomeValue(kind: "weight", value: .decimal(75.5), unit: "kg")) == "75.5 kg")
    }
}
