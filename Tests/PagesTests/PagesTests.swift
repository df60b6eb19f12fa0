import CareModel
import Content
import Feed
import Foundation
import Pages
import Support
import Testing
import Words
import TestSupport
import StudyModel

@Suite struct PagesTests {
    let study: Study
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    let links = SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true })

    init() throws {
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
    }

    func checkIn(day: String, pain: Int?, sleep: Double?, id: Int64) -> Outcome {
        let event = ScheduleTimeline(study.task("checkIn")!.schedule).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: Fixtures.date(day),
            to: Fixtures.date(day).adding(days: 1))[0]
        var values: [OutcomeValue] = []
        if let pain { values.append(OutcomeValue(kind: "pain", value: .integer(pain))) }
        if let sleep { values.append(OutcomeValue(kind: "sleep", value: .decimal(sleep), unit: "hours")) }
        return Outcome(id: id, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: event.occurrence,
                       eventDay: event.day, eventStart: event.start, eventEnd: event.end, values: values,
                       createdAt: event.start.addingTimeInterval(600))
    }

    @Test func chartsShowAZeroAsAMarkAndAMissingDayAsNothing() {
        let joined = Outcome(id: 9, participantID: "p1", taskID: "onboarding", taskVersion: 1, occurrence: 0,
                             eventDay: Fixtures.date("2026-03-01"), eventStart: Fixtures.instant("2026-03-01T05:00:00Z"),
                             eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"), values: [],
                             createdAt: Fixtures.instant("2026-03-01T14:00:00Z"))
        let outcomes = [joined, checkIn(day: "2026-03-02", pain: 0, sleep: 6, id: 1),
                        checkIn(day: "2026-03-04", pain: 4, sleep: 7.5, id: 2)]
        let html = InsightsPage.render(participant: participant, outcomes: outcomes, day: Fixtures.date("2026-03-04"),
                                       today: Fixtures.date("2026-03-04"), plan: CarePlan(study: study),
                                       reader: .site(links))
        #expect(html.markup.contains("<title>Mon, Mar 2: Pain (0-10) 0, answered 8:10 AM</title>"))
        #expect(html.markup.contains("<title>Wed, Mar 4: Sleep (hours) 7.5 hours, answered 8:10 AM</title>"))
        #expect(html.markup.contains("<title>Tue, Mar 3: Pain (0-10), no answer</title>"))
        #expect(!html.markup.contains("Tue, Mar 3: Pain (0-10) "))
        #expect(html.markup.contains("<tr><th scope=\"row\">Tue, Mar 3</th><td data-label=\"Pain (0-10)\" class=\"no-answer\">No answer</td>"
                                     + "<td data-label=\"Sleep (hours)\" class=\"no-answer\">No answer</td></tr>"))
        #expect(html.markup.contains("<tr><th scope=\"row\">Mon, Mar 2</th><td data-label=\"Pain (0-10)\">0</td>"
                                     + "<td data-label=\"Sleep (hours)\">6 hours</td></tr>"))
    }

    @Test func aConsentRecordWhoseTextWasAlteredSaysSo() {
        let record = ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0",
                                   sha256: SHA256.hex("<p>Original</p>"), html: "<p>Altered</p>", printedName: "Ada",
                                   signature: .drawn(pathData: "M1 1 L5 5"), signedAt: Fixtures.instant("2026-03-01T15:00:00Z"),
                                   timeZone: participant.timeZone)
        let html = ConsentPages.record(participant: participant, records: [record], today: Fixtures.date("2026-03-02"),
                                       study: study, reader: .site(links, names: true))
        #expect(html.markup.contains("does not match the text below"))
        #expect(html.markup.contains("2026-03-01T10:00:00-05:00"))
        #expect(html.markup.contains("<path d=\"M1 1 L5 5\""))
    }

    @Test func theSitesConsentRecordOffersNoDownload() {
        let record = ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0", sha256: SHA256.hex("<p>Text</p>"),
                                   html: "<p>Text</p>", printedName: "Ada", signature: .drawn(pathData: "M1 1 L5 5"),
                                   signedAt: Fixtures.instant("2026-03-01T15:00:00Z"), timeZone: participant.timeZone)
        let html = ConsentPages.record(participant: participant, records: [record], today: Fixtures.date("2026-03-02"),
                                       study: study, reader: .site(links))
        #expect(!html.markup.contains("Download my data"))
    }

    @Test func theParticipantsOwnConsentRecordNamesThemAsTheySignedNotByTheStoresName() {
        let previewer = Participant(id: "preview", name: "Preview participant", timeZone: participant.timeZone,
                                    enrolledOn: Fixtures.date("2026-03-01"))
        let record = ConsentRecord(participantID: "preview", documentID: "recover", version: "1.0", sha256: SHA256.hex("<p>Text</p>"),
                                   html: "<p>Text</p>", printedName: "Alex Rivera", signature: .drawn(pathData: "M1 1 L5 5"),
                                   signedAt: Fixtures.instant("2026-03-01T15:00:00Z"), timeZone: participant.timeZone)
        let html = ConsentPages.record(participant: previewer, records: [record], today: Fixtures.date("2026-03-02"),
                                       study: study, reader: .preview).markup
        #expect(html.contains("<p class=\"day-meta\">Signed as <strong><bdi>Alex Rivera</bdi></strong></p>"))
        #expect(html.contains("<dt>Printed name</dt><dd><bdi>Alex Rivera</bdi></dd>"))
        #expect(!html.contains("Preview participant"))
        #expect(html.contains("<p class=\"record-actions no-print\">"), "the actions keep their distance from the text below")
    }

    @Test func aSignatureThatIsNotPathDataIsNotDrawn() {
        #expect(SignaturePath.isValid("M10 10 L20 20 Q1,2 3,4 z"))
        #expect(!SignaturePath.isValid("M1 1\"/><script>alert(1)</script>"))
        #expect(!SignaturePath.isValid("L1 1"))
        #expect(!SignaturePath.isValid(""))
    }

    @Test func textFromTheStoreIsEscaped() {
        let hostile = Participant(id: "p1", name: "<script>alert(1)</script>", timeZone: participant.timeZone,
                                  enrolledOn: participant.enrolledOn)
        let feed = ParticipantFeed(participant: hostile, tasks: CarePlan(study: study).tasks, outcomes: [],
                                   today: Fixtures.date("2026-03-02"))
        let html = FeedPage.render(feed.day(Fixtures.date("2026-03-02"), firstWeekday: 1), plan: CarePlan(study: study),
                                   reader: .site(SiteLinks(page: "participants/p1/feed/2026-03-02.html", feedDays: { _, _ in true }),
                                                 names: true))
        #expect(!html.markup.contains("<script>alert"))
        #expect(html.markup.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func answersReadAsTheCardShowsThem() {
        let outcome = checkIn(day: "2026-03-02", pain: 3, sleep: 7, id: 1)
        #expect(Format(language: .usEnglish).answers(outcome, task: study.task("checkIn"), study: study) == "Pain: 3 · Sleep: 7 hours")
        #expect(Format.label("rangeOfMotion") == "Range of motion")
        #expect(Format.withoutTrailingAside("Pain (0-10)") == "Pain")
        #expect(Format.withoutTrailingAside("痛み（0〜10） ") == "痛み")
        #expect(Format.withoutTrailingAside("Range (degrees) of motion") == "Range (degrees) of motion")
        #expect(Format.withoutTrailingAside("Sleep (hours) (last night)") == "Sleep (hours)")
        #expect(Format.withoutTrailingAside("Sleep") == "Sleep")
    }
}

