import CareModel
import Content
import Foundation
import Pages
import StudyModel
import Testing
import TestSupport
import Words

/// The protocol page's schedule of activities against `carefeed schedule`:
/// for Recover's every task, the same days, for a participant whose day of
/// surgery is the day they enrol.
@Suite struct ProtocolScheduleTests {
    @Test func recoversScheduleOfActivitiesHasTheDaysCarefeedScheduleLists() throws {
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: Repository.publicFolder).study)
        let plan = CarePlan(study: study)
        let rows = ProtocolPage.rows(plan, format: Format(language: .usEnglish))
        let enrolled = ProtocolPage.referenceDay
        for task in plan.tasks where !task.isOnboarding && task.kind != .log {
            let run = Run("schedule", "--content", Repository.content, "--task", task.id, "--format", "json",
                          "--from", enrolled.adding(days: -ProtocolPage.reach).description,
                          "--to", enrolled.adding(days: ProtocolPage.reach - 1).description,
                          "--enrolled", enrolled.description, "--date", "surgery=\(enrolled)")
            #expect(run.status == 0, "\(run.error)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
            let fromDate = ProtocolPage.countsFrom(task) != nil
            let listed = events.compactMap { ($0["date"] as? String).flatMap(LocalDate.init(iso:)) }
                .map { enrolled.days(to: $0) + (fromDate ? 0 : 1) }
            let shown = rows.filter { $0.task == task.id }.flatMap(\.days)
            #expect(shown.sorted() == listed.sorted(), "\(task.id)")
            #expect(!listed.isEmpty, "\(task.id) has events")
            let visits = events.compactMap { $0["visit"] as? String }
            #expect(rows.filter { $0.task == task.id }.compactMap(\.visit) == visits, "\(task.id)'s visits")
        }
    }
}

extension ProtocolScheduleTests {
    @Test func theBuiltProtocolListsTheStoresConsentAndTaskVersionsAndTheOverviewLinksIt() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "3", "--days", "5", "--today", "2026-11-30").status == 0)
        #expect(Run("build", "--store", store, "--out", folder.path + "/Site", "--today", "2026-11-30").status == 0)
        let page = try String(contentsOfFile: folder.path + "/Site/protocol.html", encoding: .utf8)
        let study = try #require(ContentLoader.load(directory: Repository.content, publicDirectory: Repository.publicFolder).study)
        let documents = study.consentDocuments + study.translations.values.flatMap(\.consentDocuments)
        #expect(documents.count == 2 && documents.allSatisfy { page.contains("<code class=\"hash\">\($0.sha256)</code>") })
        #expect(page.contains("<th scope=\"row\">Check in, version 1</th><td>The start</td>"))
        #expect(page.contains("<td data-label=\"Visit\">Before surgery</td>"))
        #expect(page.contains("<code>[locking] = &#39;true&#39;</code>"))
        let overview = try String(contentsOfFile: folder.path + "/Site/overview.html", encoding: .utf8)
        #expect(overview.contains("<a href=\"protocol.html\">The study protocol: schedule, questions and versions</a>"))
    }
}
