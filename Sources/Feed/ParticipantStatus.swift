import CareModel

/// Where a participant stands in the study on a day, as the study's lead
/// counts them: enrolled, consented, active, finished, or withdrawn.
public enum ParticipantStatus: String, CaseIterable, Sendable {
    /// In the store, not yet signed.
    case enrolled
    /// Signed the consent, not yet through onboarding.
    case consented
    /// Joined, with tasks still to come.
    case active
    /// Joined, and no task has an event left.
    case finished
    case withdrawn

    public init(feed: ParticipantFeed, signed: Bool, withdrawn: Bool, on day: LocalDate) {
        if withdrawn {
            self = .withdrawn
        } else if feed.isStudyFinished(on: day) {
            self = .finished
        } else if feed.isOnboarded(on: day) {
            self = .active
        } else {
            self = signed ? .consented : .enrolled
        }
    }
}
