import Foundation

/// A consent document's version as it was first published: the SHA-256 of
/// its text then. The text under a published version never changes; a new
/// text needs a new version, which sends signers of the old one to re-consent.
public struct ConsentVersion: Hashable, Sendable {
    public var documentID: String
    public var version: String
    /// Lowercase hex SHA-256 of the document's rendered HTML, as a signature records it.
    public var sha256: String
    public var firstSeenAt: Date

    public init(documentID: String, version: String, sha256: String, firstSeenAt: Date) {
        self.documentID = documentID
        self.version = version
        self.sha256 = sha256
        self.firstSeenAt = firstSeenAt
    }
}
