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
    /// The BCP 47 tag of the language of the text signed; nil for records
    /// signed before languages were kept, which are in the study's own.
    public var language: String?

    public init(id: Int64 = 0, participantID: String, documentID: String, version: String, sha256: String,
                html: HTML, printedName: String, signature: Signature, signedAt: Date, timeZone: TimeZone,
                language: String? = nil) {
        self.language = language
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
