import CareModel
import Foundation

/// One participant's feed for one local day, as the site and the server show it.
public struct FeedDay: Hashable, Sendable {
    public var participant: Participant
    public var day: LocalDate
    public var today: LocalDate
    /// False while the onboarding task has no outcome by this day: the feed
    /// then holds only the onboarding card.
    public var isOnboarded: Bool
    /// True from the day the participant withdrew: nothing is open, only
    /// what they answered before is shown.
    public var isWithdrawn: Bool
    /// True once no task has an event on this day or later: the participant
    /// has done all the study asked.
    public var isStudyFinished: Bool
    /// Timed events in start order, then all-day ones.
    public var cards: [Card]
    public var week: WeekStrip

    /// True only for today: the one day whose answers may be given or deleted.
    public var isEditable: Bool { day == today && !isWithdrawn }
}
