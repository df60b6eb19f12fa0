import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// Card kinds follow from a task's content, and what a log, a checklist,
/// a care team and a count of entries may not hold is named at its line.
@Suite struct TaskCardContentTests {
    func load(_ files: [String: String]) -> (study: Study?, diagnostics: [String]) {
        guard let study = try? StudyFolder(files: files) else { return (nil, ["no study"]) }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return (result.study, result.diagnostics.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") })
    }

    func task(_ id: String, _ frontMatter: String) -> [String: String] {
        ["content/tasks/\(id).md": "---\nid: \(id)\ntitle: \(id)\n" + frontMatter + "\n---\nDo it.\n"]
    }

    @Test func theKindOfEachTaskFollowsFromItsContent() throws {
        let files = task("stretch", "schedule:\n  - { start: enrollment, every: 1 day, at: \"09:00\" }")
            .merging(task("ice", "schedule:\n  - { start: enrollment, every: 1 day, at: [\"20:00\", \"08:00\", \"14:00\"] }")) { $1 }
            .merging(task("tablet", "log: true\nbutton: Log a tablet")) { $1 }
        let loaded = load(files)
        #expect(loaded.diagnostics == [])
        let study = try #require(loaded.study)
        #expect(study.task("walk")?.kind == .survey)
        #expect(study.task("stretch")?.kind == .simple)
        #expect(study.task("ice")?.kind == .checklist)
        let log = try #require(study.task("tablet"))
        #expect(log.kind == .log)
        #expect(log.button == "Log a tablet")
        #expect(log.impactsAdherence == false, "a log never counts")
        #expect(log.schedule.elements == [ScheduleElement(interval: .days(1), time: .allDay)], "offered every day")
    }

    @Test func aTaskThatIsNoLogKeepsTheDefinitionTheStoreVersioned() throws {
        let study = try #require(load([:]).study)
        let definition = try #require(study.task("walk")).definition
        #expect(!definition.contains("\"log\""))
        #expect(!definition.contains("\"button\""))
    }

    @Test func whatALogMayNotHaveIsNamedAtItsLine() {
        let loaded = load(task("tablet", """
            log: true
            impactsAdherence: true
            schedule:
              - { start: enrollment, every: 1 day, at: "08:00" }
            survey:
              - type: form
                items:
                  - { id: dose, text: How many?, answer: numeric }
            """))
        #expect(loaded.diagnostics == [
            "tasks/tablet.md:5:19: error: a log task never counts toward adherence, as its entries are taken as needed; remove impactsAdherence",
            "tasks/tablet.md:7:44: error: a log task is offered all day on the days its schedule names; use allDay: true, not at",
            "tasks/tablet.md:9:3: error: a log task has no survey: each entry is one tap on its card; remove survey, or log: true to ask questions",
        ])
    }

    @Test func aChecklistsElementsAllGiveTimesAndOnlyALogHasAButton() {
        let loaded = load(task("ice", """
            button: Ice
            schedule:
              - { start: enrollment, every: 1 day, at: ["08:00", "20:00"] }
              - { start: enrollment + 14 days, every: 1 day, allDay: true }
            """))
        #expect(loaded.diagnostics == [
            "tasks/ice.md:4:9: error: button names a log task's button, and this task has no log: true",
            "tasks/ice.md:7:58: error: a checklist has one box for each time of day, so every element needs at times, not allDay: true",
        ])
    }

    @Test func aCareTeamsPhoneNumbersAndEmailsAreCheckedAtTheirLines() throws {
        let header = """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            contacts:
              - { name: Clinic, role: Nurses, phone: "+44 (0)20 7946 0958", email: clinic@example.org }
              - { name: Surgeon, phone: "555-01x2" }
              - { name: Physio, phone: "12", email: "physio at example.org" }
              - { name: Nobody, note: Call us }

            """
        let loaded = load(["content/study.yaml": header])
        #expect(loaded.diagnostics == [
            "study.yaml:7:29: error: phone '555-01x2' cannot be dialled: 'x' has no place in a phone number; write it as \"+1 212 555 0142\" or \"(212) 555-0142\"",
            "study.yaml:8:28: error: phone '12' cannot be dialled: a phone number has 7 to 15 digits, not 2; write it as \"+1 212 555 0142\" or \"(212) 555-0142\"",
            "study.yaml:8:41: error: email 'physio at example.org' is not an e-mail address such as team@example.org",
            "study.yaml:9:5: error: a contact needs a phone or an email, so participants can reach them",
        ])
        let valid = load(["content/study.yaml": header.components(separatedBy: "  - { name: Surgeon")[0]])
        let contact = try #require(valid.study?.contacts.first)
        #expect(contact.telURI == "tel:+4402079460958")
        #expect(contact.role == "Nurses")
    }

    @Test func phoneNumbersAreReadAsPeopleWriteThem() {
        for good in ["(212) 555-0142", "+1 212 555 0142", "212.555.0142", "+44 20 7946 0958", "5550142"] {
            #expect(PhoneNumber.problem(good) == nil, "\(good)")
        }
        #expect(PhoneNumber.problem("1+212 555 0142") == "a '+' may only come first")
        #expect(PhoneNumber.problem("(212 555-0142") == "its parentheses do not pair up")
        #expect(PhoneNumber.dialable("+1 (212) 555-0142") == "+12125550142")
        for bad in ["a@b", "@example.org", "me@example", "me@@example.org", "me@exa mple.org", "me@-x.org"] {
            #expect(!EmailAddress.isValid(bad), "\(bad)")
        }
        #expect(EmailAddress.isValid("recover-study+1@example.org"))
    }

    @Test func aCountOfEntriesChartsOnlyALog() {
        let header = """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            insights:
              - title: Doses
                type: bar
                series:
                  - { task: tablet, count: entries, legend: Tablets }
                  - { task: walk, count: entries, legend: Walks }
              - title: Mistakes
                type: bar
                series:
                  - { task: tablet, count: doses, legend: Doses }
                  - { task: tablet, value: steps, count: entries, legend: Both }
                  - { task: tablet, legend: Neither }

            """
        let loaded = load(["content/study.yaml": header].merging(task("tablet", "log: true")) { $1 })
        #expect(loaded.diagnostics == [
            "study.yaml:10:30: error: count: entries counts a log task's entries a day, and 'walk' is not a log (log: true)",
            "study.yaml:14:32: error: count must be 'entries', the number of entries a day of a log task, not 'doses'",
            "study.yaml:15:46: error: give either value (a form item's answers) or count: entries (a log's entries a day), not both",
            "study.yaml:16:9: error: a chart series is missing 'value' (a form item), 'score' (a score of the task) or "
                + "'count: entries' (a log's entries a day)",
        ])
    }
}
