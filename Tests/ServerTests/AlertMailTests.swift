import CareModel
import CareStore
import Foundation
@testable import Server
import StudyModel
import Testing
import TestSupport

/// The e-mails alerts raise: kept in the store with the answer, sent from
/// there once, put off after a failure; each says the study, the study ID,
/// the alert and the day, and holds nothing a header could be made of.
@Suite struct AlertMailTests {
    let server: ParticipantAppTests
    let now = Fixtures.instant("2026-03-09T14:00:00Z")

    init() throws {
        server = try ParticipantAppTests(change: { study in
            guard let index = study.tasks.firstIndex(where: { $0.id == "checkIn" }) else { return }
            study.tasks[index].alerts = [TaskAlert(when: .answers(.atLeast(item: "pain", number: 8)), label: "Severe pain",
                                                   show: nil, notify: true)]
        })
    }

    func answer(_ occurrence: Int, mailing: [(alert: Int, label: String)]) throws -> Outcome {
        let event = ScheduledEvent(element: 0, occurrence: occurrence, version: 1, day: Fixtures.date("2026-03-09"),
                                   start: now, end: now.addingTimeInterval(3600), isAllDay: false, text: nil)
        return try server.store.addOutcome(NewOutcome(participantID: "p1", taskID: "checkIn", event: event,
                                                      values: [OutcomeValue(kind: "pain", value: .integer(9))]),
                                           at: now, mailing: mailing)
    }

    @Test func anAlertsMailIsKeptUntilSentAndSentOnce() throws {
        let store = server.store
        let outcome = try answer(2, mailing: [(0, "Severe pain")])
        let due = try store.dueAlertMail(at: now)
        #expect(due.map(\.outcomeID) == [outcome.id])
        #expect(due.first?.label == "Severe pain" && due.first?.participantID == "p1")
        try store.alertMailFailed(id: due[0].id, error: "relay down", retry: now.addingTimeInterval(5))
        #expect(try store.dueAlertMail(at: now).isEmpty, "put off after a failure")
        #expect(try store.nextAlertMailAttempt() == now.addingTimeInterval(5))
        #expect(try store.dueAlertMail(at: now.addingTimeInterval(5)).map(\.attempts) == [1])
        try store.alertMailSent(id: due[0].id, at: now.addingTimeInterval(6))
        #expect(try store.dueAlertMail(at: now.addingTimeInterval(3600)).isEmpty, "sent once, never again")
        #expect(try store.nextAlertMailAttempt() == nil)
    }

    @Test func theMessageNamesTheAlertAndNothingElse() throws {
        let outcome = try answer(2, mailing: [(0, "Starke Schmerzen\r\nBcc: everyone@example.org")])
        let mail = try #require(try server.store.dueAlertMail(at: now).first { $0.outcomeID == outcome.id })
        let text = AlertMailer.message(mail, .init(study: "Recover", sender: "carefeed@example.org",
                                                   recipient: "team@example.org", siteURL: nil), at: now)
        let (head, body) = try #require(text.range(of: "\r\n\r\n").map { (text[..<$0.lowerBound], text[$0.upperBound...]) })
        #expect(head.contains("\r\nSubject: [Recover] Starke Schmerzen  Bcc: everyone@example.org: p1\r\n"),
                "a line break in a label never starts a header")
        #expect(!head.contains("\r\nBcc:"))
        #expect(head.contains("\r\nDate: Mon, 09 Mar 2026 14:00:00 +0000\r\n"))
        #expect(body.contains("Participant: p1\r\nDay: 2026-03-09\r\n"))
        #expect(!body.contains("9 ") && !body.contains("Ada"), "no value, no name")
        #expect(AlertMailer.retryDelay(afterAttempts: 1) == 5 && AlertMailer.retryDelay(afterAttempts: 3) == 20
                && AlertMailer.retryDelay(afterAttempts: 30) == 900)
    }

    @Test func aValueNotSharedRaisesNoMailThoughTheParticipantSeesTheNote() throws {
        // Without a health grant the check-in's pain is not shared with the study team: no e-mail is
        // stored with the answer; the participant's own answer still raises the alert they see.
        let plan = try CarePlan(study: server.study, versions: try server.store.taskVersions())
        let task = try #require(server.study.task("checkIn"))
        let event = ScheduledEvent(element: 0, occurrence: 2, version: 1, day: Fixtures.date("2026-03-09"), start: now,
                                   end: now.addingTimeInterval(3600), isAllDay: false, text: nil)
        let pain = NewOutcome(participantID: "p1", taskID: "checkIn", event: event,
                              values: [OutcomeValue(kind: "pain", value: .integer(9))])
        let declined = [Fixtures.healthGrant(false, at: "2026-03-07T09:00:00Z")]
        #expect(TaskAnswers.mailing(pain, task: task, plan: plan, grants: declined).isEmpty)
        let granted = [Fixtures.healthGrant(true, at: "2026-03-07T09:00:00Z")]
        #expect(TaskAnswers.mailing(pain, task: task, plan: plan, grants: granted).map(\.label) == ["Severe pain"])
        let mild = NewOutcome(participantID: "p1", taskID: "checkIn", event: event,
                              values: [OutcomeValue(kind: "pain", value: .integer(3))])
        #expect(TaskAnswers.mailing(mild, task: task, plan: plan, grants: granted).isEmpty)
    }
}
