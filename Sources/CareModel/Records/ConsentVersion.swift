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
    /// The BCP 47 tag of a translation's text, or "" for the document's own
    /// file, in the study's own language: the guard holds for each.
    public var language: String

    /// The Markdown the version's HTML was rendered from, where the store holds it.
    public var markdown: String?

    public init(documentID: String, version: String, sha256: String, firstSeenAt: Date, language: String = "", markdown: String? = nil) {
        self.markdown = markdown
        self.language = language
        self.documentID = documentID
        self.version = version
        self.sha256 = sha256
        self.firstSeenAt = firstSeenAt
    }
}
