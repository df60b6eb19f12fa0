import Foundation

/// One answer to a question about the consent, given before signing it
/// (ResearchKit's consent review quiz): kept with the record and in the
/// audit trail, the wrong ones too.
public struct QuizAttempt: Hashable, Sendable {
    /// The onboarding task's form item.
    public var itemID: String
    /// The answer as stored: `true`, `false` or a choice's value.
    public var answer: String
    public var at: Date

    public init(itemID: String, answer: String, at: Date) {
        self.itemID = itemID
        self.answer = answer
        self.at = at
    }
}
