import CareModel
import StudyModel
import Foundation

/// Where a participant stands in the consent lifecycle, worked out from
/// their signed records, the study's consent documents and any withdrawal.
public enum ConsentStatus: Hashable, Sendable, Codable {
    /// Has not signed the study's consent yet.
    case notJoined
    case active
    /// Signed an older version of a document the study now holds in a newer
    /// one: until they sign it or withdraw, they see only the re-consent card.
    case reconsentPending(document: String, signed: String, current: String)
    /// Withdrew on `day` (their local day) at `at`.
    case withdrawn(day: LocalDate, at: Date)

    public init(participant: Participant, records: [ConsentRecord], documents: [ConsentDocument],
                withdrawal: Withdrawal?) {
        if let withdrawal {
            self = .withdrawn(day: participant.timeZone.localDate(of: withdrawal.withdrawnAt), at: withdrawal.withdrawnAt)
            return
        }
        let mine = records.filter { $0.participantID == participant.id }
        guard !mine.isEmpty else {
            self = .notJoined
            return
        }
        for document in documents {
            let signed = mine.filter { $0.documentID == document.id }
            guard let latest = signed.last, !signed.contains(where: { $0.version == document.version }) else { continue }
            self = .reconsentPending(document: document.id, signed: latest.version, current: document.version)
            return
        }
        self = .active
    }
}
