import Foundation
import Testing
@testable import Words

@Suite struct CatalogTests {
    @Test func everyShippedCatalogHasEveryWordAndNoOther() throws {
        let keys = Set(Word.allCases.map(\.rawValue))
        for tag in Catalog.shippedLanguages {
            let catalog = try #require(Catalog.builtIn[tag.identifier], "no catalog for \(tag)")
            let have = Set(catalog.entries.keys)
            #expect(keys.subtracting(have).sorted() == [], "\(tag) lacks these words")
            #expect(have.subtracting(keys).sorted() == [], "\(tag) has words CareFeed does not use")
        }
    }
}
