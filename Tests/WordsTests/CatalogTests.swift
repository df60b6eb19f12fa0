import Foundation
import Testing
@testable import Words

@Suite struct CatalogTests {
    @Test func everyShippedCatalogHasEveryWordAndNoOther() throws {
        let keys = Set(Word.allCases.map(\.rawValue))
        for tag in Catalog.shippedLanguages {
            let catalog = try #require(Catalog[builtIn: tag.identifier], "no catalog for \(tag)")
            let have = Set(catalog.entries.keys)
            #expect(keys.subtracting(have).sorted() == [], "\(tag) lacks these words")
            #expect(have.subtracting(keys).sorted() == [], "\(tag) has words CareFeed does not use")
        }
    }

    /// Words are looked up by their place among all words, read from how Swift stores the enum.
    @Test func eachWordsOrdinalIsItsPlaceAmongAllWords() {
        for (index, word) in Word.allCases.enumerated() {
            #expect(word.ordinal == index, "\(word)")
        }
        #expect(Language(LanguageTag("de")!).words(.today) != Language.usEnglish.words(.today))
    }

    @Test func placesAreFilledByNameAndAPlaceWithoutAnArgumentIsKept() {
        #expect(Words.fill("Step {step} of {count}", ["count": "5", "step": "2"]) == "Step 2 of 5")
        #expect(Words.fill("{day}: {ring}", ["day": "Dienstag, 1. Dezember"]) == "Dienstag, 1. Dezember: {ring}")
        #expect(Words.fill("{count}件の記録 {", ["count": "٣"]) == "٣件の記録 {")
        #expect(Words.fill("no places", ["day": "x"]) == "no places")
        #expect(Words.fill("{a{b}", ["b": "x"]) == "{a{b}")
        // A place runs to the first `}` after its `{`; the next starts after that.
        #expect(Words.fill("{a{b} {day}}{", ["day": "Mo", "a{b": "y"]) == "y Mo}{")
        #expect(Words.fill("", ["day": "x"]).isEmpty)
        #expect(Words.fill("{day}{day}", ["day": "Mo"]) == "MoMo")
        // A count's number stands in for `{count}` before an argument of that name.
        #expect(Words.fill("{count} of {n}", ["count": "x", "n": "7"], count: "٥") == "٥ of 7")
        #expect(Words.fill("{count}", [:], count: "3") == "3")
    }
}