@Suite struct FeedPageTests {
    @Test func dayPagesShowAnswersLockThePastDisableTheFutureAndLeaveRinglessDaysBare() throws {
        let study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
        let plan = CarePlan(study: study)
        let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-02")
        let onboarding = plan.tasks.first { $0.isOnboarding }!
        let joined = onboarding.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                from: participant.enrolledOn, to: participant.enrolledOn.adding(days: 1))[0]
        let checkIn = plan.tasks.first { $0.id == "checkIn" }!.timeline.events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
            to: participant.enrolledOn.adding(days: 1))[0]
        let outcomes = [
            Outcome(id: 1, participantID: "p1", taskID: onboarding.id, taskVersion: 1, occurrence: 0, eventDay: joined.day,
                    eventStart: joined.start, eventEnd: joined.end, values: [], createdAt: joined.start),
            Outcome(id: 2, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 0, eventDay: checkIn.day,
                    eventStart: checkIn.start, eventEnd: checkIn.end,
                    values: [OutcomeValue(kind: "pain", value: .integer(5)), OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours")],
                    createdAt: checkIn.start.addingTimeInterval(300)),
        ]
        let feed = plan.feed(for: participant, outcomes: outcomes, today: Fixtures.date("2026-03-03"))
        let links = SiteLinks(page: "participants/p1/feed/2026-03-02.html", feedDays: { _, day in day >= participant.enrolledOn })
        let past = FeedPage.render(feed.day(Fixtures.date("2026-03-02"), firstWeekday: 1), plan: plan, reader: .site(links))
        #expect(past.markup.contains("<p class=\"answers\">Pain: 5 · Sleep: 6.5 hours</p>"))
        #expect(past.markup.contains("class=\"card is-completed is-locked\""))
        #expect(past.markup.contains("class=\"card is-missed is-locked\""))
        // Clinicians are not told what a participant may not do.
        #expect(!past.markup.contains("Past days are locked"))
        let future = FeedPage.render(feed.day(Fixtures.date("2026-03-04"), firstWeekday: 1), plan: plan, reader: .site(links))
        #expect(future.markup.contains("class=\"card is-upcoming\""))
        #expect(future.markup.contains("<p class=\"status status-upcoming\">Scheduled for Wed, Mar 4 at 8:00 AM</p>"))
        #expect(!future.markup.contains("<form"))
        // Sunday March 1 is before enrollment: no events, so no ring at all.
        #expect(past.markup.contains("aria-label=\"Sunday, March 1: no tasks that count\"><span class=\"week-day\" aria-hidden=\"true\">"
                              + "<span class=\"day-name\">Su</span><span class=\"day-initial\">S</span></span>"
                              + "<svg class=\"ring\" viewBox=\"0 0 36 36\" width=\"36\" height=\"36\" aria-hidden=\"true\" focusable=\"false\">"
                              + "<text"))
    }
}

@Suite struct FormatTests {
    /// What `decimal` wrote when it went through printf: two decimals, then
    /// trailing zeros dropped.
    static func printed(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    @Test func decimalsMatchPrintfOnAnswersAndChartCoordinates() {
        let seed: UInt64 = 20_260_301
        var random = SeededGenerator(seed: seed)
        var values: [Double] = [0, -0.0, 1, -1, 7.5, 7.25, 94.24777960769379, 0.004, -0.004, 160, 1e9 + 0.5, 12.345678]
        values += (0...2000).map { Double($0) / 100 }  // every answer with two decimals up to 20
        values += (0..<20_000).map { _ in Double.random(in: -1000...1000, using: &random) }
        for value in values {
            // A value exactly halfway between hundredths may round either way; it is never an answer.
            let scaled = value * 100
            guard abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) > 1e-6 else { continue }
            #expect(Format(language: .usEnglish).decimal(value) == Self.printed(value), "\(value), drawn with seed \(seed)")
        }
    }
}
