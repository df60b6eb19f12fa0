import Foundation
import Markup

/// A signed consent document, kept exactly as signed.
public struct ConsentRecord: Hashable, Sendable {
    public var id: Int64
    public var participantID: String
    public var documentID: String
    public var version: String
    /// Lowercase hex SHA-256 of `html`.
    public var sha256: String
    /// The rendered document the participant saw and signed.
    public var html: HTML
    public var printedName: String
    public var signature: Signature
    public var signedAt: Date
    /// The participant's zone when signing, so the time shows with its offset.
    public var timeZone: TimeZone

    public init(id: Int64 = 0, participantID: String, documentID: String, version: String, sha256: String,
                html: HTML, printedName: String, signature: Signature, signedAt: Date, timeZone: TimeZone) {
        self.id = id
        self.participantID = participantID
        self.documentID = documentID
        self.version = version
        self.sha256 = sha256
        self.html = html
        self.printedName = printedName
        self.signature = signature
        self.signedAt = signedAt
        self.timeZone = timeZone
    }
}

/// How a participant signed: a drawing, or a typed name they confirmed as
/// their signature.
public enum Signature: Hashable, Sendable {
    /// SVG path data of the strokes drawn on the signature pad.
    case drawn(pathData: String)
    case typed(name: String)

    public var kind: String {
        switch self {
        case .drawn: "drawn"
        case .typed: "typed"
        }
    }

    public var content: String {
        switch self {
        case .drawn(let pathData): pathData
        case .typed(let name): name
        }
    }
}

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
    /// What the browser said, where it was asked: `granted`, `denied`, `unsupported`.
    public var detail: String?
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

/// One line of the append-only audit log.
public struct AuditEntry: Hashable, Sendable {
    public var id: Int64
    public var at: Date
    public var participantID: String?
    /// What happened, as a verb: `outcome.add`, `outcome.delete`, `consent.sign`, `permission.record`.
    public var action: String
    /// What it happened to: `checkIn#3`, `recover 1.0`.
    public var subject: String
    public var detail: String?

    public init(id: Int64, at: Date, participantID: String?, action: String, subject: String, detail: String?) {
        self.id = id
        self.at = at
        self.participantID = participantID
        self.action = action
        self.subject = subject
        self.detail = detail
    }
}
