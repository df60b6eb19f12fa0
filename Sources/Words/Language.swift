import Support

/// A language a page is written in: its tag, its built-in words (with the
/// study's own in front) and its CLDR formats.
public final class Language: Sendable {
    public let tag: LanguageTag
    public let words: Words
    public let format: Formats
    /// `rtl` or `ltr`, asked once: every page asks for it.
    public let direction: String

    /// The language `tag` with a study's own catalogs, by tag, in front of the shipped one.
    public init(_ tag: LanguageTag, studyCatalogs: [LanguageTag: Catalog] = [:]) {
        self.tag = tag
        direction = tag.direction
        format = Self.formats(for: tag)
        words = Words(tag: tag, studyCatalogs: studyCatalogs, formats: format)
    }

    /// US English with the shipped words: for pages about no study, and tests.
    public static let usEnglish = Language(.usEnglish)

    /// Formatters are costly to make and depend on the tag alone, so each tag's are made once.
    private static let madeFormats = Locked([LanguageTag: Formats]())

    private static func formats(for tag: LanguageTag) -> Formats {
        madeFormats.value(for: tag) { Formats(tag) }
    }
}
