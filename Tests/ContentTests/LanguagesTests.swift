import Content
import Foundation
import Testing
import TestSupport
import StudyModel
import Support
import Words

/// `languages:` in `study.yaml` and a study's own words in `content/i18n/`.
@Suite struct LanguagesTests {
    func load(_ languages: String, words: [String: String] = [:], files more: [String: String] = [:]) -> (study: Study?, diagnostics: [String]) {
        var files = ["content/study.yaml": StudyHeaderTests.header + languages].merging(more) { first, _ in first }
        for (tag, text) in words { files["content/i18n/\(tag).yaml"] = text }
        guard let folder = try? StudyFolder(files: files) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        return (result.study, result.diagnostics.map { $0.description.replacingOccurrences(of: folder.content + "/", with: "") })
    }

    @Test func aStudyWithoutLanguagesIsInUSEnglish() throws {
        let study = try #require(load("").study)
        #expect(study.languages.map(\.tag.identifier) == ["en-US"])
    }

    static let germanConsent = """
        ---
        title: Einwilligung
        ---
        # Zweck

        Wir untersuchen das Gehen.
        """

    @Test func theFirstLanguageIsTheStudysOwnAndEachSpeaksItsCatalogsWords() throws {
        let study = try #require(load("languages: [en-GB, de-DE]", words: [:], files: ["content/consent/walking.de-DE.md": Self.germanConsent]).study)
        #expect(study.languages.map(\.tag.identifier) == ["en-GB", "de-DE"])
        #expect(study.ownLanguage.words(.begin) == "Begin")
        #expect(study.language(LanguageTag("de-DE")!)?.words(.begin) == "Beginnen")
    }

    @Test func aConsentDocumentMustBeTranslatedAndATranslationHoldsOnlyWords() throws {
        #expect(load("languages: [en-GB, de-DE]").diagnostics.contains(
            "consent/walking.md: error: a consent document must be translated into every language of the study: write walking.de-DE.md beside it"))
        let changed = Self.germanConsent.replacingOccurrences(of: "title: Einwilligung", with: "title: Einwilligung\nversion: \"3\"")
        #expect(load("languages: [en-GB, de-DE]", files: ["content/consent/walking.de-DE.md": changed]).diagnostics.contains(
            "consent/walking.de-DE.md:3:10: error: '3' differs from the original's '2'; a translation holds only words, so leave this out or repeat it exactly"))
        let study = try #require(load("languages: [en-GB, de-DE]", files: ["content/consent/walking.de-DE.md": Self.germanConsent]).study)
        let german = try #require(study.translations[LanguageTag("de-DE")!]?.consentDocument("walking"))
        #expect(german.title == "Einwilligung")
        #expect(german.version == "2")
        #expect(german.language == "de-DE")
        #expect(german.html.markup.contains("Wir untersuchen das Gehen."))
        #expect(german.sha256 == SHA256.hex(german.html.markup))
        #expect(german.sha256 != study.consentDocument("walking")?.sha256)
    }

    @Test func aChangedGermanTextUnderAPublishedVersionIsRefusedWhileTheEnglishStands() throws {
        let folder = try StudyFolder(files: ["content/study.yaml": StudyHeaderTests.header + "languages: [en-GB, de-DE]",
                                             "content/consent/walking.de-DE.md": Self.germanConsent])
        let first = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        let published = first.consentVersions(publishedAt: Date(timeIntervalSince1970: 1_770_000_000))
        #expect(published.map(\.language).sorted() == ["", "de-DE"])
        #expect(Set(published.map(\.version)) == ["2"])
        try (Self.germanConsent + "\nUnd das Treppensteigen.\n").write(toFile: folder.content + "/consent/walking.de-DE.md",
                                                                     atomically: true, encoding: .utf8)
        var changed = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        changed.refuseChangedConsent(published: published)
        #expect(changed.study == nil)
        let messages = changed.errors.map { $0.description.replacingOccurrences(of: folder.content + "/", with: "") }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("consent/walking.de-DE.md: error: the text changed but version is still \"2\"") == true,
                "\(messages)")
    }

    @Test func aConsentTranslationWithoutItsTextIsAnError() {
        let blank = "---\ntitle: Einwilligung\n---\n"
        #expect(load("languages: [en-GB, de-DE]", files: ["content/consent/walking.de-DE.md": blank]).diagnostics.contains(
            "consent/walking.de-DE.md: error: the translation has no text: translate the whole document below its front matter"))
    }

    @Test func aStudyInTwoLanguagesWithoutAConsentTranslationIsRefused() throws {
        let study = load("languages: [de-DE, en-GB]").study
        #expect(study == nil)
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

    @Test func aWordWhosePlacesDifferFromEnglishsIsAnErrorAtItsLine() {
        #expect(load("languages: [de-DE]", words: ["de-DE": "begin: Los\nscoreOf: \"{label}: {score}\"\n"]).diagnostics == [
            "i18n/de-DE.yaml:2:10: error: scoreOf lacks {max}; English has {label}, {max}, {score}",
        ])
        #expect(load("languages: [de-DE]", words: ["de-DE": "daysAgo:\n  one: vor {days} Tag\n  other: vor {count} Tagen\n"])
            .diagnostics == ["i18n/de-DE.yaml:2:3: error: daysAgo its 'one' form has {days}, which English does not fill; English has {count}"])
    }

    /// No word is measured against it for a suggestion (that took half a minute), and the message names it short.
    @Test func aVeryLongUnknownKeyIsNamedShort() {
        let key = String(repeating: "x", count: 100_000)
        let diagnostics = load("languages: [de-DE]", words: ["de-DE": "? \(key)\n: Los\n"]).diagnostics
        #expect(diagnostics == ["i18n/de-DE.yaml:1:3: error: '\(key.prefix(60))…' is not one of CareFeed's words"])
    }

    /// An office's name is a word, translated; a person's is repeated, and a phone number is no word at all.
    @Test func aContactsNameIsTranslated() throws {
        let study = try #require(ContentLoader.load(directory: Repository.root + "/content", publicDirectory: nil).study)
        let german = try #require(study.translations[LanguageTag("de-DE")!])
        #expect(german.contacts.map(\.name) == ["Chirurgische Praxis", "Physiotherapie", "Studienkoordination"])
        #expect(german.contacts.map(\.phone) == study.contacts.map(\.phone))
    }
}
