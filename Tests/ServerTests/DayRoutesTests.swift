import Assets
import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Server
import Testing
import TestSupport
import StudyModel

/// The routes around a day's answers: the completion step after saving,
/// the question before deleting, and the schedule as a calendar file.
/// Recover's participant p1 joined on March 7; today is March 9, check-in
/// occurrence 2.
@Suite struct DayRoutesTests {
    let server: ParticipantAppTests

    init() throws {
        server = try ParticipantAppTests()
        try server.onboard()
    }

    func checkIns(includeDeleted: Bool = false) throws -> [Outcome] {
        try server.store.outcomes(participantID: "p1", includeDeleted: includeDeleted).filter { $0.taskID == "checkIn" }
    }

    @Test func savingLeadsToTheTasksCompletionStep() throws {
        let saved = server.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7.5")])
        #expect(saved.status == 303)
        #expect(saved.header("Location") == "/tasks/checkIn/2/done")
        let done = server.get("/tasks/checkIn/2/done")
        #expect(done.status == 200)
        #expect(done.text.contains("<h1>Thank you</h1>"))
        #expect(done.text.contains("If your pain is much worse than usual, or you are worried, call your surgeon&#39;s office."))
        #expect(done.text.contains("<li>Pain: 3</li><li>Sleep: 7.5 hours</li>"))
        #expect(done.text.contains("<a class=\"button\" href=\"/feed/2026-03-09\">Back to today</a>"))
        // The same answers sent again are answered as the first were.
        #expect(server.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7.5")]).header("Location") == "/tasks/checkIn/2/done")
    }

    @Test func theCompletionStepOfAnEventNotAnsweredLeadsToItsSurvey() throws {
        #expect(server.get("/tasks/checkIn/2/done").header("Location") == "/tasks/checkIn/2")
        #expect(server.get("/tasks/checkIn/3/done").header("Location") == "/tasks/checkIn/3", "tomorrow's survey says it is not open")
        #expect(server.get("/tasks/checkIn/99999/done").status == 404)
        #expect(server.get("/tasks/onboarding/0/done").status == 404)
    }

    @Test func aTaskWithoutACompletionStepGoesBackToTheFeed() throws {
        let plain = try ParticipantAppTests(change: { study in
            for index in study.tasks.indices where !study.tasks[index].isOnboarding {
                study.tasks[index].survey.removeAll { if case .completion = $0 { true } else { false } }
            }
        })
        try plain.onboard()
        #expect(plain.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")]).header("Location") == "/feed/2026-03-09")
        #expect(plain.get("/tasks/checkIn/2/done").header("Location") == "/feed/2026-03-09")
    }

    @Test func deletingAsksFirstAndTheQuestionChangesNothing() throws {
        _ = server.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        let feed = server.get("/feed/2026-03-09").text
        #expect(feed.contains("href=\"/tasks/checkIn/2/delete\">Delete and answer again"))
        let audit = try server.store.auditLog().count
        let ask = server.get("/tasks/checkIn/2/delete")
        #expect(ask.status == 200)
        #expect(ask.text.contains("<h1>Delete these answers?</h1>"))
        #expect(ask.text.contains("Pain: 3 · Sleep: 7 hours"))
        #expect(ask.text.contains("<form method=\"post\" action=\"/tasks/checkIn/2/delete\" class=\"confirm-delete\">\n"
                                  + "<input type=\"hidden\" name=\"csrf\" value=\"\(server.token)\">"))
        #expect(ask.text.contains("href=\"/feed/2026-03-09\">Cancel, keep them</a>"))
        #expect(try checkIns().count == 1)
        #expect(try server.store.auditLog().count == audit, "asking records nothing")

        #expect(server.post("/tasks/checkIn/2/delete", [], token: "forged").status == 403)
        #expect(try checkIns().count == 1)
        #expect(server.post("/tasks/checkIn/2/delete", []).header("Location") == "/feed/2026-03-09")
        #expect(try checkIns().isEmpty)
        #expect(try checkIns(includeDeleted: true).count == 1)
        #expect(server.get("/tasks/checkIn/2/delete").header("Location") == "/feed/2026-03-09", "nothing left to delete")
    }

    @Test func askingToDeleteAPastDaysAnswersIsRefused() throws {
        #expect(server.get("/tasks/checkIn/1/delete").status == 409)
        #expect(server.get("/tasks/checkIn/1/delete").text.contains("This day is locked"))
    }

    @Test func theCalendarHoldsTheNextEightWeeksWithAReminderOnEach() throws {
        let response = server.get("/calendar.ics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"reminders-p1.ics\"")
        let text = response.text
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nPRODID:-//CareFeed//Recover//EN\r\nVERSION:2.0\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        // Check-ins and exercises from March 9 to April 17, when six weeks from joining
        // end; range of motion daily to March 13, then March 14, 21 and 28; icing three
        // times a day to March 20, when two weeks end. The pain medicine log is offered,
        // not scheduled, and has no reminders.
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 40 + 40 + 8 + 12 * 3)
        #expect(text.components(separatedBy: "BEGIN:VALARM").count - 1 == 124)
        #expect(!text.contains("painMedicine"))
        #expect(!text.contains("onboarding"))
        #expect(text.contains("UID:p1-checkIn-2@carefeed\r\n"))
        #expect(text.contains("DTSTART;TZID=America/New_York:20260309T080000\r\nDTEND;TZID=America/New_York:20260309T090000\r\n"))
        #expect(text.contains("UID:p1-rangeOfMotion-2@carefeed\r\nDTSTAMP:"))
        #expect(text.contains("DTSTART;VALUE=DATE:20260309\r\nDTEND;VALUE=DATE:20260310\r\n"))
        #expect(text.contains("TZID:America/New_York\r\nBEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\n"
                              + "TZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE"))
        #expect(server.get("/feed/2026-03-09").text.contains("href=\"/calendar.ics\" download>"))
    }

    @Test func aParticipantWhoWithdrewGetsNoEvents() throws {
        _ = server.get("/withdraw")
        #expect(server.post("/withdraw", [("confirm", "yes")]).status == 303)
        let text = server.get("/calendar.ics").text
        #expect(text.contains("BEGIN:VCALENDAR"))
        #expect(!text.contains("BEGIN:VEVENT"))
    }

    @Test func thePermissionsStepOffersTheCalendarAndAsksTheBrowserForNothing() throws {
        let fresh = try ParticipantAppTests()
        #expect(fresh.post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", ParticipantAppTests.drawing)]).status == 303)
        #expect(fresh.post("/onboarding/3/review", [("sha256", fresh.signedDocument)]).status == 303)
        let page = fresh.get("/onboarding/4").text
        #expect(page.contains("<a class=\"button button-secondary\" href=\"/calendar.ics\" download>Add reminders to my calendar</a>"))
        #expect(!page.contains("data-permission-kind=\"notifications\""))
        #expect(!page.contains("data-permission-kind=\"motion\""))
    }
}
