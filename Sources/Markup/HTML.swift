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
    /// The markup's UTF-8 bytes, ready to be written out. Bytes, not a
    /// string: a page is thousands of small appends, and appending bytes
    /// costs a third of appending to a string.
    public private(set) var bytes: [UInt8]

    /// The markup as text.
    public var markup: String { String(decoding: bytes, as: UTF8.self) }

    /// Markup that needs no escaping because we made it: rendered Markdown,
    /// a consent document as signed, SVG drawn by a renderer.
    public init(trusted markup: String) {
        bytes = Array(markup.utf8)
    }

    public init() {
        bytes = []
    }

    public init(stringLiteral literal: String) {
        bytes = Array(literal.utf8)
    }

    public init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.bytes
    }

    public var description: String { markup }
    public var isEmpty: Bool { bytes.isEmpty }

    public struct StringInterpolation: StringInterpolationProtocol {
        var bytes: [UInt8]

        public init(literalCapacity: Int, interpolationCount: Int) {
            bytes = []
            // Room for what is put in too: a piece of markup put in is often hundreds of bytes, and growing
            // the buffer for it copies what is there. At 16 bytes a place, a site's build grew its pieces
            // nearly two million times. The room is mostly freed with the piece; pieces a participant's pages
            // keep (week strips, rings, links) hold theirs until that participant is done: a build's peak grew by about 2 MB.
            bytes.reserveCapacity(literalCapacity + interpolationCount * 96)
        }

        public mutating func appendLiteral(_ literal: String) {
            HTML.append(literal, to: &bytes)
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) {
            HTML.appendEscaped(text, to: &bytes)
        }

        public mutating func appendInterpolation(_ text: Substring) {
            HTML.appendEscaped(String(text), to: &bytes)
        }

        /// Text, or nothing: escaped.
        public mutating func appendInterpolation(_ text: String?) {
            if let text { HTML.appendEscaped(text, to: &bytes) }
        }

        /// Any value shown as text, such as a day or an identifier: escaped.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(text value: Value) {
            HTML.appendEscaped(value.description, to: &bytes)
        }

        /// A number: its digits need no escaping.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
            HTML.append(String(number), to: &bytes)
        }

        /// Markup: kept as it is.
        public mutating func appendInterpolation(_ html: HTML) {
            bytes += html.bytes
        }

        /// Markup, or nothing.
        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { bytes += html.bytes }
        }

        /// Pieces of markup, one after another.
        public mutating func appendInterpolation(_ pieces: [HTML]) {
            for piece in pieces { bytes += piece.bytes }
        }
    }

    /// Appends to `left` where it stands when nothing else holds it, as in
    /// `a + b + c`: a chain grows one buffer instead of copying each part.
    public static func + (left: consuming HTML, right: HTML) -> HTML {
        var result = left
        result.bytes += right.bytes
        return result
    }

    public static func += (left: inout HTML, right: HTML) {
        left.bytes += right.bytes
    }

    /// `text` escaped, as markup: for text that is a whole piece on its own.
    public static func text(_ text: String) -> HTML {
        var html = HTML()
        appendEscaped(text, to: &html.bytes)
        return html
    }

    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        // In place, where the text is stored as UTF-8 (literals and strings made here are): a copy to
        // reach its bytes costs a retain and a release, for every literal of every page.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, so text is safe both between tags
    /// and in a quoted attribute value. Byte by byte: the five are ASCII, and
    /// no byte of a longer character is ever an ASCII byte.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped(utf8: $0, to: &bytes) }) == nil {
            var text = text
            text.withUTF8 { appendEscaped(utf8: $0, to: &bytes) }
        }
    }

    private static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most text has nothing to escape: append it without looking at each byte twice.
        guard utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            switch byte {
            case 38: bytes += "&amp;".utf8
            case 60: bytes += "&lt;".utf8
            case 62: bytes += "&gt;".utf8
            case 34: bytes += "&quot;".utf8
            case 39: bytes += "&#39;".utf8
            default: bytes.append(byte)
            }
        }
    }
}

extension HTML: Codable {
    /// Encoded as its markup, a plain string.
    public init(from decoder: Decoder) throws {
        bytes = Array(try decoder.singleValueContainer().decode(String.self).utf8)
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
        result.reserveCapacity(pieces.reduce(0) { $0 + $1.bytes.count } + separator.bytes.count * pieces.count)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { result += separator }
            result += piece
        }
        return result
    }
}
