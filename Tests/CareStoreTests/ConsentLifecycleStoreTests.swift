import CareModel
import CareStore
import Foundation
import Markup
import Testing
import TestSupport

/// The store's part of the consent lifecycle: onboarding stored at once or
/// not at all, one current permission choice each, and a final withdrawal.
@Suite struct ConsentLifecycleStoreTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let participant = Fixtures.participant()
    let now = Fixtures.instant("2026-03-03T13:05:00Z")

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        try store.addParticipant(participant)
        for task in ["onboarding", "checkIn"] {
            try store.recordTaskVersion(taskID: task, definition: "v1", effectiveFrom: participant.enrolledOn, at: now)
        }
    }

    var event: ScheduledEvent {
        ScheduleTimeline(Fixtures.dailyAtEight).events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                       from: participant.enrolledOn,
                                                       to: participant.enrolledOn.adding(days: 1))[0]
    }

    var record: ConsentRecord {
        ConsentRecord(participantID: participant.id, documentID: "recover", version: "1.0",
                      sha256: String(repeating: "a", count: 64), html: HTML(trusted: "<p>Text</p>"),
                      printedName: "Ada Lovelace", signature: .typed(name: "Ada Lovelace"), signedAt: now,
                      timeZone: participant.timeZone)
    }

    func grant(_ id: String, _ granted: Bool, at instant: Date? = nil) -> PermissionGrant {
        PermissionGrant(participantID: participant.id, permissionID: id, kind: "health", granted: granted,
                        recordedAt: instant ?? now)
    }

    func onboarding(_ values: [OutcomeValue] = []) -> NewOutcome {
        NewOutcome(participantID: participant.id, taskID: "onboarding", event: event, values: values)
    }

    @Test func onboardingStoresConsentGrantsAndOutcomeTogetherAndOnce() throws {
        for _ in 0..<2 {
            try store.completeOnboarding(consents: [record], grants: [grant("shareHealthData", false)],
                                         outcome: onboarding(), at: now)
        }
        #expect(try store.consentRecords(participantID: participant.id).count == 1)
        #expect(try store.permissionGrants(participantID: participant.id).map(\.granted) == [false])
        #expect(try store.outcomes(participantID: participant.id).map(\.taskID) == ["onboarding"])
    }

    @Test func onboardingThatFailsStoresNothingAtAll() throws {
        // A task the store does not know makes the outcome fail after the consent and grant were written.
        let unknown = NewOutcome(participantID: participant.id, taskID: "unknownTask", event: event, values: [])
        #expect(throws: (any Error).self) {
            try store.completeOnboarding(consents: [record], grants: [grant("shareHealthData", true)], outcome: unknown, at: now)
        }
        #expect(try store.consentRecords(participantID: participant.id).isEmpty)
        #expect(try store.permissionGrants(participantID: participant.id).isEmpty)
        #expect(try store.outcomes(participantID: participant.id).isEmpty)
    }

    @Test func aPermissionChoiceIsRecordedOnlyWhenItChangesAndItsHistoryIsKept() throws {
        try store.recordPermissionChoices([grant("shareHealthData", true), grant("reminders", false)])
        try store.recordPermissionChoices([grant("shareHealthData", true), grant("reminders", false)])
        let later = now.addingTimeInterval(3600)
        try store.recordPermissionChoices([grant("shareHealthData", false, at: later), grant("reminders", false, at: later)])
        let grants = try store.permissionGrants(participantID: participant.id)
        #expect(grants.map { "\($0.permissionID) \($0.granted)" } == [
            "shareHealthData true", "reminders false", "shareHealthData false",
        ])
    }

    @Test func aWithdrawalIsFinalAndStopsEveryNewWrite() throws {
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: "checkIn", event: event,
                                        values: [OutcomeValue(kind: "pain", value: .integer(3))]), at: now)
        let kept = try store.outcomes(participantID: participant.id)
        try store.withdraw(Withdrawal(participantID: participant.id, withdrawnAt: now, reason: "Moving away"))
        #expect(try store.withdrawals(participantID: participant.id)
                == [Withdrawal(participantID: participant.id, withdrawnAt: now, reason: "Moving away")])
        #expect(throws: CareStoreError.alreadyWithdrawn(participant.id)) {
            try store.withdraw(Withdrawal(participantID: participant.id, withdrawnAt: now))
        }
        #expect(throws: (any Error).self) { try store.deleteOutcome(id: kept[0].id, at: now) }
        #expect(throws: (any Error).self) { try store.recordPermissionChoices([grant("shareHealthData", true)]) }
        var later = record
        later.signedAt = now.addingTimeInterval(60)
        #expect(throws: (any Error).self) { try store.addConsentRecord(later) }
        #expect(throws: (any Error).self) {
            try store.completeOnboarding(consents: [], grants: [], outcome: onboarding(), at: now)
        }
        #expect(try store.outcomes(participantID: participant.id, includeDeleted: true) == kept)
        #expect(try store.auditLog().last.map { "\($0.action.rawValue) \($0.detail ?? "")" } == "participant.withdraw Moving away")
    }

    @Test func aWithdrawalOrAGrantChangesTheParticipantsRevision() throws {
        let start = try store.participantRevisions()[participant.id]
        try store.addPermissionGrant(grant("shareHealthData", true))
        let granted = try store.participantRevisions()[participant.id]
        #expect(granted != start)
        try store.withdraw(Withdrawal(participantID: participant.id, withdrawnAt: now.addingTimeInterval(60)))
        #expect(try store.participantRevisions()[participant.id] != granted)
    }

    @Test func aParticipantsAuditLogHoldsTheirEntriesAndTheConsentPublicationsOnly() throws {
        let other = Fixtures.participant(id: "p2")
        try store.addParticipant(other)
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "1.0",
                                                         sha256: String(repeating: "a", count: 64), firstSeenAt: now)])
        try store.addConsentRecord(record)
        try store.addPermissionGrant(PermissionGrant(participantID: "p2", permissionID: "reminders", kind: "notifications",
                                                     granted: true, recordedAt: now))
        let entries = try store.auditLog(participantID: participant.id)
        #expect(entries.map(\.action) == [.consentPublish, .consentSign])
        #expect(try store.auditLog(participantID: "p2").map(\.action) == [.consentPublish, .permissionRecord])
        // A later publication stands between the entries it came between, and after the last.
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "2.0",
                                                         sha256: String(repeating: "b", count: 64), firstSeenAt: now)])
        try store.addPermissionGrant(grant("shareHealthData", true))
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "3.0",
                                                         sha256: String(repeating: "c", count: 64), firstSeenAt: now)])
        let later = try store.auditLog(participantID: participant.id)
        #expect(later.map(\.action) == [.consentPublish, .consentSign, .consentPublish, .permissionRecord, .consentPublish])
        #expect(later.map(\.id) == later.map(\.id).sorted())
        #expect(try store.auditLog().filter { $0.participantID == participant.id || $0.action == .consentPublish } == later)
    }
}
