import Content
import Foundation
import Testing
import TestSupport
import StudyModel
import Words

/// `languages:` in `study.yaml` and a study's own words in `content/i18n/`.
@Suite struct LanguagesTests {
    func load(_ languages: String, words: [String: String] = [:]) -> (study: Study?, diagnostics: [String]) {
        var files = ["content/study.yaml": StudyHeaderTests.header + languages]
        for (tag, text) in words { files["content/i18n/\(tag).yaml"] = text }
        guard let folder = try? StudyFolder(files: files) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        return (result.study, result.diagnostics.map { $0.description.replacingOccurrences(of: folder.content + "/", with: "") })
    }

    @Test func aStudyWithoutLanguagesIsInUSEnglish() throws {
        let study = try #require(load("").study)
        #expect(study.languages.map(\.tag.identifier) == ["en-US"])
    }

    @Test func theFirstLanguageIsTheStudysOwnAndEachSpeaksItsCatalogsWords() throws {
        let study = try #require(load("languages: [de-DE, en-GB]").study)
        #expect(study.languages.map(\.tag.identifier) == ["de-DE", "en-GB"])
        #expect(study.ownLanguage.words(.begin) == "Beginnen")
        #expect(study.language(LanguageTag("en-GB")!)?.words(.begin) == "Begin")
    }

    @Test func aStudysOwnWordReplacesTheShippedOneAndPluralsFollowCLDR() throws {
        let study = try #require(load("languages: [de-CH]", words: ["de-CH": """
            begin: Los
            entriesLoggedToday: { one: "{count} Eintrag heute", other: "{count} Einträge heute" }
            """]).study)
        let words = study.ownLanguage.words
        #expect(words(.begin) == "Los")
        #expect(words(.entriesLoggedToday, count: 1) == "1 Eintrag heute")
        #expect(words(.entriesLoggedToday, count: 2) == "2 Einträge heute")
    }

    @Test func aLanguageCareFeedDoesNotShipNeedsEveryWordAndCheckNamesWhatIsMissing() {
        let loaded = load("languages: [nl-NL]", words: ["nl-NL": "begin: Beginnen\n"])
        #expect(loaded.study == nil)
        let message = try? #require(loaded.diagnostics.first)
        #expect(message?.hasPrefix("study.yaml:5:12: error: CareFeed has no words for nl-NL and content/i18n/nl-NL.yaml does not give "
                                   + "\(Word.allCases.count - 1) of them") == true, "\(loaded.diagnostics)")
    }

    @Test func aWordThatIsNotCareFeedsOrATagThatIsNotOneIsAnErrorAtItsLine() {
        #expect(load("languages: [de-DE, deutsch]").diagnostics == [
            "study.yaml:5:20: error: 'deutsch' is not a language tag; write one such as de-DE, en-GB, ja or zh-Hans",
        ])
        #expect(load("languages: [de-DE]", words: ["de-DE": "begn: Los\n"]).diagnostics == [
            "i18n/de-DE.yaml:1:1: error: 'begn' is not one of CareFeed's words; did you mean 'begin'?",
        ])
    }
}
