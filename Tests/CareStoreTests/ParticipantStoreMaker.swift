import CareModel
import CareStore
import Foundation
import Markup
import Support
import TestSupport

/// A participant's own store, written through the store's API the way their
/// `carefeed serve` writes it: onboarding (consent, permission answers),
/// daily check-ins, a deletion and a redo, and, if asked, a withdrawal.
struct ParticipantStoreMaker {
    let path: String
    let participant: Participant
    let store: CareStore
    /// The definitions the study's content gives its tasks.
    static let definitions = ["onboarding": "onboarding v1", "checkIn": "checkIn v1"]
    /// The consent text every participant here signs, and its SHA-256.
    static let consentHTML = "<p>We study knees.</p>"
    static let sha = SHA256.hex(consentHTML)

    init(in directory: TemporaryDirectory, _ participant: Participant,
         definitions: [String: String] = ParticipantStoreMaker.definitions,
         publishing published: String = ParticipantStoreMaker.sha) throws {
        path = directory.path + "/\(participant.id)-\(UUID().uuidString.prefix(8)).sqlite"
        self.participant = participant
        store = try CareStore(path: path)
        try store.addParticipant(participant)
        for (task, definition) in definitions.sorted(by: { $0.key < $1.key }) {
            try store.recordTaskVersion(taskID: task, definition: definition, effectiveFrom: participant.enrolledOn,
                                        at: instant(day: 0, hour: 9))
        }
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "1.0", sha256: published,
                                                         firstSeenAt: instant(day: 0, hour: 9))])
    }

    /// `day` days after enrollment at `hour`:00 UTC.
    func instant(day: Int, hour: Int, minute: Int = 0) -> Date {
        Fixtures.instant("\(participant.enrolledOn.adding(days: day))T\(hour < 10 ? "0" : "")\(hour):"
                         + "\(minute < 10 ? "0" : "")\(minute):00.250Z")
    }

    func event(_ occurrence: Int) -> ScheduledEvent {
        ScheduleTimeline(Fixtures.dailyAtEight).events(enrolledOn: participant.enrolledOn, in: participant.timeZone,
                                                       from: participant.enrolledOn,
                                                       to: participant.enrolledOn.adding(days: occurrence + 1))[occurrence]
    }

    func consent(signedAt: Date? = nil, html: String = ParticipantStoreMaker.consentHTML) -> ConsentRecord {
        ConsentRecord(participantID: participant.id, documentID: "recover", version: "1.0", sha256: SHA256.hex(html),
                      html: HTML(trusted: html), printedName: participant.name,
                      signature: .drawn(pathData: "M 1 1 L 20 8"), signedAt: signedAt ?? instant(day: 0, hour: 13),
                      timeZone: participant.timeZone)
    }

    /// Onboarding with the consent and the answer to sharing health data.
    func onboard(sharesHealthData: Bool = true) throws {
        let onboarding = ScheduleTimeline(Fixtures.dailyAllDay).events(
            enrolledOn: participant.enrolledOn, in: participant.timeZone, from: participant.enrolledOn,
            to: participant.enrolledOn.adding(days: 1))[0]
        try store.completeOnboarding(
            consents: [consent()],
            grants: [PermissionGrant(participantID: participant.id, permissionID: "shareHealthData", kind: "health",
                                     granted: sharesHealthData, recordedAt: instant(day: 0, hour: 13)),
                     PermissionGrant(participantID: participant.id, permissionID: "reminders", kind: "notifications",
                                     granted: true, detail: "granted", recordedAt: instant(day: 0, hour: 13))],
            outcome: NewOutcome(participantID: participant.id, taskID: "onboarding", event: onboarding, values: []),
            at: instant(day: 0, hour: 13, minute: 1))
    }

    @discardableResult
    func checkIn(_ occurrence: Int, pain: Int, sleep: Double = 7.5, minute: Int = 5) throws -> Outcome {
        try store.addOutcome(NewOutcome(participantID: participant.id, taskID: "checkIn", event: event(occurrence), values: [
            OutcomeValue(kind: "pain", value: .integer(pain)),
            OutcomeValue(kind: "sleep", value: .decimal(sleep), unit: "hours"),
        ]), at: instant(day: occurrence, hour: 13, minute: minute))
    }

    /// Onboarding, three days of check-ins, the second deleted and redone.
    func fill(pains: [Int] = [3, 4, 2]) throws {
        try onboard()
        for (occurrence, pain) in pains.enumerated() {
            try checkIn(occurrence, pain: pain)
        }
        let second = try store.outcomes(participantID: participant.id).first { $0.taskID == "checkIn" && $0.occurrence == 1 }!
        try store.deleteOutcome(id: second.id, at: instant(day: 1, hour: 13, minute: 30))
        try checkIn(1, pain: pains[1] + 1, minute: 31)
    }

    func withdraw() throws {
        try store.withdraw(Withdrawal(participantID: participant.id, withdrawnAt: instant(day: 3, hour: 10),
                                      reason: "Moving away"))
    }
}

extension Fixtures {
    /// A study's store that knows the study's tasks and has published its
    /// consent text, as `carefeed import` prepares it.
    static func studyStore(in directory: TemporaryDirectory,
                           definitions: [String: String] = ParticipantStoreMaker.definitions) throws -> CareStore {
        let store = try CareStore(path: directory.path + "/study.sqlite")
        for (task, definition) in definitions.sorted(by: { $0.key < $1.key }) {
            try store.recordTaskVersion(taskID: task, definition: definition, effectiveFrom: Fixtures.date("2026-03-01"),
                                        at: Fixtures.instant("2026-02-20T10:00:00Z"))
        }
        try store.publishConsentVersions([ConsentVersion(documentID: "recover", version: "1.0", sha256: ParticipantStoreMaker.sha,
                                                         firstSeenAt: Fixtures.instant("2026-02-20T10:00:00Z"))])
        return store
    }
}
