import CareModel
import Feed
import Foundation
import Markup
import Testing
import TestSupport
import StudyModel

/// Which days' answers may change: today only, once joined, and never while
/// a newer consent waits or after withdrawal.
@Suite struct AnswerGateTests {
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    let onboarding = PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                                 timeline: ScheduleTimeline(Fixtures.dailyAtEight))
    let checkIn = PlannedTask(id: "checkIn", title: "Check in", timeline: ScheduleTimeline(Fixtures.dailyAtEight))

    func feed(joined: Bool) -> ParticipantFeed {
        let start = Fixtures.instant("2026-03-01T13:00:00Z")
        let joining = Outcome(id: 1, participantID: participant.id, taskID: "onboarding", taskVersion: 1, occurrence: 0,
                              eventDay: participant.enrolledOn, eventStart: start, eventEnd: start.addingTimeInterval(3600),
                              values: [], createdAt: start)
        return ParticipantFeed(participant: participant, tasks: [onboarding, checkIn], outcomes: joined ? [joining] : [],
                               today: Fixtures.date("2026-03-04"))
    }

    @Test func onlyTodayMayChangeOnceJoined() {
        let feed = feed(joined: true)
        #expect(AnswerGate.refusal(changing: Fixtures.date("2026-03-04"), feed: feed, standing: .active) == nil)
        #expect(AnswerGate.refusal(changing: Fixtures.date("2026-03-03"), feed: feed, standing: .active) == .dayLocked)
        #expect(AnswerGate.refusal(changing: Fixtures.date("2026-03-05"), feed: feed, standing: .active) == .notOpenYet)
    }

    @Test func nothingChangesBeforeJoiningNorWhileANewConsentWaitsNorAfterWithdrawal() {
        let today = Fixtures.date("2026-03-04")
        #expect(AnswerGate.refusal(changing: today, feed: feed(joined: false), standing: .enrolled) == .notJoined)
        #expect(AnswerGate.refusal(changing: today, feed: feed(joined: true),
                                   standing: .reconsentPending(document: "recover", signed: "1.0", current: "2.0"))
                == .reconsentPending)
        #expect(AnswerGate.refusal(changing: today, feed: feed(joined: true),
                                   standing: .withdrawn(day: today, at: Fixtures.instant("2026-03-04T15:00:00Z")))
                == .withdrawn)
    }
}
