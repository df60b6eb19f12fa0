import CareModel

/// Whether a participant's answers or taps for a day may change now, and
/// why not: the one rule behind a card's buttons and the server's 409.
public enum AnswerGate {
    /// Why nothing can change.
    public enum Refusal: Hashable, Sendable {
        /// A newer consent waits to be signed.
        case reconsentPending
        case withdrawn
        /// Onboarding is not complete.
        case notJoined
        /// The day has passed.
        case dayLocked
        /// The day has not come.
        case notOpenYet
    }

    /// Nil when answers for an event of `day` may be given, changed or
    /// deleted today: only from its day through `lastDay` (the end of its
    /// window; its own day without one), once joined, before re-consent is
    /// due and before withdrawal.
    public static func refusal(changing day: LocalDate, through lastDay: LocalDate? = nil, feed: ParticipantFeed,
                               standing: Standing) -> Refusal? {
        switch standing {
        case .reconsentPending: return .reconsentPending
        case .withdrawn: return .withdrawn
        case .enrolled, .consented, .active, .finished: break
        }
        guard feed.isOnboarded(on: feed.today) else { return .notJoined }
        if lastDay ?? day < feed.today { return .dayLocked }
        if day > feed.today { return .notOpenYet }
        return nil
    }
}
