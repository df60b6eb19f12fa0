import CareModel
import Foundation
import HTTP
import Server
import StudyModel
import Testing
import TestSupport

/// A pain of 8 or more on the morning check-in: the completion step opens
/// with "Please call us now", the note the alert names and the care team's
/// numbers, before anything else; a pain of 3 shows none of it, and an alert
/// on a score is not raised by a score too few answers leave unworked.
@Suite struct AlertTests {
    let server: ParticipantAppTests

    init() throws {
        server = try ParticipantAppTests(change: { study in
            guard let index = study.tasks.firstIndex(where: { $0.id == "checkIn" }) else { return }
            study.tasks[index].alerts = [TaskAlert(when: .answers(.atLeast(item: "pain", number: 8)), label: "Severe pain",
                                                   show: "when-to-call", notify: true)]
        })
        try server.onboard()
    }

    @Test func aSeverePainShowsWhoToCallFirstOnTheCompletionStep() throws {
        #expect(server.post("/tasks/checkIn/2", [("pain", "9"), ("sleep", "5")]).status == 303)
        let done = server.get("/tasks/checkIn/2/done").text
        let main = try #require(done.range(of: "<main")).upperBound
        let callUs = try #require(done.range(of: "<section class=\"call-us card\"", range: main..<done.endIndex))
        let completion = try #require(done.range(of: "<div class=\"completion\">"))
        #expect(callUs.lowerBound < completion.lowerBound, "who to call comes before the thanks")
        #expect(done.contains("<h2 id=\"call-us\">Please call us now</h2>"))
        #expect(done.contains("Thank you for telling us. We would like to hear how you are."))
        #expect(done.contains("href=\"/education/when-to-call\""))
        #expect(done.contains("href=\"tel:2125550142\""))
        #expect(!done.lowercased().contains("missed") && !done.lowercased().contains("urgent"))
    }

    @Test func aMildPainShowsNoneOfIt() throws {
        #expect(server.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")]).status == 303)
        #expect(!server.get("/tasks/checkIn/2/done").text.contains("call-us"))
    }

    @Test func aScoreAlertNeedsAWorkedOutScore() throws {
        let score = Score(id: "total", label: "Total", items: ["pain", "sleep"], method: .sum,
                          minAnswered: 2)
        var task = try #require(server.study.task("checkIn"))
        task.scores = [score]
        let low = TaskAlert(when: .score(id: "total", below: 5, above: nil), label: "Low", show: nil, notify: false)
        func outcome(_ values: [OutcomeValue]) -> Outcome {
            Outcome(id: 1, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 0,
                    eventDay: Fixtures.date("2026-03-07"), eventStart: Date(), eventEnd: Date(), values: values, createdAt: Date())
        }
        #expect(low.isRaised(by: outcome([OutcomeValue(kind: "pain", value: .integer(1)),
                                          OutcomeValue(kind: "sleep", value: .decimal(2))]), of: task))
        #expect(!low.isRaised(by: outcome([OutcomeValue(kind: "pain", value: .integer(1))]), of: task),
                "one answer of two is too few for the score")
        #expect(!low.isRaised(by: outcome([OutcomeValue(kind: "pain", value: .integer(6)),
                                           OutcomeValue(kind: "sleep", value: .decimal(7))]), of: task))
    }
}
