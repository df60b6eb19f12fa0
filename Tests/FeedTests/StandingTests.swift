import CareModel
import Content
import Feed
import Foundation
import Markup
import Testing
import TestSupport
import StudyModel

/// Where a participant stands, one answer for every page, gate and export,
/// and what a withdrawal does to their feed.
@Suite struct StandingTests {
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    let checkIn = PlannedTask(id: "checkIn", title: "Check in", impactsAdherence: true, isOnboarding: false,
                              timeline: ScheduleTimeline(Fixtures.dailyAtEight))

    func standing(_ records: [ConsentRecord], _ documents: [ConsentDocument], withdrawal: Withdrawal? = nil,
                  tasks: [PlannedTask]? = nil) -> Standing {
        let feed = ParticipantFeed(participant: participant, tasks: tasks ?? [checkIn], outcomes: [],
                                   today: Fixtures.date("2026-03-04"), withdrawal: withdrawal)
        return Standing(feed: feed, records: records, documents: documents, withdrawal: withdrawal)
    }

    func document(_ version: String) -> ConsentDocument {
        ConsentDocument(id: "recover", title: "Consent", version: version, summary: nil, html: HTML(trusted: "<p>v\(version)</p>"),
                        sha256: String(repeating: "b", count: 64), file: "consent/recover.md")
    }

    func signed(_ version: String) -> ConsentRecord {
        ConsentRecord(participantID: participant.id, documentID: "recover", version: version,
                      sha256: String(repeating: "b", count: 64), html: HTML(trusted: "<p>v\(version)</p>"),
                      printedName: "Ada", signature: .typed(name: "Ada"), signedAt: Fixtures.instant("2026-03-01T14:00:00Z"),
                      timeZone: participant.timeZone)
    }

    @Test func aParticipantWhoSignedTheCurrentVersionIsActive() {
        #expect(standing([signed("1.0")], [document("1.0")]) == .active)
        #expect(standing([], [document("1.0")]) == .enrolled)
    }

    @Test func aNewVersionLeavesThoseWhoSignedTheOldOnePendingUntilTheySign() {
        #expect(standing([signed("1.0")], [document("2.0")]) == .reconsentPending(document: "recover", signed: "1.0", current: "2.0"))
        #expect(standing([signed("1.0"), signed("2.0")], [document("2.0")]) == .active)
    }

    @Test func aWithdrawalWinsAndIsDatedInTheParticipantsZone() {
        // 02:30 UTC on March 5 is still March 4 in New York.
        let withdrawal = Withdrawal(participantID: participant.id, withdrawnAt: Fixtures.instant("2026-03-05T02:30:00Z"))
        #expect(standing([signed("1.0")], [document("2.0")], withdrawal: withdrawal)
                == .withdrawn(day: Fixtures.date("2026-03-04"), at: withdrawal.withdrawnAt))
    }

    @Test func aParticipantPastTheirLastEventHasFinishedAndOneSignedButNotThroughOnboardingHasConsented() {
        let once = PlannedTask(id: "visit", title: "Visit", impactsAdherence: true, isOnboarding: false,
                               timeline: ScheduleTimeline(Schedule([ScheduleElement(interval: nil, time: .allDay)])))
        #expect(standing([signed("1.0")], [document("1.0")], tasks: [once]) == .finished)
        let onboarding = PlannedTask(id: "onboarding", title: "Join", impactsAdherence: false, isOnboarding: true,
                                     timeline: ScheduleTimeline(Fixtures.dailyAtEight))
        #expect(standing([signed("1.0")], [document("1.0")], tasks: [onboarding, checkIn]) == .consented)
        #expect(Standing.names == ["enrolled", "consented", "active", "re-consent pending", "finished", "withdrawn"])
    }

    @Test func fromTheDayOfAWithdrawalOnlyAnsweredCardsRemainAndNothingIsEditable() {
        let task = PlannedTask(id: "checkIn", title: "Check in", impactsAdherence: true, isOnboarding: false,
                            timeline: ScheduleTimeline(Fixtures.dailyAtEight))
        let events = task.timeline.events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                          from: participant.enrolledOn, to: Fixtures.date("2026-03-10"))
        let answered = Outcome(id: 1, participantID: participant.id, taskID: "checkIn", taskVersion: 1, occurrence: 3,
                               eventDay: events[3].day, eventStart: events[3].start, eventEnd: events[3].end,
                               values: [OutcomeValue(kind: "pain", value: .integer(2))],
                               createdAt: events[3].start, deletedAt: nil)
        let feed = ParticipantFeed(participant: participant, tasks: [task], outcomes: [answered], today: Fixtures.date("2026-03-04"),
                                   withdrawal: Withdrawal(participantID: participant.id,
                                                          withdrawnAt: Fixtures.instant("2026-03-04T18:00:00Z")))
        #expect(feed.day(Fixtures.date("2026-03-03"), firstWeekday: 1).cards.count == 1, "before the withdrawal: as it was")
        let day = feed.day(Fixtures.date("2026-03-04"), firstWeekday: 1)
        #expect(day.isWithdrawn)
        #expect(!day.isEditable)
        #expect(day.cards.map(\.event.occurrence) == [3], "the answer given that morning stays")
        #expect(feed.day(Fixtures.date("2026-03-05"), firstWeekday: 1).cards.isEmpty)
        #expect(feed.adherence(from: Fixtures.date("2026-03-04"), to: Fixtures.date("2026-03-08"))
                == AdherenceRing(completed: 1, total: 1))
    }
}
