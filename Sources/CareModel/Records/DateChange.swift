import Foundation

/// One value a participant's own date (their surgery) was given: by the
/// study team at `invite`, by the participant in onboarding, or by an
/// imported store. The last of a date's values is the date.
public struct DateChange: Hashable, Sendable {
    public var participantID: String
    public var dateID: String
    public var day: LocalDate
    public var setAt: Date
    public var source: DateSource

    public init(participantID: String, dateID: String, day: LocalDate, setAt: Date, source: DateSource) {
        self.participantID = participantID
        self.dateID = dateID
        self.day = day
        self.setAt = setAt
        self.source = source
    }
}

/// Who gave a participant's date.
public enum DateSource: String, Hashable, Sendable {
    /// The study team, with `carefeed invite --date` (or `serve --date`).
    case invite
    /// The participant, answering in onboarding.
    case participant
    /// An imported participant's store.
    case `import`
}
