import Content
import Foundation
import Testing
import TestSupport

/// What `check` says of the protocol in time: a schedule or an onboarding
/// question naming a date study.yaml does not declare, a visit named twice
/// or on a repeating element, an end before its start from the same date,
/// and elements that would not move together.
@Suite struct ProtocolInTimeContentTests {
    func diagnostics(_ files: [String: String], dates: String = "  - { id: surgery, label: Day of surgery }\n") -> [String] {
        var files = files
        files["content/study.yaml"] = (StudyFolder.minimal["content/study.yaml"] ?? "") + "\ndates:\n" + dates
        guard let study = try? StudyFolder(files: files) else { return ["cannot write the study"] }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return result.errors.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") }
    }

    func task(_ schedule: String) -> [String: String] {
        ["content/tasks/visits.md": "---\nid: visits\ntitle: Visits\nschedule:\n" + schedule + "\n---\n"]
    }

    @Test func aScheduleNamesOnlyDeclaredDatesAndVisitsOnce() {
        #expect(diagnostics(task("""
              - { start: surgery - 7 days, allDay: true, window: 7 days, visit: Baseline }
              - { start: surgry + 2 weeks, allDay: true, visit: Week 2 }
              - { start: surgery + 6 weeks, allDay: true, visit: Baseline }
            """)) == [
            "tasks/visits.md:6:14: error: no participant's date 'surgry'; did you mean 'surgery'?",
            "tasks/visits.md:7:54: error: the visit 'Baseline' is named twice in this task; each visit is one event with a name of its own",
        ])
        #expect(diagnostics(task("""
              - { start: surgery, end: surgery - 1 day, every: 1 day, allDay: true, visit: Daily }
            """)) == [
            "tasks/visits.md:5:28: error: end (surgery - 1 day) must come after start (surgery); end is exclusive",
            "tasks/visits.md:5:80: error: a visit is one event, so an element with visit has no every and one time at most; "
                + "give each visit an element of its own",
        ])
        #expect(diagnostics(task("  - { start: enrollment, every: 1 day, allDay: true }"),
                            dates: "  - { id: surgery, label: Day of surgery }\n  - { id: surgery, label: Again }\n  - { id: enrollment, label: Day 1 }\n") == [
            "study.yaml:13:11: error: the date id 'surgery' is declared twice",
            "study.yaml:14:11: error: 'enrollment' is every participant's first day already; give this date another id",
        ])
    }

    @Test func elementsOfOneTaskCountFromOneDay() {
        let errors = diagnostics(task("""
              - { start: enrollment, every: 1 day, allDay: true }
              - { start: surgery + 2 weeks, allDay: true }
            """))
        #expect(errors == ["tasks/visits.md:5:14: error: this task's elements start or end from different days (enrollment, "
                           + "surgery); a task that counts from a participant's date counts all its starts and ends from it, "
                           + "so a date that moves moves its events together: put the others in a task of their own"])
        #expect(diagnostics(task("""
              - { start: 2026-06-01, allDay: true }
              - { start: surgery + 2 weeks, allDay: true }
            """)).first?.contains("(2026-06-01, surgery)") == true, "a fixed day does not move with surgery either")
        #expect(diagnostics(task("  - { start: enrollment, end: surgery, every: 1 day, allDay: true }")).isEmpty,
                "a diary from joining to surgery: its moved end numbers no event again")
        #expect(diagnostics(task("""
              - { start: enrollment, end: surgery, every: 1 day, allDay: true }
              - { start: surgery, every: 1 week, allDay: true }
            """)).count == 1, "with another element, its end moves events between them")
    }

    @Test func onlyADateItemAfterTheConsentSetsADeclaredDate() {
        func survey(_ items: String) -> [String: String] {
            ["content/tasks/visits.md": """
                ---
                id: visits
                title: Visits
                schedule:
                  - { start: enrollment, every: 1 day, allDay: true }
                survey:
                  - type: form
                    items:
                \(items)
                ---
                """]
        }
        #expect(diagnostics(survey("      - { id: when, text: When?, answer: date, sets: surgery }")) == [
            "tasks/visits.md:9:54: error: sets asks a participant's date when they join, so it belongs in a form step after "
                + "the consent step of the onboarding task",
        ])
        #expect(diagnostics(survey("      - { id: often, text: How often?, answer: numeric, sets: surgery }")) == [
            "tasks/visits.md:9:63: error: sets gives a participant's date from the answer, so it needs a date answer, "
                + "such as 'answer: { date: {} }'",
        ])
        #expect(diagnostics(survey("      - { id: other, text: Other?, answer: date, sets: discharge }")) == [
            "tasks/visits.md:9:56: error: no participant's date 'discharge'; declare it in study.yaml's dates; known: surgery",
        ])
    }
}

/// What `check` says of a task's alerts: each names a question of the task
/// or one of its scores, a value its answers can reach, and a note that exists.
@Suite struct AlertContentTests {
    func diagnostics(_ alerts: String, survey: Bool = true) -> [String] {
        let form = survey ? """
            survey:
              - type: form
                items:
                  - { id: pain, text: Pain?, answer: { scale: { min: 0, max: 10, step: 1 } } }
            """ : ""
        let files = ["content/tasks/check.md": "---\nid: check\ntitle: Check\nschedule:\n"
                     + "  - { start: enrollment, every: 1 day, at: \"08:00\" }\n" + form + "\nalerts:\n" + alerts + "\n---\n"]
        guard let study = try? StudyFolder(files: files) else { return ["cannot write the study"] }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return result.errors.map { $0.description.replacingOccurrences(of: study.content + "/", with: "") }
    }

    @Test func anAlertNamesWhatTheTaskHas() {
        #expect(diagnostics("  - { when: { item: pain, atLeast: 8 }, label: Severe pain, show: walking, notify: true }").isEmpty)
        #expect(diagnostics("  - { when: { item: pian, atLeast: 8 }, label: Severe pain }")
                == ["tasks/check.md:11:21: error: the survey has no question 'pian' before this one; the questions before it are pain"])
        #expect(diagnostics("  - { when: { item: pain, atLeast: 11 }, label: Severe pain }")
                == ["tasks/check.md:11:36: error: atLeast 11 is out of reach: answers to 'pain' run from 0 to 10"])
        #expect(diagnostics("  - { when: { item: pain, atLeast: 8 }, label: Severe pain, show: when-to-call }")
                == ["tasks/check.md:11:67: error: no education note 'when-to-call'; expected a file education/when-to-call.md; known: walking"])
        #expect(diagnostics("  - { when: { score: total, below: 3 }, label: Low }")
                == ["tasks/check.md:11:22: error: the task has no score 'total'; it has no scores"])
        #expect(diagnostics("  - { when: { not: { item: pain, atMost: 7 } }, label: Severe pain }")
                == ["tasks/check.md:11:13: error: an alert is raised by what a participant answered, never by an answer "
                    + "missing, kept to themselves or \"prefer not to answer\": leave out not and answered: false"])
        #expect(diagnostics("  - { when: { item: pain, atLeast: 8 }, label: Severe pain }", survey: false)
                == ["tasks/check.md:8:13: error: an alert tests the task's answers, and this task asks no question"])
    }
}
