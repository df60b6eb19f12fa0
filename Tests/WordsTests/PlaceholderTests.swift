import Testing
@testable import Words

/// Each shipped translation fills the places English leaves for values, no more and no fewer.
@Suite struct PlaceholderTests {
    @Test(arguments: Catalog.shippedLanguages.filter { $0.language != "en" })
    func everyCatalogsPlacesAreEnglishsPerKeyAndPluralForm(_ tag: LanguageTag) throws {
        let catalog = try #require(Catalog[builtIn: tag.identifier])
        let problems = catalog.entries.sorted { $0.key < $1.key }.compactMap { key, entry in
            Catalog.placeholderProblem(key: key, entry).map { "\(key): \($0)" }
        }
        #expect(problems == [], "\(tag)")
    }

    @Test func aPlaceIsANameInBraces() {
        #expect(Catalog.placeholders(in: "Step {step} of {count}") == ["step", "count"])
        #expect(Catalog.placeholders(in: "{a{b} and { } and {}") == ["b"])
    }

    @Test func aMissingOrAnExtraPlaceIsSaid() {
        #expect(Catalog.placeholderProblem(key: "scoreOf", .text("{label}: {score}"))
                == "lacks {max}; English has {label}, {max}, {score}")
        #expect(Catalog.placeholderProblem(key: "scoreOf", .text("{label}: {score} von {max} {extra}"))
                == "has {extra}, which English does not fill; English has {label}, {max}, {score}")
        // A plural form may leave out the count its category says.
        #expect(Catalog.placeholderProblem(key: "daysAgo", .plural([.one: "gestern", .other: "vor {count} Tagen"])) == nil)
    }
}
