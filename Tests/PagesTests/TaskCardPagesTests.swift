import CareModel
import Content
import Feed
import Foundation
@testable import Pages
import Testing
import TestSupport
import StudyModel

/// Recover's tap cards on the clinicians' site, drawn as the participant
/// sees them but read-only, and its doses a day on Insights.
@Suite struct TaskCardPagesTests {
    let plan: CarePlan
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")
    let today = Fixtures.date("2026-03-04")

    init() throws {
        plan = CarePlan(study: try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study))
    }

    func event(_ task: String, _ day: LocalDate, _ index: Int = 0) throws -> ScheduledEvent {
        let feedTask = try #require(plan.tasks.first { $0.id == task })
        return feedTask.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone, from: day,
                                        to: day.adding(days: 1))[index]
    }

    func tap(_ task: String, _ day: String, _ index: Int = 0, kind: String = "done", id: Int64) throws -> Outcome {
        let event = try event(task, Fixtures.date(day), index)
        return Outcome(id: id, participantID: participant.id, taskID: task, taskVersion: 1, occurrence: event.occurrence,
                       eventDay: event.day, eventStart: event.start, eventEnd: event.end,
                       values: [OutcomeValue(kind: kind, value: .boolean(true))], createdAt: event.start.addingTimeInterval(600))
    }

    func dose(_ day: String, _ number: Int, at time: String, id: Int64) throws -> Outcome {
        let date = Fixtures.date(day)
        let instant = participant.timeZone.instant(of: date, at: LocalTime(time)!)
        let logged = LogEntries.event(offered: try event("painMedicine", date), at: instant)
        return Outcome(id: id, participantID: participant.id, taskID: "painMedicine", taskVersion: 1,
                       occurrence: logged.occurrence, entry: number,
                       eventDay: date, eventStart: logged.start, eventEnd: logged.end,
                       values: [OutcomeValue(kind: "logged", value: .boolean(true))], createdAt: instant)
    }

    var outcomes: [Outcome] {
        get throws {
            [try tap("onboarding", "2026-03-01", id: 1), try tap("exercises", "2026-03-03", id: 2),
             try tap("iceKnee", "2026-03-03", 1, id: 3), try dose("2026-03-03", 0, at: "09:15", id: 4),
             try dose("2026-03-03", 1, at: "16:40", id: 5)]
        }
    }

    func sitePage(_ day: String, sharing: Sharing = .everything) throws -> String {
        let feed = plan.feed(for: participant, outcomes: try outcomes, today: today)
        let path = "participants/p1/feed/\(day).html"
        return FeedPage.render(feed.day(Fixtures.date(day), firstWeekday: 1), plan: plan, reader: .site(SiteLinks(page: path, feedDays: { _, _ in true }), sharing: sharing)).markup
    }

    @Test func theSiteShowsEachCardReadOnlyAsTheParticipantSawIt() throws {
        let page = try sitePage("2026-03-03")
        #expect(!page.contains("<form"))
        #expect(!page.contains("<button"))
        #expect(page.contains("<span class=\"tap-mark is-done\" aria-hidden=\"true\"></span><span class=\"tap-label\">Done at 12:10 AM</span>"),
                "the exercises, done ten minutes into their all-day event, said once")
        #expect(page.components(separatedBy: "Done at 12:10 AM").count == 2)
        #expect(page.contains("<p class=\"status\">1 of 3 done</p>"))
        #expect(page.components(separatedBy: "<span class=\"box is-done\"").count == 2)
        #expect(page.contains("<span class=\"visually-hidden\">: not done</span>"))
        #expect(!page.contains("box-note\">not done"), "the count says it; no box repeats it")
        #expect(page.contains("<p class=\"status\">2 entries logged this day</p>"))
        #expect(page.contains("<article class=\"card task-card is-log is-locked\" aria-labelledby=\"card-painMedicine-2\">"),
                "a log with entries is not drawn as a task completed")
        #expect(page.contains("Logged at <time datetime=\"2026-03-03T14:15:00.000Z\">9:15 AM</time>"))
        #expect(page.contains("Logged at <time datetime=\"2026-03-03T21:40:00.000Z\">4:40 PM</time>"))
        #expect(page.contains("href=\"../../../care-team.html\">Care team</a>"))
        let quiet = try sitePage("2026-03-02")
        #expect(quiet.contains("<article class=\"card task-card is-log is-locked\" aria-labelledby=\"card-painMedicine-1\">"))
        #expect(quiet.contains("Nothing logged this day"))
    }

    @Test func aLogNotSharedShowsNoEntries() throws {
        let page = try sitePage("2026-03-03", sharing: Sharing(withheld: ["painMedicine"]))
        #expect(!page.contains("Logged at"))
        #expect(page.contains("Not shared: the participant chose not to share this with the study team."))
        #expect(page.contains("1 of 3 done"), "the icing is shared")
    }

    func dosesSection(_ outcomes: [Outcome]) throws -> String {
        let page = InsightsPage.render(participant: participant, outcomes: outcomes, day: today, today: today, plan: plan,
                                       reader: .site(SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true }))).markup
        return try #require(page.components(separatedBy: "<h2 id=\"chart-2\">Pain and pain medicine</h2>").last)
    }

    func row(_ day: String, in section: String) throws -> String {
        let start = try #require(section.range(of: "<th scope=\"row\">\(day)</th>"))
        return String(section[start.upperBound...].prefix { $0 != "\n" })
    }

    @Test func insightsCountTheDosesOfADayTheParticipantWasActiveAZeroIncluded() throws {
        let section = try dosesSection(try outcomes)
        #expect(section.contains(">Doses of pain medicine (a day)</text>"))
        #expect(section.contains("<title>Tue, Mar 3: Doses of pain medicine 2</title>"))
        #expect(try row("Tue, Mar 3", in: section).contains("<td data-label=\"Doses of pain medicine\">2</td>"))
        #expect(try row("Sun, Mar 1", in: section).contains("<td data-label=\"Doses of pain medicine\">0</td>"),
                "the participant joined that day and logged no dose: a real zero")
    }

    @Test func aSilentDayIsAGapInTheDosesNotAZero() throws {
        let section = try dosesSection(try outcomes)
        #expect(try row("Mon, Mar 2", in: section).contains("<td data-label=\"Doses of pain medicine\" class=\"no-answer\">No answer</td>"),
                "no answer of any kind that day says nothing about doses")
        #expect(!section.contains("<title>Mon, Mar 2: Doses of pain medicine 0</title>"))
    }

    @Test func todayHasNoDoseCountUntilOneIsLoggedThenACountSoFar() throws {
        let open = try dosesSection(try outcomes)
        #expect(try row("Wed, Mar 4", in: open).contains("<td data-label=\"Doses of pain medicine\"></td>"))
        #expect(!open.contains("<title>Wed, Mar 4: Doses of pain medicine 0</title>"))
        let logged = try dosesSection(try outcomes + [try dose("2026-03-04", 0, at: "07:30", id: 6)])
        #expect(try row("Wed, Mar 4", in: logged).contains("<td data-label=\"Doses of pain medicine\">1 so far</td>"))
        #expect(logged.contains("<title>Wed, Mar 4: Doses of pain medicine 1 so far</title>"))
    }

    @Test func theFeaturedNoteIsForTheParticipantNotTheClinicians() throws {
        let site = InsightsPage.render(participant: participant, outcomes: try outcomes, day: today, today: today, plan: plan,
                                       reader: .site(SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true }))).markup
        #expect(!site.contains("class=\"featured\""))
        let own = InsightsPage.render(participant: participant, outcomes: try outcomes, day: today, today: today, plan: plan,
                                      reader: .preview).markup
        #expect(own.contains("<a class=\"featured\" href=\"/education/meniscus\">"))
    }

    @Test func chartsOfAParticipantWhoHasNotChosenToShareNeverSayTheyDeclined() throws {
        let undecided = Sharing(plan: plan, participantID: participant.id, grants: [])
        let page = InsightsPage.render(participant: participant, outcomes: [], day: today, today: today, plan: plan,
                                       reader: .site(SiteLinks(page: "participants/p1/insights.html", feedDays: { _, _ in true }),
                                                     sharing: undecided)).markup
        #expect(page.contains("Not chosen yet: Pain (0-10)"))
        #expect(page.contains("has not yet answered whether to share these answers"))
        #expect(!page.contains("chose not to share"))
    }
}
