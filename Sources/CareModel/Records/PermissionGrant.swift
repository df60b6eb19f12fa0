import Foundation

/// A participant's answer to one permission request, as recorded; the latest
/// answer for a permission is the one in force.
public struct PermissionGrant: Hashable, Sendable {
    public var id: Int64
    public var participantID: String
    /// The permission item's id in the onboarding survey.
    public var permissionID: String
    /// `health`, `notifications` or `motion`.
    public var kind: String
    public var granted: Bool
    /// What the browser said, where it was asked: one of `browserAnswers`.
    public var detail: String?

    /// What a browser answers when asked for a permission; CareFeed keeps no other detail.
    public static let browserAnswers: Set<String> = ["granted", "denied", "unsupported", "default"]
    public var recordedAt: Date

    public init(id: Int64 = 0, participantID: String, permissionID: String, kind: String, granted: Bool,
                detail: String? = nil, recordedAt: Date) {
        self.id = id
        self.participantID = participantID
        self.permissionID = permissionID
        self.kind = kind
        self.granted = granted
        self.detail = detail
        self.recordedAt = recordedAt
    }
}
