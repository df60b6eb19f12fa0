import CareModel
import Content
import Foundation
import Pages
import StudyModel
import Support
import Testing
import TestSupport
import Words

/// A record reads as it was signed: the document's title and its text in the language it was signed in, whatever
/// the page's, so that a German site does not put a German title over an English text.
@Suite struct ConsentRecordLanguageTests {
    @Test func aRecordSignedInTheStudysOwnLanguageKeepsItsTitleAndIsMarkedAsSuchOnAGermanPage() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study)
        let tag = try #require(LanguageTag("de-DE"))
        let german = study.translated(to: tag)
        let document = try #require(study.consentDocuments.first)
        let germanTitle = try #require(german.consentDocument(document.id)?.title)
        #expect(germanTitle != document.title)
        let participant = Fixtures.participant(enrolledOn: "2026-03-01")
        let record = ConsentRecord(participantID: participant.id, documentID: document.id, version: document.version,
                                   sha256: SHA256.hex("<p>Text</p>"), html: "<p>Text</p>", printedName: "Ada",
                                   signature: .drawn(pathData: "M1 1 L5 5"), signedAt: Fixtures.instant("2026-03-01T15:00:00Z"),
                                   timeZone: participant.timeZone)
        let reader = Reader.clinician(links: SiteLinks(page: "participants/p1/consent.html", feedDays: { _, _ in true }),
                                      sharing: .everything, names: false, language: Language(tag))
        let html = ConsentPages.record(participant: participant, records: [record], today: Fixtures.date("2026-03-02"),
                                       study: german, reader: reader).markup
        let signedIn = "lang=\"\(study.ownLanguage.tag.identifier)\" dir=\"ltr\""
        #expect(html.contains("<h2 \(signedIn)>\(document.title)</h2>"))
        #expect(!html.contains(">\(germanTitle)</h2>"))
        #expect(html.contains("<div class=\"prose\" \(signedIn)>"))
    }
}
