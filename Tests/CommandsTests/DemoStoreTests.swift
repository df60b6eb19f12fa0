import CareModel
import CareStore
import Foundation
import Testing
import TestSupport

/// The store `carefeed demo` fills holds what an ethics board expects of a
/// real one: nothing of a participant is stored before they consented.
@Suite struct DemoStoreTests {
    @Test func noOutcomeInTheDemoStoreWasCreatedBeforeItsParticipantsConsentOrPermissionChoices() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/care.sqlite"
        let demo = Run("demo", "--content", TestStudy.content, "--store", path, "--today", "2026-11-30")
        #expect(demo.status == 0, "\(demo.error)")
        let store = try CareStore(path: path)
        defer { store.close() }
        var checked = 0
        for participant in try store.participants() {
            let outcomes = try store.outcomes(participantID: participant.id, includeDeleted: true)
            guard let first = outcomes.map(\.createdAt).min() else { continue }
            let consents = try store.consentRecords(participantID: participant.id)
            let grants = try store.permissionGrants(participantID: participant.id)
            let signed = try #require(consents.map(\.signedAt).min(), "\(participant.id) has answers but no consent")
            #expect(signed <= first, "\(participant.id): an answer at \(first) precedes the consent at \(signed)")
            #expect(!grants.isEmpty)
            for grant in grants {
                #expect(grant.recordedAt <= first, "\(participant.id): an answer precedes the choice on \(grant.permissionID)")
            }
            // The audit log, append-only, tells the same order.
            let log = try store.auditLog(participantID: participant.id)
            let firstSave = try #require(log.filter { $0.action == .outcomeAdd }.map(\.at).min())
            let firstSign = try #require(log.filter { $0.action == .consentSign }.map(\.at).min())
            #expect(firstSign <= firstSave, "\(participant.id)")
            checked += 1
        }
        #expect(checked >= 10)
    }
}
