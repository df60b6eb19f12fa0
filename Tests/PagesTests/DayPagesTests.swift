import CareModel
import Content
import Feed
import Foundation
@testable import Pages
import Markup
import Testing
import Words
import TestSupport
import StudyModel

/// Links as the participant's preview server writes them, with the
/// calendar file but without taps.
struct PreviewLinks: PageLinks {
    func language() -> String? { "/language" }
    func asset(_ path: String) -> String { "/assets/" + path }
    func studyIndex() -> String? { nil }
    func studyOverview() -> String? { nil }
    func studyProtocol() -> String? { nil }
    func participant(_ id: String) -> String? { nil }
    func feed(_ participantID: String, _ day: LocalDate) -> String? { "/feed/\(day)" }
    func insights(_ participantID: String) -> String { "/insights" }
    func consentRecord(_ participantID: String) -> String { "/consent" }
    func consentDocument(_ id: String) -> String? { "/consent/\(id)" }
    func signedCopy(_ participantID: String, index: Int, of count: Int) -> String? { "/consent/signed-\(index + 1).pdf" }
    func educationIndex() -> String { "/education" }
    func note(_ slug: String) -> String { "/education/\(slug)" }
    func task(_ taskID: String, occurrence: Int) -> String? { "/tasks/\(taskID)/\(occurrence)" }
    func deleteAnswers(_ taskID: String, occurrence: Int) -> String? { "/tasks/\(taskID)/\(occurrence)/delete" }
    func onboarding() -> String? { "/onboarding/1" }
    func reconsent() -> String? { nil }
    func withdraw() -> String? { nil }
    func myData() -> String? { nil }
    func calendar() -> String? { "/calendar.ics" }
    func auditTrail(_ participantID: String) -> String? { nil }
    func checkOff(_ taskID: String, occurrence: Int) -> String? { nil }
    func logEntry(_ taskID: String) -> String? { nil }
    func careTeam() -> String? { nil }
}

/// Recover's day as the participant sees it: the feed's words and rings, the
/// survey that starts with its question, the completion step, and the
/// question before deleting.
@Suite struct DayPagesTests {
    let study: Study
    let plan: CarePlan
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-02")
    let links = PreviewLinks()

    init() throws {
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        plan = CarePlan(study: study)
    }

