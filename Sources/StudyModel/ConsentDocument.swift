import Markup

/// A consent document, rendered; a signature keeps `html` and its hash.
public struct ConsentDocument: Hashable, Sendable {
    public var id: String
    public var title: String
    public var version: String
    public var summary: String?
    /// The body rendered by cmark: exactly what a participant signs.
    public var html: HTML
    /// The text `html` is rendered from, as blocks, which the PDF of a signed consent is laid out from.
    public var blocks: [TextBlock] = []
    /// The Markdown itself, which the store keeps with the version it publishes.
    public var markdown = ""
    /// Lowercase hex SHA-256 of `html`'s UTF-8 bytes.
    public var sha256: String
    public var file: String
    /// The file line of its `version:` key, where a changed text is reported.
    public var versionLine: Int?
    /// The BCP 47 tag of a translation's text; "" for the document's own
    /// file, in the study's own language. Versions are published, and the
    /// version guard holds, for each.
    public var language: String = ""

    public init(id: String, title: String, version: String, summary: String?, html: HTML, sha256: String, file: String,
                versionLine: Int? = nil) {
        self.id = id
        self.title = title
        self.version = version
        self.summary = summary
        self.html = html
        self.sha256 = sha256
        self.file = file
        self.versionLine = versionLine
    }
}
