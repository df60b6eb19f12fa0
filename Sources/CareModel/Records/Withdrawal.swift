import Foundation

/// A participant's withdrawal from the study: when, and why if they said.
/// After it, no task is offered and nothing new is stored for them; what
/// they gave before is kept.
public struct Withdrawal: Hashable, Sendable {
    public var participantID: String
    public var withdrawnAt: Date
    /// The participant's own words, if they gave any.
    public var reason: String?

    public init(participantID: String, withdrawnAt: Date, reason: String? = nil) {
        self.participantID = participantID
        self.withdrawnAt = withdrawnAt
        self.reason = reason
    }

    /// The reason as every page and export shows it: trimmed, nil when only
    /// white space was given, which is no reason.
    public var givenReason: String? {
        reason.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