    func answer(_ taskID: String, on day: String, _ values: [OutcomeValue], id: Int64) -> Outcome {
        let event = plan.tasks.first { $0.id == taskID }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date(day),
            to: Fixtures.date(day).adding(days: 1))[0]
        return Outcome(id: id, participantID: "p1", taskID: taskID, taskVersion: 1, occurrence: event.occurrence,
                       eventDay: event.day, eventStart: event.start, eventEnd: event.end, values: values,
                       createdAt: event.start.addingTimeInterval(4800))
    }

    var checkInAnswer: Outcome {
        answer("checkIn", on: "2026-03-04", [OutcomeValue(kind: "pain", value: .integer(3)),
                                             OutcomeValue(kind: "sleep", value: .decimal(7.5), unit: "hours")], id: 2)
    }

    func feedPage(today: String, day: String? = nil, answers: [Outcome] = []) -> String {
        let outcomes = [answer("onboarding", on: "2026-03-02", [], id: 1)] + answers
        let feed = plan.feed(for: participant, outcomes: outcomes, today: Fixtures.date(today))
        return FeedPage.render(feed.day(Fixtures.date(day ?? today), firstWeekday: 1), plan: plan, reader: .participant(links: links, language: .usEnglish), csrfToken: "t0k3n").markup
    }

    @Test func theCheckInComesFirstAndNoCardReadsAsADeadline() throws {
        let page = feedPage(today: "2026-03-04", answers: [checkInAnswer])
        let checkIn = try #require(page.range(of: "<h2 id=\"card-checkIn-2\">"))
        let range = try #require(page.range(of: "<h2 id=\"card-rangeOfMotion-2\">"))
        #expect(checkIn.lowerBound < range.lowerBound)
        #expect(page.contains("<p class=\"card-when\">Morning · from 8:00 AM · Every morning</p>"))
        #expect(page.contains("<p class=\"card-when\">Any time today · Daily in the first week</p>"))
        #expect(!page.contains("9:00 AM"), "the hour's end is no deadline: the card is open all day")
        #expect(!page.contains("All day"))
        let tomorrow = feedPage(today: "2026-03-04", day: "2026-03-05")
        #expect(tomorrow.contains("Any time that day"))
    }

    @Test func deletingIsASmallLinkToAPageThatAsksFirst() {
        let page = feedPage(today: "2026-03-04", answers: [checkInAnswer])
        #expect(page.contains("<a class=\"quiet-link\" href=\"/tasks/checkIn/2/delete\">Delete and answer again"
                              + "<span class=\"visually-hidden\"> Check in</span></a>"))
        #expect(!page.contains("method=\"post\""), "nothing on the feed deletes at once")
    }

    /// Each day in Recover's first weeks counts six events: the check-in, range
    /// of motion, the exercises and three times icing; never the pain medicine log.
    @Test func theWeekStripTellsMissedDaysFromDaysToCome() {
        let page = feedPage(today: "2026-03-04", answers: [answer("checkIn", on: "2026-03-03", [], id: 3)])
        #expect(page.contains("aria-label=\"Monday, March 2: 0 of 6 done, 6 not done\""))
        #expect(page.contains("aria-label=\"Tuesday, March 3: 1 of 6 done, 5 not done\""))
        #expect(page.contains("aria-label=\"Thursday, March 5: 6 tasks to come\""))
        #expect(page.contains("<circle class=\"ring-track ring-missed\""))
        #expect(page.contains("<circle class=\"ring-track ring-upcoming\" cx=\"18\" cy=\"18\" r=\"15\" fill=\"none\" "
                              + "stroke-width=\"2\" stroke-dasharray=\"3.93 3.93\"/>"))
        #expect(page.contains("<circle class=\"ring-track ring-today\""))
    }

    @Test func theFeedOffersTheCalendarAndTheSafetyNote() {
        let page = feedPage(today: "2026-03-04")
        #expect(page.contains("href=\"/calendar.ics\" download>"))
        #expect(page.contains("<span>Add reminders to my calendar</span></a>"))
        #expect(page.contains("<a class=\"help-link\" href=\"/education/when-to-call\">"))
        #expect(page.contains("When to call your surgeon</a>"))
    }

    @Test func afterTheLastEventTheFeedThanksTheParticipant() {
        // Check-ins end after six weeks: enrollment + 42 days is April 13.
        let last = feedPage(today: "2026-04-12")
        #expect(last.contains("Day 42 of the study"))
        #expect(!last.contains("finished the study"))
        let page = feedPage(today: "2026-04-13")
        #expect(page.contains("You have finished the study — thank you"))
        #expect(page.contains("Study finished"))
        #expect(!page.contains("Day 43 of the study"))
        #expect(!page.contains("Nothing is scheduled"))
        #expect(!page.contains("Add reminders to my calendar"), "nothing left to remind of")
        #expect(page.contains("When to call your surgeon"))
    }

    @Test func theSurveyStartsWithItsQuestionAndSaysOnceHowToAnswer() throws {
        let task = try #require(study.task("rangeOfMotion"))
        let event = plan.tasks.first { $0.id == "rangeOfMotion" }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-04"),
            to: Fixtures.date("2026-03-05"))[0]
        let page = SurveyPage.render(task: task, event: event, participant: participant, study: study, values: [:],
                                     errors: [:], reader: .participant(links: links, language: .usEnglish), action: "/tasks/rangeOfMotion/2", csrfToken: "t0k3n",
                                     today: Fixtures.date("2026-03-04")).markup
        #expect(page.contains("<details class=\"guide\"><summary>How to measure your knee bend</summary>"))
        let guide = try #require(page.range(of: "<details class=\"guide\">"))
        let guideEnd = try #require(page.range(of: "</details>"))
        let question = try #require(page.range(of: "How far can you bend your knee?"))
        #expect(guide.lowerBound < question.lowerBound && guideEnd.upperBound < question.lowerBound,
                "the instructions are folded above the question, not spread before it")
        #expect(page.contains("<button type=\"submit\" class=\"button\" data-busy-label=\"Saving…\">Save answers</button>"))
        #expect(page.contains("<script src=\"/assets/js/busy.js\"></script>"))
    }

    @Test func aDateQuestionsBoundsAreAttributesAndItsHintHasTheYears() throws {
        let surgery = FormItem(id: "surgery", text: "When was your surgery?", isRequired: true,
                               answer: .date(min: Fixtures.date("2026-01-01"), max: Fixtures.date("2027-12-31")), measure: nil)
        let note = FormItem(id: "note", text: "Anything else?", isRequired: false, answer: .text(maxLength: nil), measure: nil)
        let task = StudyTask(id: "visit", title: "Visit", impactsAdherence: true, schedule: Schedule([]),
                             survey: [.form(FormStep(title: nil, text: nil, items: [surgery, note]))], instructions: HTML(""),
                             log: nil, button: nil)
        let event = plan.tasks.first { $0.id == "checkIn" }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-04"),
            to: Fixtures.date("2026-03-05"))[0]
        let page = SurveyPage.render(task: task, event: event, participant: participant, study: study, values: [:],
                                     errors: [:], reader: .participant(links: links, language: .usEnglish), action: "/tasks/visit/0",
                                     csrfToken: "t0k3n", today: Fixtures.date("2026-03-04")).markup
        #expect(page.contains(" min=\"2026-01-01\" max=\"2027-12-31\""))
        #expect(page.contains("Jan 1, 2026") && page.contains("Dec 31, 2027"), "the hint says which years")
        #expect(page.contains("maxlength=\"10000\""), "a text keeps to 10,000 characters, as every path takes it")
    }

    @Test func theErrorSummaryPutsNoColonAfterAQuestionMark() throws {
        let task = try #require(study.task("checkIn"))
        let event = plan.tasks.first { $0.id == "checkIn" }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-04"),
            to: Fixtures.date("2026-03-05"))[0]
        let page = SurveyPage.render(task: task, event: event, participant: participant, study: study, values: [:],
                                     errors: ["pain": "Please answer this question."], reader: .participant(links: links, language: .usEnglish),
                                     action: "/tasks/checkIn/3", csrfToken: "t0k3n", today: Fixtures.date("2026-03-04")).markup
        #expect(page.contains("<a href=\"#field-pain\">How bad is your knee pain right now? Please answer this question.</a>"))
        #expect(!page.contains("?:"))
    }

    @Test func theCompletionStepShowsTheTasksClosingWordsAndWhatWasSaved() throws {
        let task = try #require(study.task("checkIn"))
        let event = plan.tasks.first { $0.id == "checkIn" }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date("2026-03-04"),
            to: Fixtures.date("2026-03-05"))[0]
        let context = AnswerPages.Context(task: task, event: event, outcome: checkInAnswer, participant: participant,
                                          study: study, reader: .participant(links: links, language: .usEnglish), today: Fixtures.date("2026-03-04"))
        let done = AnswerPages.completion(try #require(task.completion), context: context).markup
        #expect(done.contains("<h1>Thank you</h1>"))
        #expect(done.contains("call your surgeon&#39;s office."))
        #expect(done.contains("<p class=\"answers\">Check in, saved at 9:20 AM</p>\n<ul class=\"answer-list\"><li>Pain: 3</li>"
                              + "<li>Sleep: 7.5 hours</li></ul>"), "an answer a line")
        #expect(done.contains("<a class=\"button\" href=\"/feed/2026-03-04\">Back to today</a>"))
        #expect(done.contains("href=\"/education/when-to-call\""))

        let confirm = AnswerPages.confirmDelete(context: context, action: "/tasks/checkIn/2/delete", csrfToken: "t0k3n").markup
        #expect(confirm.contains("<h1>Delete these answers?</h1>"))
        #expect(confirm.contains("<p class=\"answers answers-to-delete\">Pain: 3 · Sleep: 7.5 hours</p>"))
        #expect(confirm.contains("<form method=\"post\" action=\"/tasks/checkIn/2/delete\" class=\"confirm-delete\">\n"
                                 + "<input type=\"hidden\" name=\"csrf\" value=\"t0k3n\">"))
        #expect(confirm.contains("<a class=\"button button-secondary\" href=\"/feed/2026-03-04\">Cancel, keep them</a>"))
        #expect(confirm.contains("data-busy-label=\"Deleting…\">Delete answers</button>"))
    }

    @Test func theWordsForWhenNameThePartOfTheDay() {
        let zone = participant.timeZone
        func event(_ hour: Int, _ minute: Int = 0) -> ScheduledEvent {
            let schedule = Schedule([ScheduleElement(interval: .days(1), time: .at(LocalTime(hour: hour, minute: minute)!))])
            return schedule.events(enrolledOn: participant.enrolledOn, in: zone, from: Fixtures.date("2026-03-04"),
                                   to: Fixtures.date("2026-03-05"))[0]
        }
        let today = Fixtures.date("2026-03-04")
        #expect(Format(language: .usEnglish).when(event(8), in: zone, today: today) == "Morning · from 8:00 AM")
        #expect(Format(language: .usEnglish).when(event(13, 30), in: zone, today: today) == "Afternoon · from 1:30 PM")
        #expect(Format(language: .usEnglish).when(event(19), in: zone, today: today) == "Evening · from 7:00 PM")
        #expect(Format(language: .usEnglish).when(event(22), in: zone, today: today) == "Night · from 10:00 PM")
    }

    /// The site draws each week's strip once for its seven pages: each page
    /// is byte for byte the page drawn alone, its own day the current one.
    @Test func aWeekStripDrawnOnceForItsDaysGivesEachPageAsDrawnAlone() {
        let feed = plan.feed(for: participant, outcomes: [answer("onboarding", on: "2026-03-02", [], id: 1), checkInAnswer],
                             today: Fixtures.date("2026-03-04"))
        let reader = Reader.participant(links: links, language: .usEnglish)
        let kept = FeedPage.Kept()
        for day in feed.days(Fixtures.date("2026-03-01")...Fixtures.date("2026-03-16"), firstWeekday: 1) {
            let shared = FeedPage.render(day, plan: plan, reader: reader, kept: kept).markup
            #expect(shared == FeedPage.render(day, plan: plan, reader: reader).markup, "\(day.day)")
            #expect(shared.components(separatedBy: "aria-current=\"date\"").count == 2, "\(day.day)")
            #expect(shared.contains("href=\"/feed/\(day.day)\" aria-current=\"date\""), "\(day.day)")
        }
    }

    /// The chrome kept from one page serves the next only where it is the same: pages with a form
    /// token and without it (a script more or less), and notes with a 3D model and without, in turn.
    @Test func keptChromeGivesEachPageAsDrawnAlone() {
        let feed = plan.feed(for: participant, outcomes: [answer("onboarding", on: "2026-03-02", [], id: 1)],
                             today: Fixtures.date("2026-03-04"))
        let reader = Reader.participant(links: links, language: .usEnglish)
        let kept = FeedPage.Kept()
        var scripts = Set<Bool>()
        for (index, day) in feed.days(Fixtures.date("2026-03-02")...Fixtures.date("2026-03-09"), firstWeekday: 1).enumerated() {
            let token = index % 2 == 0 ? "token-\(index)" : nil
            let shared = FeedPage.render(day, plan: plan, reader: reader, csrfToken: token, kept: kept).markup
            #expect(shared == FeedPage.render(day, plan: plan, reader: reader, csrfToken: token).markup, "\(day.day)")
            scripts.insert(shared.contains("js/busy.js"))
        }
        #expect(scripts == [true, false])
        let chrome = Layout.Chrome()
        let notes = study.notes + study.notes.reversed()
        #expect(Set(notes.map { $0.model == nil }) == [true, false])
        // Another language, and another folder's links, on the same chrome too.
        let readers = [reader, Reader.participant(links: links, language: Language(LanguageTag("de-DE")!)),
                       Reader.site(SiteLinks(page: "education/x.html", feedDays: { _, _ in true }), sharing: .everything),
                       Reader.site(SiteLinks(page: "a/b/c.html", feedDays: { _, _ in true }), sharing: .everything)]
        for (index, note) in notes.enumerated() {
            let reader = readers[index % readers.count]
            #expect(EducationPages.note(note, study: study, reader: reader, chrome: chrome).markup
                    == EducationPages.note(note, study: study, reader: reader).markup, "\(note.slug)")
        }
    }

    /// Answers kept for one outcome, or a line kept for one answer, never stand for another:
    /// an answer changed later, whose old and new values the audit trail shows, reads each as
    /// it was given, and so do answers that differ only in how the same letters were typed (a
    /// composed "ö" or an "o" with its mark), byte for byte. A value stored with another unit is
    /// a line of its own, though both read in the item's unit; the same answer in another outcome
    /// is worked out once.
    @Test func keptAnswersAreKeptByTheWholeOutcomeAndEachLineByTheWholeAnswer() {
        let kept = FeedPage.Kept()
        let reader = Reader.participant(links: links, language: .usEnglish)
        var changed = checkInAnswer
        changed.values[0] = OutcomeValue(kind: "pain", value: .integer(8))
        var otherUnit = checkInAnswer
        otherUnit.values[1].unit = "h"
        otherUnit.id = 4
        var composed = checkInAnswer
        composed.values.append(OutcomeValue(kind: "place", value: .text("K\u{F6}ln")))
        composed.id = 5
        var decomposed = composed
        decomposed.values[2] = OutcomeValue(kind: "place", value: .text("Ko\u{308}ln"))
        decomposed.id = 6
        let outcomes = [checkInAnswer, changed, checkInAnswer, changed, otherUnit, composed, decomposed]
        let texts = outcomes.map { FeedPage.answers($0, taskVersion: 1, plan: plan, reader: reader, kept: kept) }
        let fresh = outcomes.map { FeedPage.answers($0, taskVersion: 1, plan: plan, reader: reader, kept: nil) }
        #expect(texts.map { Array($0.utf8) } == fresh.map { Array($0.utf8) })
        #expect(texts[0] == "Pain: 3 · Sleep: 7.5 hours")
        #expect(texts[0] != texts[1])
        #expect(!texts[5].utf8.elementsEqual(texts[6].utf8), "each as typed")
        #expect(kept.answers.count == 5)
        #expect(kept.lines.count == 6, "pain 3, pain 8, sleep 7.5 in hours and in h, the place composed and decomposed")
    }

    @Test func theSafetyNoteCallsTheCareTeamWhereTheWarningSignsAre() throws {
        let safety = try #require(study.safety.flatMap(study.note))
        let page = EducationPages.note(safety, study: study, reader: .participant(links: links, language: .usEnglish)).markup
        let who = try #require(page.range(of: "<h2 id=\"who-to-call\">Who to call</h2>\n"
                                             + "<p>In an emergency, call your local emergency number first.</p>"))
        let signs = try #require(page.range(of: "Call your surgeon's office straight away"))
        #expect(who.lowerBound < signs.lowerBound, "the numbers come before the signs")
        // For a screen reader whom it calls, then the very words shown (WCAG 2.5.3); the number for the eye; no word said twice.
        #expect(page.contains("<a class=\"button contact-call\" href=\"tel:2125550142\" aria-label=\"Surgeon&#39;s office: Call "
                              + "\u{2068}(212) 555-0142\u{2069}\"><span>Call <bdi dir=\"ltr\">(212) 555-0142</bdi></span></a>"))
        let meniscus = try #require(study.note("meniscus"))
        #expect(!EducationPages.note(meniscus, study: study, reader: .participant(links: links, language: .usEnglish)).markup.contains("Who to call"))
    }
}
