/// A piece of HTML that is safe to put in a page: text interpolated into it
/// is escaped, markup interpolated into it is kept as it is.
///
///     let name = "Ana <b>"
///     let item: HTML = "<li>\(name)</li>"        // <li>Ana &lt;b&gt;</li>
///     let list: HTML = "<ul>\(item)</ul>"        // the item's markup kept
///
/// The literal parts of an interpolation are the template, written by us.
/// Markup from anywhere else (rendered Markdown, a signed consent document,
/// SVG) becomes `HTML` only through `init(trusted:)`, where it is made.
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, ready to be written out.
    public private(set) var markup: String

    /// Markup that needs no escaping because we made it: rendered Markdown,
    /// a consent document as signed, SVG drawn by a renderer.
    public init(trusted markup: String) {
        self.markup = markup
    }

    public init() {
        markup = ""
    }

    public init(stringLiteral literal: String) {
        markup = literal
    }

    public init(stringInterpolation: StringInterpolation) {
        markup = stringInterpolation.markup
    }

    public var description: String { markup }
    public var isEmpty: Bool { markup.isEmpty }
    public var utf8: String.UTF8View { markup.utf8 }

    public struct StringInterpolation: StringInterpolationProtocol {
        var markup: String

        public init(literalCapacity: Int, interpolationCount: Int) {
            markup = ""
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) {
            HTML.appendEscaped(text, to: &markup)
        }

        public mutating func appendInterpolation(_ text: Substring) {
            HTML.appendEscaped(String(text), to: &markup)
        }

        /// Text, or nothing: escaped.
        public mutating func appendInterpolation(_ text: String?) {
            if let text { HTML.appendEscaped(text, to: &markup) }
        }

        /// Any value shown as text, such as a day or an identifier: escaped.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(text value: Value) {
            HTML.appendEscaped(value.description, to: &markup)
        }

        /// A number: its digits need no escaping.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
            markup += String(number)
        }

        /// Markup: kept as it is.
        public mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Markup, or nothing.
        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { markup += html.markup }
        }

        /// Pieces of markup, one after another.
        public mutating func appendInterpolation(_ pieces: [HTML]) {
            for piece in pieces { markup += piece.markup }
        }
    }

    /// Appends to `left` where it stands when nothing else holds it, as in
    /// `a + b + c`: a chain grows one string instead of copying each part.
    public static func + (left: consuming HTML, right: HTML) -> HTML {
        var result = left
        result.markup += right.markup
        return result
    }

    public static func += (left: inout HTML, right: HTML) {
        left.markup += right.markup
    }

    /// `text` escaped, as markup: for text that is a whole piece on its own.
    public static func text(_ text: String) -> HTML {
        var markup = ""
        appendEscaped(text, to: &markup)
        return HTML(trusted: markup)
    }

    public mutating func reserveCapacity(_ count: Int) {
        markup.reserveCapacity(count)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, so text is safe both between tags
    /// and in a quoted attribute value.
    static func appendEscaped(_ text: String, to markup: inout String) {
        // Most text has nothing to escape: append it without looking at characters.
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }
        } ?? true
        guard needsEscaping else {
            markup += text
            return
        }
        for character in text.unicodeScalars {
            switch character {
            case "&": markup += "&amp;"
            case "<": markup += "&lt;"
            case ">": markup += "&gt;"
            case "\"": markup += "&quot;"
            case "'": markup += "&#39;"
            default: markup.unicodeScalars.append(character)
            }
        }
    }
}

extension HTML: Codable {
    /// Encoded as its markup, a plain string.
    public init(from decoder: Decoder) throws {
        markup = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(markup)
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after another, with `separator` between them.
    public func joined(separator: HTML = HTML()) -> HTML {
        var result = HTML()
        // Room for all of it at once: a worklist of 10,000 rows grew its text two hundred times over.
        let pieces = Array(self)
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.markup.utf8.count } + separator.markup.utf8.count * pieces.count)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { result += separator }
            result += piece
        }
        return result
    }
}
