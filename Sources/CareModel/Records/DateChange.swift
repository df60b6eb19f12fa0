import Foundation

/// One value a participant's own date (their surgery) was given: by the
/// study team at `invite`, by the participant in onboarding, or by an
/// imported store. The last of a date's values is the date.
public struct DateChange: Hashable, Sendable {
    public var participantID: String
    public var dateID: String
    public var day: LocalDate
    public var setAt: Date
    /// `invite`, `participant` or `import`.
    public var source: String

    public init(participantID: String, dateID: String, day: LocalDate, setAt: Date, source: String) {
        self.participantID = participantID
        self.dateID = dateID
        self.day = day
        self.setAt = setAt
        self.source = source
    }
}
