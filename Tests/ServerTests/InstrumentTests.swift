import CareModel
import CareStore
import Content
import Foundation
import HTTP
import Server
import Testing
import TestSupport
import StudyModel

/// Recover's knee function questionnaire on the server: the follow-up asked
/// only after "it locks", values of questions not asked never stored, the
/// follow-up asked on a page of its own without script, "prefer not to
/// answer" stored as itself, the score shown, and the questionnaire open
/// through its window. Participant p1 joined on March 7, today is March 9,
/// their surgery is on March 14: the first knee function event (March 7,
/// a week before it) is open until March 13.
@Suite struct InstrumentTests {
    let server: ParticipantAppTests

    init() throws {
        let recover = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let kneeFunction = try #require(recover.task("kneeFunction"))
        server = try ParticipantAppTests(change: {
            $0.tasks.append(kneeFunction)
            $0.dates = recover.dates
        })
        try server.store.setDate("surgery", to: LocalDate(iso: "2026-03-14")!, participantID: "p1", at: Date(), source: .invite)
        try server.onboard()
    }

    static let asked = ["painOften", "painStairs", "painNight", "stiffMorning", "stiffLater", "locking", "rising", "walking",
                        "socks", "trust"]

    static func answers(locking: String) -> [(String, String)] {
        [("painOften", "1"), ("painStairs", "2"), ("painNight", "preferNotToAnswer"), ("stiffMorning", "1"),
         ("stiffLater", "1"), ("locking", locking), ("rising", "1"), ("walking", "1"), ("socks", "2"), ("trust", "3")]
    }

    func stored() throws -> [OutcomeValue] {
        try server.store.outcomes(participantID: "p1").first { $0.taskID == "kneeFunction" }?.values ?? []
    }

    @Test func aValueSentForAQuestionNotAskedIsNeverStored() throws {
        let saved = server.post("/tasks/kneeFunction/0", Self.answers(locking: "no") + [("lockingOften", "daily")])
        #expect(saved.status == 303, "answered on the third day of its window")
        let values = try stored()
        #expect(values.map(\.kind) == Self.asked)
        #expect(!values.contains { $0.kind == "lockingOften" })
        #expect(values.first { $0.kind == "painNight" }?.value == .preferNotToAnswer)
        // 1 + 2 + 1 + 1 + 1 + 1 + 2 + (4 − 3), "prefer not to answer" left out: 10 over 8, 100 − 1.25 × 25.
        let done = server.get("/tasks/kneeFunction/0/done").text
        #expect(done.contains("<li class=\"score\">Knee function: 68.8 of 100 (higher is better)</li></ul>"))
        #expect(done.contains("<li>How much does it hurt in bed at night? Prefer not to answer</li>"))
        #expect(server.get("/feed/2026-03-09").text.contains("<p class=\"score\">Knee function: 68.8 of 100 (higher is better)</p>"))
    }

    @Test func withoutScriptTheFollowUpIsAskedOnANextPageBeforeAnythingIsSaved() throws {
        let first = server.post("/tasks/kneeFunction/0", [("asked", Self.asked.joined(separator: " "))] + Self.answers(locking: "yes"))
        #expect(first.status == 200)
        #expect(try stored().isEmpty, "nothing is saved before the follow-up is asked")
        let page = first.text
        #expect(page.contains("<h2 class=\"more-questions\">Just a few more questions, based on your answers.</h2>"))
        #expect(page.contains("<legend>How often does it catch or lock? <span class=\"required\">(required)</span></legend>"))
        #expect(!page.contains("How often does your knee hurt?"), "the questions answered are not asked again")
        #expect(page.contains("<input type=\"hidden\" name=\"painStairs\" value=\"2\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"asked\" value=\"\((Self.asked.prefix(6) + ["lockingOften"] + Self.asked.dropFirst(6)).joined(separator: " "))\">"))
        // The next page sends what was kept and the follow-up's answer.
        let all = (Self.asked.prefix(6) + ["lockingOften"] + Self.asked.dropFirst(6)).joined(separator: " ")
        #expect(server.post("/tasks/kneeFunction/0", [("asked", all)] + Self.answers(locking: "yes") + [("lockingOften", "weekly")])
            .status == 303)
        #expect(try stored().first { $0.kind == "lockingOften" }?.value == .text("weekly"))
    }

    @Test func aRequiredFollowUpMustBeAnsweredOnceAsked() throws {
        let all = (Self.asked.prefix(6) + ["lockingOften"] + Self.asked.dropFirst(6)).joined(separator: " ")
        let missing = server.post("/tasks/kneeFunction/0", [("asked", all)] + Self.answers(locking: "yes"))
        #expect(missing.status == 422)
        #expect(missing.text.contains("How often does it catch or lock? Please answer this question."))
        #expect(try stored().isEmpty)
    }

    @Test func tooFewAnswersGiveNoScoreAndSaySo() throws {
        let few = [("painOften", "1"), ("painStairs", "preferNotToAnswer"), ("painNight", "preferNotToAnswer"),
                   ("stiffMorning", "preferNotToAnswer"), ("stiffLater", "preferNotToAnswer"), ("locking", "no"),
                   ("rising", "preferNotToAnswer"), ("walking", "1"), ("socks", "1"), ("trust", "4")]
        #expect(server.post("/tasks/kneeFunction/0", few).status == 303)
        #expect(server.get("/tasks/kneeFunction/0/done").text.contains("<li class=\"score\">Knee function: not enough answers for a score</li>"))
    }

    @Test func anAnswerAndPreferNotToAnswerTogetherAreRefused() throws {
        let both = Self.answers(locking: "no").map { $0.0 == "painOften" ? ("painOften", "preferNotToAnswer") : $0 } + [("painOften", "2")]
        let refused = server.post("/tasks/kneeFunction/0", both)
        #expect(refused.status == 422)
        #expect(refused.text.contains("Choose an answer, or “Prefer not to answer”, but not both."))
    }

    @Test func theNextVisitIsNotOpenBeforeItsWindow() throws {
        let early = server.post("/tasks/kneeFunction/1", Self.answers(locking: "no"))
        #expect(early.status == 409)
        #expect(server.get("/feed/2026-03-09").text.contains("Open until Fri, Mar 13"))
    }
}
