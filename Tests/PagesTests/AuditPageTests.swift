import CareModel
import Content
import Feed
import Foundation
import Pages
import Testing
import TestSupport
import Words
import StudyModel

/// The audit trail reads each entry in the study's words, traceable to the
/// stored answer, and marks what was stored out of order.
@Suite struct AuditPageTests {
    let plan: CarePlan
    let participant = Fixtures.participant(enrolledOn: "2026-03-01")

    init() throws {
        plan = CarePlan(study: try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study))
    }

    var checkIn: Outcome {
        let start = Fixtures.instant("2026-03-02T13:00:00Z")
        return Outcome(id: 7, participantID: "p1", taskID: "checkIn", taskVersion: 1, occurrence: 1,
                       eventDay: Fixtures.date("2026-03-02"), eventStart: start, eventEnd: start.addingTimeInterval(3600),
                       values: [OutcomeValue(kind: "pain", value: .integer(7)),
                                OutcomeValue(kind: "sleep", value: .decimal(5.5), unit: "hours")],
                       createdAt: start.addingTimeInterval(300), deletedAt: Fixtures.instant("2026-03-02T15:00:00Z"))
    }

    func page(_ entries: [AuditEntry], sharing: Sharing = .everything) -> String {
        AuditPage.render(participant: participant, entries: entries, outcomes: [checkIn], records: [], grants: [],
                         today: Fixtures.date("2026-03-03"), plan: plan,
                         reader: .site(SiteLinks(page: "participants/p1/audit.html", feedDays: { _, _ in true }), sharing: sharing)).markup
    }

    let signed = AuditEntry(id: 1, at: Fixtures.instant("2026-03-02T12:00:00Z"), participantID: "p1", action: .consentSign,
                            subject: .consent(documentID: "recover", version: "1.0"), detail: nil)
    var saved: AuditEntry {
        AuditEntry(id: 2, at: checkIn.createdAt, participantID: "p1", action: .outcomeAdd,
                   subject: .outcome(taskID: "checkIn", occurrence: 1, outcomeID: 7), detail: "pain=7 sleep=5.5")
    }
    let deleted = AuditEntry(id: 3, at: Fixtures.instant("2026-03-02T15:00:00Z"), participantID: "p1",
                             action: .outcomeDelete, subject: .outcome(taskID: "checkIn", occurrence: 1, outcomeID: 7),
                             detail: "outcome 7")

    /// A record from before languages were kept was signed in the study's own: a site built in German says so.
    @Test func aSignatureWithoutALanguageIsInTheStudysOwnOnAPageInAnother() throws {
        let record = ConsentRecord(participantID: "p1", documentID: "recover", version: "1.0", sha256: String(repeating: "a", count: 64),
                                   html: "<p>Text</p>", printedName: "Ada", signature: .drawn(pathData: "M1 1 L5 5"),
                                   signedAt: signed.at, timeZone: participant.timeZone)
        let german = Language(try #require(LanguageTag("de-DE")))
        let html = AuditPage.render(participant: participant, entries: [signed], outcomes: [], records: [record], grants: [],
                                    today: Fixtures.date("2026-03-03"), plan: plan,
                                    reader: .clinician(links: SiteLinks(page: "participants/p1/audit.html", feedDays: { _, _ in true }),
                                                       sharing: .everything, names: false, language: german)).markup
        #expect(html.contains("Sprache: English (United States)"), "not the page's own language")
    }

    @Test func aDeletionReadsAsItsSaveWithTheValuesItRemovedAndNoRowID() {
        let html = page([signed, saved, deleted])
        #expect(html.contains("<th scope=\"row\">Answer deleted</th><td data-label=\"Subject\">Check in, Mar 2</td>"
                              + "<td data-label=\"Detail\">Deleted: Pain: 7 · Sleep: 5.5 hours</td>"))
        #expect(!html.contains("outcome 7"))
    }

    @Test func aDeletedValueNotSharedStaysNotShared() {
        let html = page([signed, saved, deleted], sharing: Sharing(withheld: ["pain"]))
        #expect(html.contains("Deleted: Pain: Not shared · Sleep: 5.5 hours"))
    }

    @Test func anAnswerStoredBeforeTheConsentIsMarked() {
        let early = AuditEntry(id: 2, at: Fixtures.instant("2026-03-02T11:00:00Z"), participantID: "p1", action: .outcomeAdd,
                               subject: .outcome(taskID: "checkIn", occurrence: 1, outcomeID: 7), detail: "pain=7 sleep=5.5")
        #expect(page([early, signed]).contains("<strong class=\"audit-note\">Stored before the consent was signed</strong>"))
        #expect(!page([signed, saved]).contains("audit-note"))
    }
}
