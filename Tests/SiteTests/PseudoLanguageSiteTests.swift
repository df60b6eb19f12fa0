import Foundation
import Site
import Testing
import TestSupport
import StudyModel
import Words

/// Every page of the clinicians' site in the pseudo-language: a word of
/// CareFeed's not wrapped `⟦…⟧` came from code, not from the catalog.
@Suite struct PseudoLanguageSiteTests {
    @Test func everySitePageShowsOnlyTheCatalogsWordsAndTheStudys() throws {
        let site = try SiteBuilderTests()
        _ = try site.update(language: PseudoLanguage.language)
        let checker = try PseudoLanguage.checker(content: TestStudy.content)
        let root = site.directory.path + "/Site"
        let pages = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count > 40)
        var kinds: Set<String> = []
        for page in pages {
            let html = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
            #expect(html.contains("<html lang=\"en-XA\" dir=\"ltr\">"), "\(page)")
            let findings = checker.findings(in: html)
            #expect(findings.isEmpty, "\(page) shows words not from the catalog: \(findings.prefix(5).map { "\($0.word) in “\($0.text)”" })")
            kinds.insert(page.split(separator: "/").dropLast().last.map(String.init) ?? page)
        }
        #expect(kinds.isSuperset(of: ["feed", "education", "consent"]), "\(kinds)")
    }
}
