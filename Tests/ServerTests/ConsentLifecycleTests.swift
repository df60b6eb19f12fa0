import CareModel
import CareStore
import Content
import Feed
import Foundation
import HTTP
import Markup
import Server
import Support
import Testing
import TestSupport
import StudyModel

/// Re-consent and withdrawal on the participant's server.
extension ParticipantAppTests {
    /// The study as if the team had published version 2.0 of the consent.
    func publishVersionTwo() throws -> ConsentDocument {
        var edited = study
        var document = try #require(edited.consentDocument("recover"))
        document.version = "2.0"
        document.html = HTML(trusted: document.html.markup + "<p>We now also ask about swelling.</p>\n")
        document.sha256 = SHA256.hex(document.html.markup)
        edited.consentDocuments = [document]
        let plan = try CarePlan(study: edited, versions: try store.taskVersions())
        app.update { $0.plan = plan }
        return document
    }

    @Test func aNewConsentVersionGatesTheParticipantUntilTheySignIt() throws {
        try onboard()
        let document = try publishVersionTwo()
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("The consent form has changed"))
        #expect(feed.contains("href=\"/reconsent\""))
        #expect(!feed.contains("href=\"/tasks/checkIn/2\""), "only the re-consent card")
        let refused = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        #expect(refused.status == 409)
        #expect(try store.outcomes(participantID: "p1").map(\.taskID) == ["onboarding"])

        let form = get("/reconsent").text
        #expect(form.contains("Version 2.0, which replaces the version 1.1 you signed"))
        #expect(form.contains("We now also ask about swelling."))
        #expect(post("/reconsent", [("printedName", "Ada Lovelace"), ("signature", "M")]).status == 422)
        #expect(post("/reconsent", [("printedName", "Ada Lovelace"), ("signature", Self.drawing)]).header("Location")
                == "/reconsent/review")
        // To the record, whose first button keeps a copy of what was just signed.
        #expect(post("/reconsent/review", [("sha256", document.sha256)]).header("Location") == "/consent")
        #expect(try store.consentRecords(participantID: "p1").map(\.version) == ["1.1", "2.0"], "both records are kept")
        #expect(get("/feed/2026-03-09").text.contains("href=\"/tasks/checkIn/2\""))
        #expect(post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")]).status == 303)
    }

    @Test func aWithdrawalIsConfirmedRecordedOnceAndStopsEveryTask() throws {
        try onboard()
        #expect(get("/consent").text.contains("href=\"/withdraw\""))
        let page = get("/withdraw").text
        #expect(page.contains("Leaving the study"))
        #expect(page.contains("name=\"reason\""))
        let unconfirmed = post("/withdraw", [("reason", "Too tired")])
        #expect(unconfirmed.status == 422)
        #expect(unconfirmed.text.contains("Too tired"), "the reason typed is kept")
        #expect(try store.withdrawals(participantID: "p1").isEmpty)

        #expect(post("/withdraw", [("reason", "Too tired"), ("confirm", "yes")]).header("Location") == "/feed/2026-03-09")
        #expect(post("/withdraw", [("confirm", "yes")]).status == 303)
        let withdrawals = try store.withdrawals(participantID: "p1")
        #expect(withdrawals.map(\.reason) == ["Too tired"])
        let feed = get("/feed/2026-03-09").text
        #expect(feed.contains("You have left the study"))
        #expect(!feed.contains("href=\"/tasks/checkIn/2\""))
        let task = post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")])
        #expect(task.status == 409)
        #expect(task.text.contains("You have left the study"))
        #expect(try store.outcomes(participantID: "p1").map(\.taskID) == ["onboarding"])
        let record = get("/consent").text
        #expect(record.contains("Withdrew from the study on "))
        #expect(record.contains("Reason given: \u{201C}\u{2068}Too tired\u{2069}\u{201D}"), "the participant reads their own words")
        #expect(!record.contains("href=\"/withdraw\""))
    }

    @Test func withdrawingBeforeJoiningIsRefused() throws {
        #expect(post("/withdraw", [("confirm", "yes")]).status == 409)
        #expect(try store.withdrawals().isEmpty)
    }
}
