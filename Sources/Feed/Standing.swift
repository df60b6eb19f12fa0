import CareModel
import Foundation
import StudyModel

/// Where a participant stands in the study on their today: the one answer
/// the server's gates, the clinician's index and summary, the overview's
/// flow and the data package all give, worked out from their signed
/// records, the study's consent documents, any withdrawal and their feed.
public enum Standing: Hashable, Sendable, Codable {
    /// In the store, and has not signed the study's consent.
    case enrolled
    /// Signed, and not yet through onboarding.
    case consented
    /// Joined, with tasks still to come.
    case active
    /// Signed an older version of a document the study now holds in a newer
    /// one: until they sign it or withdraw, they see only the re-consent card.
    case reconsentPending(document: String, signed: String, current: String)
    /// Joined, and no task has an event left.
    case finished
    /// Withdrew on `day` (their local day) at `at`.
    case withdrawn(day: LocalDate, at: Date)

    public init(feed: ParticipantFeed, records: [ConsentRecord], documents: [ConsentDocument], withdrawal: Withdrawal?) {
        let participant = feed.participant
        if let withdrawal {
            self = .withdrawn(day: participant.timeZone.localDate(of: withdrawal.withdrawnAt), at: withdrawal.withdrawnAt)
            return
        }
        let mine = records.filter { $0.participantID == participant.id }
        guard !mine.isEmpty else {
            self = .enrolled
            return
        }
        for document in documents {
            let signed = mine.filter { $0.documentID == document.id }
            guard let latest = signed.last, !signed.contains(where: { $0.version == document.version }) else { continue }
            self = .reconsentPending(document: document.id, signed: latest.version, current: document.version)
            return
        }
        if !feed.isOnboarded(on: feed.today) {
            self = .consented
        } else {
            self = feed.isStudyFinished(on: feed.today) ? .finished : .active
        }
    }

    /// The word the data package writes for it.
    public var name: String {
        switch self {
        case .enrolled: "enrolled"
        case .consented: "consented"
        case .active: "active"
        case .reconsentPending: "re-consent pending"
        case .finished: "finished"
        case .withdrawn: "withdrawn"
        }
    }

    /// Every word `name` gives, in the order a participant passes them.
    public static let names = ["enrolled", "consented", "active", "re-consent pending", "finished", "withdrawn"]
}
