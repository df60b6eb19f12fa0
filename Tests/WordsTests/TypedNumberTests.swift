import Testing
@testable import Words

/// What a participant types, read as one number by their language's CLDR
/// rules: every script's digits, the language's separators, the whole text
/// or nothing, exactly as typed.
@Suite struct TypedNumberTests {
    static func read(_ text: String, _ tag: String) -> Double? {
        Formats(LanguageTag(tag)!).readNumber(text)?.value
    }

    @Test func theLanguagesOwnDigitsAndSeparatorsAreRead() {
        #expect(Self.read("٦٫٥", "ar") == 6.5, "the Arabic keyboard's decimal key")
        #expect(Self.read("٦٫٥", "ar-EG") == 6.5)
        #expect(Self.read("6,5", "de-DE") == 6.5)
        #expect(Self.read("6.5", "de-DE") == 6.5, "what a number field or a phone sends")
        #expect(Self.read("6.5", "en-US") == 6.5)
        #expect(Self.read("٧٥.٣٢٥", "en-US") == 75.325)
        #expect(Self.read("７５．３２５", "ja") == 75.325, "fullwidth digits and point")
        #expect(Self.read("-٣", "ar") == -3)
        #expect(Self.read(" 7 ", "en-US") == 7, "white space around the number")
    }

    @Test func groupingIsReadAsTheLanguageGroups() {
        #expect(Self.read("1,000", "en-US") == 1000)
        #expect(Self.read("1.000", "en-US") == 1, "a point is the decimal in English")
        #expect(Self.read("1,000", "de-DE") == 1, "a comma is the decimal in German")
        #expect(Self.read("12.500", "de-DE") == nil, "12500 by German grouping, 12.5 as a phone's point: never a guess")
        #expect(Self.read("٧٥.٣٢٥", "ar") == nil, "75325 by Arabic grouping, 75.325 as a point")
        #expect(Self.read("1.000.000", "de-DE") == 1_000_000, "two separators can only group")
        #expect(Self.read("1.25", "de-DE") == 1.25, "a point no grouping allows is the decimal")
        #expect(Self.read("7,5", "en-US") == nil, "a comma that groups no thousands is no number in English")
    }

    @Test func aNumberIsStoredExactlyAsTypedNeverThroughADisplayFormat() throws {
        let number = try #require(Formats(LanguageTag("en-US")!).readNumber("75.325"))
        #expect(number.value == 75.325)
        #expect(number.decimalPlaces == 3)
        #expect(Formats(LanguageTag("en-US")!).readNumber("6.50")?.decimalPlaces == 1, "trailing zeros are no decimals")
        #expect(Self.read("12345678901234", "en-US") == 12_345_678_901_234)
        #expect(Self.read("١٢٣٤٥٦٧٨٩٠١٢٣٤", "ar") == 12_345_678_901_234, "fourteen Arabic-Indic digits")
        #expect(Self.read("１２３４５６７８９０１２３４", "ja") == 12_345_678_901_234, "fourteen fullwidth digits")
    }

    @Test(arguments: ["٣abc", "٣ kg", "٣%", "3 kg", "3%", "1e5", "abc", "", "1.2.3", "--3", "3-"])
    func anythingButANumberAndWhiteSpaceIsNoNumber(_ text: String) {
        for tag in ["en-US", "de-DE", "ar", "ja"] {
            #expect(Self.read(text, tag) == nil, "\(text) in \(tag)")
        }
    }
}
