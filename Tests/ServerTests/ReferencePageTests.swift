import Assets
import CareModel
import CareStore
import Content
import Foundation
import HTTP
import Server
import StudyModel
import StudyTemplate
import Testing
import TestSupport

/// The editors' reference at `/docs`: rendered by the program's own cmark
/// inside its stylesheet, every part a message cites is there, every link
/// inside it lands, and the error banner links to it.
@Suite struct ReferencePageTests {
    let directory: TemporaryDirectory
    let store: CareStore
    let study: Study
    let today = Fixtures.date("2026-03-09")

    init() throws {
        directory = try TemporaryDirectory()
        store = try CareStore(path: directory.path + "/care.sqlite")
        study = try #require(ContentLoader.load(directory: TestStudy.content, publicDirectory: TestStudy.publicFolder).study)
        try store.addParticipant(Participant(id: "p1", name: "Ada", timeZone: study.timeZone, enrolledOn: today))
    }

    func app(diagnostics: [Diagnostic] = [], previewsEdits: Bool = false) throws -> ParticipantApp {
        var configuration = ParticipantApp.Configuration(participantID: "p1", today: today, secret: "test secret")
        configuration.previewsEdits = previewsEdits
        return ParticipantApp(store: store,
                              content: .init(plan: CarePlan(study: study),
                                             assets: try Assets(publicDirectory: TestStudy.publicFolder, study: study),
                                             diagnostics: diagnostics),
                              configuration: configuration)
    }

    func get(_ path: String, from app: ParticipantApp) -> HTTPResponse {
        app.handle(HTTPRequest(method: "GET", path: path, headers: ["Host": "localhost:8080"]))
    }

    /// The values of `attribute` in `html`.
    func values(of attribute: String, in html: String) -> [String] {
        html.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    @Test func theReferenceIsServedWithEveryPartAMessageCites() throws {
        let response = get("/docs", from: try app())
        #expect(response.status == .ok)
        let html = response.text
        #expect(html.contains("<html lang=\"en-US\" dir=\"ltr\">"), "the reference says it is English")
        #expect(html.contains("<h1 id=\"writing-a-study-the-content-reference\">Writing a study: the content reference</h1>"))
        #expect(html.contains("href=\"/assets/css/carefeed.css\""))
        let ids = Set(values(of: "id", in: html))
        for section in ReferenceSection.allCases {
            #expect(ids.contains(section.rawValue), "no part #\(section.rawValue) for the messages that cite it")
        }
        for link in values(of: "href", in: html) where link.hasPrefix("#") {
            #expect(ids.contains(String(link.dropFirst())), "the reference links to \(link), which it does not have")
        }
        #expect(!html.contains("<p>|"), "a table CommonMark does not read shows as text")
        #expect(StudyTemplate.reference.hasPrefix("# Writing a study: the content reference\n"))
        #expect(get("/docs.html", from: try app()).status == .notFound)
    }

    @Test func theErrorBannerLinksEachErrorToItsPartOfTheReference() throws {
        let diagnostic = Diagnostic(file: "content/tasks/walk.md", line: 7, column: 9,
                                    message: "at \"9am\" is not a wall-clock time \"HH:MM\"; write it as \"09:00\"",
                                    section: .schedules)
        let page = get("/onboarding/1", from: try app(diagnostics: [diagnostic])).text
        #expect(page.contains("<code>content/tasks/walk.md:7:9: error: at &quot;9am&quot;"))
        #expect(page.contains("</code> <a href=\"/docs#schedules\">How to write it</a></li>"))
        #expect(page.contains("<a href=\"/docs\">The reference for writing a study</a>"))
        #expect(!page.contains("preview-note"), "a participant named to serve is not told it is a preview")
        #expect(get("/docs", from: try app(diagnostics: [diagnostic])).text.contains("href=\"/docs#schedules\""))
    }

    @Test func thePreviewParticipantsPagesSayTheyAreAPreview() throws {
        let preview = try app(previewsEdits: true)
        #expect(get("/onboarding/1", from: preview).text.contains(
            "<p class=\"preview-note\">This is your preview. Each change you save shows here at once. "
                + "Participants see a changed task from the next day.</p>"))
        #expect(!get("/docs", from: preview).text.contains("preview-note"), "the reference is not a participant's page")
    }
}
