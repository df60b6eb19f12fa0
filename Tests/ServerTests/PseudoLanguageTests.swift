import CareModel
import Foundation
import Testing
import TestSupport
import StudyModel
import Words

/// Every page kind of the server in a language no one speaks, every
/// built-in word wrapped and accented (`⟦Ţöðåý⟧`): a word of CareFeed's
/// that is not wrapped came from code, not from the catalog.
@Suite struct PseudoLanguageTests {
    static func pseudoLanguage() throws -> Language { PseudoLanguage.language }

    static func checker() throws -> UntranslatedText { try PseudoLanguage.checker(content: TestStudy.content) }

    @Test func theCheckFindsEnglishLeftInCodeAndPassesTheCatalogsAndTheStudysWords() throws {
        let checker = try Self.checker()
        #expect(checker.findings(in: "<p>Something went wrong</p>").map(\.word) == ["Something"])
        #expect(checker.findings(in: "<button aria-label=\"Save answers\">⟦Šåvé⟧</button>").map(\.word) == ["Save"])
        #expect(checker.findings(in: "<p>⟦Ţöðåý⟧ · Check in</p><h2>How bad is your knee pain right now?</h2>").isEmpty)
    }

    @Test func everyServerPageShowsOnlyTheCatalogsWordsAndTheStudys() throws {
        let language = try Self.pseudoLanguage()
        let app = try ParticipantAppTests { study in study.languages = [language] }
        let checker = try Self.checker()
        var pages: [(String, String)] = []
        func visit(_ path: String) { pages.append((path, app.get(path).text)) }
        for step in 1...5 { visit("/onboarding/\(step)") }
        pages.append(("refused step", app.post("/onboarding/3", [("printedName", ""), ("signature", "")]).text))
        try app.onboard()
        for path in ["/feed/2026-03-09", "/feed/2026-03-07", "/feed/2026-03-12", "/tasks/checkIn/2", "/insights", "/education",
                     "/education/meniscus", "/consent", "/consent/recover", "/care-team", "/withdraw", "/language", "/nowhere",
                     "/feed/2027-01-01"] {
            visit(path)
        }
        pages.append(("refused answers", app.post("/tasks/checkIn/2", [("pain", "11"), ("sleep", "x")]).text))
        #expect(app.post("/tasks/checkIn/2", [("pain", "3"), ("sleep", "7")]).status == 303)
        for path in ["/tasks/checkIn/2/done", "/tasks/checkIn/2/delete", "/feed/2026-03-09"] { visit(path) }
        pages.append(("locked day", app.post("/tasks/checkIn/1", [("pain", "3"), ("sleep", "7")]).text))
        for (path, html) in pages {
            #expect(html.contains("<html lang=\"en-XA\" dir=\"ltr\">"), "\(path)")
            let findings = checker.findings(in: html)
            #expect(findings.isEmpty, "\(path) shows words not from the catalog: \(findings.prefix(5).map { "\($0.word) in “\($0.text)”" })")
        }
    }
}
