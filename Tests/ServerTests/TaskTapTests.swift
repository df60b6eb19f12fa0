import CareModel
import CareStore
import Foundation
import HTTP
import Server
import Testing
import StudyModel

/// One-tap cards on the server: the simple task done and undone, the
/// checklist's boxes each their own occurrence, a log's entries each an
/// outcome, a tap sent twice stored once; today only, with the form token.
/// Enrolled on March 7, today is March 9: day 2 of the study.
extension ParticipantAppTests {
    func live(_ task: String) throws -> [Outcome] {
        try store.outcomes(participantID: "p1").filter { $0.taskID == task }
    }

    @Test func theFeedOffersEachTapAsAFormWithTheToken() throws {
        try onboard()
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("<form method=\"post\" action=\"/tasks/exercises/2/check\" class=\"tap-form\">"
                              + "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\"><input type=\"hidden\" name=\"done\" value=\"yes\">"))
        for occurrence in 6...8 {
            #expect(feed.contains("action=\"/tasks/iceKnee/\(occurrence)/check\""), "box \(occurrence)")
        }
        #expect(feed.contains("<form method=\"post\" action=\"/tasks/painMedicine/log\" class=\"tap-form\">"
                              + "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\"><input type=\"hidden\" name=\"entry\" value=\"0\">"))
        #expect(feed.contains("<button type=\"submit\" class=\"button\" data-busy-label=\"Logging…\">Log a dose</button>"),
                "a quick second tap cannot send the form again")
        #expect(feed.contains("<script src=\"/assets/js/busy.js\"></script>"))
        #expect(feed.contains("<span class=\"tap-label\">Mark as done<span class=\"visually-hidden\">: Do your knee exercises</span>"))
        #expect(!feed.contains("Tap the card"))
        #expect(feed.contains("href=\"/care-team\""))
        #expect(!get("/feed/2026-03-08").text.contains("tap-form"), "a past day has no forms")
    }

    @Test func oneTapCompletesASimpleTaskWithItsTimeAndASecondUndoesIt() throws {
        try onboard()
        #expect(post("/tasks/exercises/2/check", [("done", "yes")]).header("Location") == "/feed/2026-03-09#card-exercises-2",
                "back to the card tapped")
        let done = try live("exercises")
        #expect(done.map(\.values) == [[OutcomeValue(kind: "done", value: .boolean(true))]])
        #expect(done.map(\.occurrence) == [2])
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("aria-pressed=\"true\""))
        #expect(feed.contains("<span class=\"tap-label\">Done at "))
        #expect(feed.contains(">Tap again to undo</p>"))
        #expect(!feed.contains("Mark as done<span class=\"visually-hidden\">: Do your knee exercises"))
        #expect(feed.contains("<input type=\"hidden\" name=\"done\" value=\"no\">"))
        #expect(post("/tasks/exercises/2/check", [("done", "no")]).status == 303)
        #expect(try live("exercises").isEmpty)
        let all = try store.outcomes(participantID: "p1", includeDeleted: true).filter { $0.taskID == "exercises" }
        #expect(all.count == 1 && all[0].isDeleted, "undone with a tombstone")
        #expect(post("/tasks/exercises/2/check", [("done", "yes")]).status == 303)
        #expect(try live("exercises").count == 1, "done again after the undo")
    }

    @Test func aTapSentTwiceIsStoredOnceAndAnUndoSentTwiceUndoesOnce() throws {
        try onboard()
        #expect(post("/tasks/exercises/2/check", [("done", "yes")]).status == 303)
        #expect(post("/tasks/exercises/2/check", [("done", "yes")]).status == 303)
        #expect(try live("exercises").count == 1)
        #expect(post("/tasks/exercises/2/check", [("done", "no")]).status == 303)
        #expect(post("/tasks/exercises/2/check", [("done", "no")]).status == 303)
        #expect(try store.outcomes(participantID: "p1", includeDeleted: true).filter { $0.taskID == "exercises" }.count == 1)
        #expect(post("/tasks/exercises/2/check", []).status == 422, "a tap must say what it means")
        #expect(post("/tasks/painMedicine/log", [("entry", "-1")]).status == 422)
    }

    @Test func eachBoxOfTheChecklistIsItsOwnOccurrence() throws {
        try onboard()
        #expect(post("/tasks/iceKnee/7/check", [("done", "yes")]).header("Location") == "/feed/2026-03-09#card-iceKnee-6",
                "the checklist's card is named by its first box")
        let ice = try live("iceKnee")
        #expect(ice.map(\.occurrence) == [7])
        #expect(ice[0].eventStart == study.timeZone.instant(of: today, at: LocalTime("14:00")!), "the 2 PM box")
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("1 of 3 done"))
        #expect(feed.components(separatedBy: "class=\"box-button\" aria-pressed=\"true\"").count == 2)
        #expect(post("/tasks/iceKnee/6/check", [("done", "yes")]).status == 303)
        #expect(post("/tasks/iceKnee/7/check", [("done", "no")]).status == 303)
        #expect(try live("iceKnee").map(\.occurrence) == [6])
    }

    @Test func twoLogEntriesAreTwoOutcomesEachWithItsTimeAndARepeatedFormStoresOnce() throws {
        try onboard()
        #expect(post("/tasks/painMedicine/log", [("entry", "0")]).header("Location") == "/feed/2026-03-09#card-painMedicine-2")
        #expect(post("/tasks/painMedicine/log", [("entry", "0")]).status == 303, "the same form twice")
        #expect(try live("painMedicine").count == 1)
        #expect(get("/feed/2026-03-09").text.contains("name=\"entry\" value=\"1\""), "the next form numbers the next entry")
        #expect(post("/tasks/painMedicine/log", [("entry", "1")]).status == 303)
        let entries = try live("painMedicine")
        #expect(entries.map(\.occurrence) == [2, 2], "today's occurrence of the log")
        #expect(entries.map(\.entry) == [0, 1])
        #expect(entries.allSatisfy { $0.eventDay == today && $0.eventStart == $0.eventEnd })
        #expect(entries.map(\.values) == Array(repeating: [OutcomeValue(kind: "logged", value: .boolean(true))], count: 2))
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("2 entries logged today"))
        #expect(feed.components(separatedBy: "Logged at <time").count == 3)
        #expect(post("/tasks/painMedicine/2/check", [("done", "no"), ("entry", "0")]).status == 303,
                "an entry logged by mistake is removed")
        #expect(try live("painMedicine").map(\.entry) == [1])
    }

    @Test func aLogEntryNumberedOutOfTurnOrNotANumberIsRefusedAndStoresNothing() throws {
        try onboard()
        #expect(post("/tasks/painMedicine/log", [("entry", "0")]).status == 303)
        let skipped = post("/tasks/painMedicine/log", [("entry", "5")])
        #expect(skipped.status == 409)
        #expect(skipped.text.contains("This page was out of date, so nothing was saved."))
        for malformed in ["", "one", "-1", "1.5"] {
            #expect(post("/tasks/painMedicine/log", [("entry", malformed)]).status == 422, "entry=\(malformed)")
        }
        #expect(post("/tasks/painMedicine/log", []).status == 422, "no entry")
        #expect(try live("painMedicine").map(\.entry) == [0])
    }

    @Test func tapsForAnyDayButTodayAreRefusedAndChangeNothing() throws {
        try onboard()
        let past = post("/tasks/iceKnee/3/check", [("done", "yes")])
        #expect(past.status == 409)
        #expect(past.text.contains("This day is locked"))
        #expect(post("/tasks/exercises/3/check", [("done", "yes")]).status == 409, "tomorrow")
        #expect(try live("iceKnee").isEmpty && live("exercises").isEmpty)
        #expect(post("/tasks/checkIn/2/check", [("done", "yes")]).status == 404, "a survey is answered, not tapped")
        #expect(post("/tasks/exercises/log", []).status == 404, "only a log takes entries")
        #expect(get("/tasks/exercises/2").status == 404, "a task without a survey has no form to open")
    }

    @Test func aTapWithoutTheFormTokenIsRefused() throws {
        try onboard()
        #expect(post("/tasks/exercises/2/check", [("done", "yes")], token: "forged").status == 403)
        #expect(post("/tasks/painMedicine/log", [("entry", "0")], token: "").status == 403)
        #expect(try live("exercises").isEmpty && live("painMedicine").isEmpty)
    }

    @Test func beforeJoiningAndAfterWithdrawingNoTapIsStored() throws {
        #expect(post("/tasks/painMedicine/log", [("entry", "0")]).status == 409)
        try onboard()
        #expect(post("/withdraw", [("confirm", "yes")]).status == 303)
        let refused = post("/tasks/exercises/2/check", [("done", "yes")])
        #expect(refused.status == 409)
        #expect(refused.text.contains("You have left the study"))
        #expect(post("/tasks/painMedicine/log", [("entry", "0")]).status == 409)
        #expect(try live("painMedicine").isEmpty && live("exercises").isEmpty)
    }

    @Test func theCareTeamPageCallsAndWritesEachContact() throws {
        let page = get("/care-team")
        #expect(page.status == 200)
        #expect(page.text.contains("<a class=\"button contact-call\" href=\"tel:2125550142\" aria-label=\"Surgeon&#39;s office: Call"))
        #expect(page.text.contains("aria-label=\"Physiotherapy: Email \u{2068}physio@example.org\u{2069}\"><span>Email "
                                   + "<bdi dir=\"ltr\">physio@example.org</bdi></span></a>"))
        #expect(page.text.contains("href=\"tel:+12125550199\""))
        #expect(page.text.contains("href=\"mailto:physio@example.org\""))
        #expect(page.text.contains("<a href=\"/care-team\" aria-current=\"page\">Care team</a>"))
        #expect(get("/insights").text.contains("<a href=\"/care-team\">Care team</a>"))
        for path in ["/onboarding/1", "/nothing"] {
            #expect(get(path).text.contains("<a href=\"/care-team\">Care team</a></p></footer>"), "\(path): in the footer of every page")
        }
    }
}
