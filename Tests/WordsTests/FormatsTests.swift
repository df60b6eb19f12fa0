import CareModel
import Foundation
import Testing
@testable import Words

/// Dates, times, numbers, plurals and the first weekday against the values
/// CLDR gives, for each shipped language.
@Suite struct FormatsTests {
    static let monday = LocalDate(year: 2026, month: 11, day: 30)!
    static let afternoon = LocalTime(hour: 16, minute: 5)!

    static let expected: [(tag: String, day: String, time: String, decimal: String, firstWeekday: Int)] = [
        ("en-US", "Monday, November 30", "4:05\u{202F}PM", "6.5", 1),
        ("en-AU", "Monday 30 November", "4:05\u{202F}pm", "6.5", 2),
        ("de-DE", "Montag, 30. November", "16:05", "6,5", 2),
        ("fr-FR", "lundi 30 novembre", "16:05", "6,5", 2),
        ("es-ES", "lunes, 30 de noviembre", "16:05", "6,5", 2),
        ("zh-Hans", "11月30日星期一", "16:05", "6.5", 1),
        ("ja", "11月30日月曜日", "16:05", "6.5", 1),
        ("ar-EG", "الاثنين، ٣٠ نوفمبر", "٤:٠٥ م", "٦٫٥", 7),
    ]

    @Test(arguments: expected.map(\.tag))
    func eachLanguageWritesDaysTimesAndDecimalsAsCLDRDoes(_ tag: String) throws {
        let row = try #require(Self.expected.first { $0.tag == tag })
        let formats = Formats(LanguageTag(tag)!)
        #expect(formats.day(Self.monday).replacingOccurrences(of: " ", with: "") == row.day.replacingOccurrences(of: " ", with: ""))
        #expect(formats.time(Self.afternoon).unicodeScalars.filter { !$0.properties.isWhitespace }.map(String.init).joined()
                == row.time.unicodeScalars.filter { !$0.properties.isWhitespace }.map(String.init).joined())
        #expect(formats.decimal(6.5) == row.decimal)
        #expect(formats.firstWeekday == row.firstWeekday)
    }

    @Test func pluralsFollowEachLanguagesRules() {
        let german = PluralRules(LanguageTag("de")!)
        #expect([1, 2, 0].map { german.category(of: $0) } == [.one, .other, .other])
        let arabic = PluralRules(LanguageTag("ar")!)
        #expect([0, 1, 2, 3, 11, 100].map { arabic.category(of: $0) } == [.zero, .one, .two, .few, .many, .other])
        let japanese = PluralRules(LanguageTag("ja")!)
        #expect(japanese.category(of: 1) == .other)
    }

    @Test func aWeekStartsOnTheLanguagesFirstDay() {
        #expect(Self.monday.adding(days: 2).startOfWeek(firstWeekday: 2) == Self.monday)
        #expect(Self.monday.adding(days: 2).startOfWeek(firstWeekday: 1) == Self.monday.adding(days: -1))
        #expect(Self.monday.startOfWeek(firstWeekday: 7) == Self.monday.adding(days: -2))
    }

    @Test func aBrowsersPreferredLanguageIsFoundAmongTheStudysOwn() {
        let languages = ["de-DE", "en-US"].map { Language(LanguageTag($0)!) }
        #expect(LanguageChoice.preferred(by: "fr-CH, de-AT;q=0.8, en;q=0.5", among: languages)?.tag.identifier == "de-DE")
        #expect(LanguageChoice.preferred(by: "en-GB,en;q=0.9", among: languages)?.tag.identifier == "en-US")
        #expect(LanguageChoice.preferred(by: "ja", among: languages) == nil)
        #expect(LanguageChoice.preferred(by: "de;q=0, en", among: languages)?.tag.identifier == "en-US")
        #expect(LanguageChoice.preferred(by: "de;Q=0, en;q=0.5", among: languages)?.tag.identifier == "en-US")
        #expect(LanguageChoice.preferred(by: "de;q=inf", among: languages) == nil)
    }
}

/// A moment written from its cached day and clock is ICU's own text.
@Suite struct DateAndTimeJoinTests {
    static let tags = FormatsTests.expected.map(\.tag) + ["en-GB", "fr-CA", "es-MX", "de-AT", "ar", "ru", "ko", "hi", "he", "fa"]

    @Test(arguments: tags)
    func aMomentFromItsDayAndClockIsICUsOwnText(_ tag: String) throws {
        let formats = Formats(try #require(LanguageTag(tag)))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let date = LocalDate(ordinal: Int.random(in: 0...40_000, using: &generator))
            let clock = try #require(LocalTime(hour: Int.random(in: 0...23, using: &generator),
                                               minute: Int.random(in: 0...59, using: &generator)))
            #expect(formats.dateAndTime(date, time: clock).utf8.elementsEqual(formats.dateAndTimeFromICU(date, time: clock).utf8),
                    "\(tag) \(date) \(clock)")
        }
    }

    @Test func theShippedLanguagesAreJoined() {
        for tag in Catalog.shippedLanguages {
            #expect(Formats(tag).joinsDateAndTime, "\(tag)")
        }
    }
}
