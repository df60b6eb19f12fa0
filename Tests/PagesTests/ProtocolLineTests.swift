import CareModel
import Content
import Foundation
import Pages
import Testing
import TestSupport
import StudyModel

/// The study's protocol and approving board on consent pages and records.
@Suite struct ProtocolLineTests {
    let study: Study
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")
    static let line = "<p class=\"day-meta protocol\">Protocol REB-2026-014 approved by Example University Research "
        + "Ethics Board</p>\n"

    init() throws {
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: nil).study)
    }

    func onboardingConsent(_ study: Study) throws -> String {
        let task = try #require(study.tasks.first { $0.isOnboarding })
        let number = try #require(task.survey.firstIndex { $0.type == "consent" }) + 1
        let context = OnboardingPages.Context(task: task, study: study, participant: participant,
                                              reader: .site(SiteLinks(page: "onboarding/3.html", feedDays: { _, _ in true })),
                                              csrfToken: "token", stepPath: { "/onboarding/\($0)" })
        return OnboardingPages.step(number, context: context, fields: OnboardingFields()).markup
    }

    @Test func theConsentDocumentRecordAndOnboardingConsentStepNameTheProtocol() throws {
        let document = try #require(study.consentDocuments.first)
        let page = ConsentPages.document(document, study: study, reader: .site(SiteLinks(page: "consent/recover.html",
                                                                                  feedDays: { _, _ in true }))).markup
        #expect(page.contains("SHA-256 <code class=\"hash\">\(document.sha256)</code></p>\n" + Self.line))
        let record = ConsentPages.record(participant: participant, records: [], today: Fixtures.date("2026-03-02"),
                                         study: study, reader: .site(SiteLinks(page: "participants/p1/consent.html",
                                                                        feedDays: { _, _ in true }), names: true)).markup
        #expect(record.contains("<p class=\"day-meta\">Participant p1 (p1)</p>\n" + Self.line))
        #expect(try onboardingConsent(study).contains("</a>.</p>\n" + Self.line + "<div class=\"prose consent-text\""))
    }

    @Test func theBoardsNameIsTextAndAStudyWithoutAProtocolShowsNoLine() throws {
        var edited = study
        edited.protocolApproval = ProtocolApproval(number: "A&B-1", board: "<Board>")
        #expect(try onboardingConsent(edited).contains("Protocol A&amp;B-1 approved by &lt;Board&gt;</p>"))
        edited.protocolApproval = nil
        #expect(!(try onboardingConsent(edited)).contains("protocol"))
    }
}
