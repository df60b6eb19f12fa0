/// A consent's text as the blocks a printed page has, as cmark read them
/// from its Markdown (never from its HTML): headings, paragraphs, list items
/// with their markers, code and rules, each a run of words with their
/// emphasis. The PDF of a signed consent is laid out from these.
public struct TextBlock: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        /// A list item's first paragraph carries its marker: `•` or `3.`.
        case item(marker: String)
        case code
        case rule
    }

    /// Words in one style; a line break is `\n` within a run.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var isBold = false
        public var isItalic = false
        public var isCode = false

        public init(text: String, isBold: Bool = false, isItalic: Bool = false, isCode: Bool = false) {
            self.text = text
            self.isBold = isBold
            self.isItalic = isItalic
            self.isCode = isCode
        }
    }

    public var kind: Kind
    public var runs: [Run]
    /// How many lists and quotes it is inside.
    public var depth: Int
    public var isQuote: Bool

    public init(kind: Kind, runs: [Run], depth: Int, isQuote: Bool = false) {
        self.kind = kind
        self.runs = runs
        self.depth = depth
        self.isQuote = isQuote
    }
}
