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

/// A study written only in Japanese, or only in Arabic: no English word of
/// CareFeed's on any of its participant's pages.
@Suite struct OwnLanguageStudyTests {
    @Test(arguments: ["ja", "ar", "zh-Hans"])
    func aStudyInOneLanguageShowsNoEnglishWordOfCareFeeds(_ language: String) throws {
        let directory = try TemporaryDirectory()
        for (path, bytes) in StudyTemplate.files(in: language) {
            let url = URL(fileURLWithPath: directory.path + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
        let content = directory.path + "/content"
        let loaded = ContentLoader.load(directory: content, publicDirectory: directory.path + "/public")
        let study = try #require(loaded.study, "\(loaded.diagnostics)")
        let store = try CareStore(path: directory.path + "/care.sqlite")
        let today = Fixtures.date("2026-03-09")
        try store.addParticipant(Participant(id: "p1", name: "Ada", timeZone: study.timeZone, enrolledOn: today))
        let app = ParticipantApp(store: store,
                                 content: .init(plan: CarePlan(study: study),
                                                assets: try Assets(publicDirectory: directory.path + "/public", study: study)),
                                 configuration: .init(participantID: "p1", today: today, secret: "test secret"))
        let session = app.newSession()
        let checker = try PseudoLanguage.checker(content: content)
        let steps = study.tasks.first(where: \.isOnboarding)?.survey.count ?? 0
        let paths = (1...steps).map { "/onboarding/\($0)" }
            + ["/feed/2026-03-09", "/feed/2026-03-10", "/education", "/education/about-the-study", "/care-team", "/language", "/nowhere"]
        for path in paths {
            let html = app.handle(HTTPRequest(method: "GET", path: path, headers: ["Host": "localhost:8080", "Cookie": "carefeed_session=\(session)",
                                                                                   "Accept-Language": "en-US,en;q=0.9"])).text
            #expect(html.contains("<html lang=\"\(study.ownLanguage.tag)\""), "\(path)")
            let findings = checker.findings(in: html)
            #expect(findings.isEmpty, "\(path): \(findings.prefix(5).map { "\($0.word) in “\($0.text)”" })")
        }
    }
}
