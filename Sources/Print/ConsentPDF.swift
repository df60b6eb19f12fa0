import CareModel
import CPangoCairo
import StudyModel
import Words

/// A PDF of a signed consent (SPEC §14): the text signed, laid out from the
/// blocks its Markdown was read into, in its own language, then who signed, their drawn or typed
/// signature, when with the zone, the version and the SHA-256 of the signed
/// HTML; every page's footer says the protocol and the page.
public enum ConsentPDF {
    /// The words around the signed text, in the participant's language.
    public struct Words: Sendable {
        public var title: String
        /// "Signature": the heading over the signature and what identifies the record.
        public var signatureHeading: String
        /// "Printed name: Maya Alvarez", "Signed: …", "Version 2.1": each a line under the signature.
        public var facts: [String]
        public var hashLabel: String
        /// The footer of page `page` of `pages`.
        public var footer: @Sendable (_ page: Int, _ pages: Int) -> String

        public init(title: String, signatureHeading: String, facts: [String], hashLabel: String,
                    footer: @escaping @Sendable (Int, Int) -> String) {
            self.title = title
            self.signatureHeading = signatureHeading
            self.facts = facts
            self.hashLabel = hashLabel
            self.footer = footer
        }
    }

    /// Why no PDF was made, in words that say what to do.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case tooLong(bytes: Int)
        case tooManyParts(count: Int)
        case tooManyPages(count: Int)
        case signatureUnreadable
        /// A character no installed font draws: it would print as a box.
        case noFont
        case notWritten(String)

        public var description: String {
            switch self {
            case .tooLong(let bytes):
                "the consent text is \(bytes / 1024) KB, more than a printed consent of \(ConsentPDF.longest / 1024) KB; "
                    + "the signed HTML in the record is the copy to keep"
            case .tooManyParts(let count):
                "the consent text has \(count) headings, paragraphs and list items, more than \(ConsentPDF.mostBlocks) a "
                    + "printed consent holds; the signed HTML in the record is the copy to keep"
            case .tooManyPages(let count):
                "the consent text takes \(count) pages, more than the \(ConsentPDF.mostPages) a printed consent takes; "
                    + "the signed HTML in the record is the copy to keep"
            case .signatureUnreadable:
                "the record's drawn signature is not path data a signature pad sends"
            case .noFont:
                "a character of the text or the name has no font on this machine: install Debian's fonts-noto-core and "
                    + "fonts-noto-cjk"
            case .notWritten(let reason):
                "Cairo could not write the PDF: \(reason)"
            }
        }
    }

    /// A consent text longer than this is refused: real ones are tens of kilobytes.
    public static let longest = 512 * 1024
    public static let mostBlocks = 4_000
    public static let mostPages = 300

    /// Noto's families, the CJK one of the text's language: Japanese and Chinese draw some characters differently.
    static func font(_ language: String) -> String {
        let cjk = language.hasPrefix("zh") ? (language.contains("Hant") ? "Noto Sans CJK TC" : "Noto Sans CJK SC")
            : language.hasPrefix("ko") ? "Noto Sans CJK KR" : "Noto Sans CJK JP"
        return "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, \(cjk)"
    }

    /// The machine's monospace font, as fontconfig names it (DejaVu Sans Mono on Debian): a family it lacks is not skipped but replaced.
    static let monospace = "Monospace"

    /// Why `record`, whose signed text `blocks` are, would not be printed; nil when it would.
    public static func refusal(blocks: [TextBlock], record: ConsentRecord) -> Refusal? {
        let bytes = blocks.reduce(0) { total, block in block.runs.reduce(total) { $0 + $1.text.utf8.count } }
        guard bytes <= longest else { return .tooLong(bytes: bytes) }
        guard blocks.count <= mostBlocks else { return .tooManyParts(count: blocks.count) }
        if case .drawn(let path) = record.signature, SignatureStrokes.segments(path) == nil {
            return .signatureUnreadable
        }
        return nil
    }

    /// The PDF of `record`, whose signed text `blocks` are, with `words` in `language` (a BCP 47 tag).
    public static func make(blocks: [TextBlock], record: ConsentRecord, language: String, words: Words) throws -> [UInt8] {
        if let refusal = refusal(blocks: blocks, record: record) { throw refusal }
        let font = Self.font(language)
        let pages = PrintedPages(title: words.title, language: language,
                                 isRightToLeft: LanguageTag(language)?.isRightToLeft ?? false, created: Self.created(record))
        pages.text("<b>\(PangoMarkup.escaped(words.title))</b>", font: "\(font) 17")
        for block in blocks {
            let indent = Double(block.depth) * 16
            let markup = PangoMarkup.markup(block.runs)
            switch block.kind {
            case .heading(let level):
                let size = [1: 15.0, 2: 13.0, 3: 12.0][level] ?? 11.0
                pages.text("<b>\(markup)</b>", font: "\(font) \(size)", indent: indent, spaceBefore: level <= 2 ? 14 : 10,
                           keepsWithNext: true)
            case .paragraph:
                pages.text(block.isQuote ? "<i>\(markup)</i>" : markup, font: "\(font) 10.5", indent: indent, spaceBefore: 6)
            case .item(let marker):
                pages.text(markup, font: "\(font) 10.5", indent: indent, spaceBefore: 3, hanging: "\(marker)\u{00A0}\u{00A0}")
            case .code:
                pages.text(markup, font: "\(monospace) 9.5", indent: indent + 8, spaceBefore: 6)
            case .rule:
                pages.rule(indent: indent, spaceBefore: 8)
            }
        }
        // The signature and what identifies the record, kept together on one page.
        pages.keepTogether()
        pages.rule(spaceBefore: 18)
        pages.text("<b>\(PangoMarkup.escaped(words.signatureHeading))</b>", font: "\(font) 13", spaceBefore: 10)
        switch record.signature {
        case .drawn(let path):
            let strokes = SignatureStrokes.segments(path) ?? []
            pages.drawing(height: 66, spaceBefore: 6) { context, x, y in
                cairo_rectangle(context, x, y, 186, 64)
                cairo_set_source_rgb(context, 0.75, 0.75, 0.77)
                cairo_set_line_width(context, 0.5)
                cairo_stroke(context)
                cairo_translate(context, x + 3, y + 2)
                cairo_scale(context, 0.6, 0.6)
                SignatureStrokes.draw(strokes, in: context)
                cairo_set_source_rgb(context, 0.11, 0.11, 0.12)
                cairo_set_line_width(context, 2.5)
                cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(context)
            }
        case .typed(let name):
            pages.text("<i>\(PangoMarkup.escaped(name))</i>", font: "\(font) 16", spaceBefore: 6)
        }
        for fact in words.facts {
            pages.text(PangoMarkup.escaped(fact), font: "\(font) 10.5", spaceBefore: 4)
        }
        pages.text(PangoMarkup.escaped(words.hashLabel), font: "\(font) 10.5", spaceBefore: 4)
        pages.text(PangoMarkup.escaped(record.sha256), font: "\(monospace) 9.5")
        return try pages.finish(footer: words.footer, footerFont: "\(font) 8.5", mostPages: mostPages)
    }

    /// The record's signing moment as the PDF's creation date, ISO 8601 in UTC.
    static func created(_ record: ConsentRecord) -> String {
        String(Timestamp.utc(record.signedAt).prefix(19)) + "Z"
    }
}
