import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

@Suite struct ContentLoaderTests {
    /// The diagnostics for a study whose file at `path` is replaced by `text`.
    func diagnostics(_ path: String, _ text: String) -> [String] {
        guard let study = try? StudyFolder(files: [path: text]) else { return ["cannot write the study"] }
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        return result.diagnostics.map {
            $0.description.replacingOccurrences(of: study.content + "/", with: "")
                .replacingOccurrences(of: study.directory.path + "/", with: "")
        }
    }

    func task(_ frontMatter: String) -> String {
        "---\n" + frontMatter + "\n---\nBody.\n"
    }

    @Test func theMinimalStudyLoadsIntoTypedValues() throws {
        let study = try StudyFolder()
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.diagnostics == [])
        let loaded = try #require(result.study)
        #expect(loaded.timeZone.identifier == "Europe/Berlin")
        #expect(loaded.tasks.map(\.id) == ["join", "walk"])
        let walk = try #require(loaded.task("walk"))
        #expect(walk.impactsAdherence)
        #expect(!walk.isOnboarding)
        #expect(loaded.task("join")?.isOnboarding == true)
        #expect(walk.schedule == Schedule([ScheduleElement(interval: .days(2), time: .at(LocalTime(hour: 18, minute: 30)!),
                                                           duration: .minutes(30))]))
        #expect(walk.formItems.map(\.answer) == [.numeric(min: 0, max: 100_000, decimals: 0, unit: "steps"), .boolean])
        #expect(walk.instructions == "<p>Walk for <strong>half an hour</strong>.</p>\n")
        let series = try #require(loaded.insights.first?.series.first)
        #expect([series.task, series.value, series.legend] == ["walk", "steps", "Steps"])
        #expect(series.color == nil)
        #expect(result.fileCount == 5)
    }

    @Test func unknownKeysAreErrorsAtTheirFileLineWithASuggestion() throws {
        #expect(diagnostics("content/tasks/walk.md", task("""
            id: walk
            title: Walk
            schedule:
              - start: enrollment
                evry: 1 day
                allDay: true
            """)) == ["tasks/walk.md:6:5: error: unknown key 'evry' in a schedule element; did you mean 'every'?"])
    }

    @Test func missingKeysAndWrongTypesAreErrors() throws {
        #expect(diagnostics("content/tasks/walk.md", task("""
            id: walk
            impactsAdherence: yes
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            """)) == [
            "tasks/walk.md:2:1: error: the task is missing 'title'",
            "tasks/walk.md:3:19: error: impactsAdherence must be true or false, not 'yes'",
        ])
        #expect(diagnostics("content/tasks/walk.md", task("""
            id: walk
            title: [Walk]
            schedule: daily
            """)) == [
            "tasks/walk.md:3:8: error: the task title must be text, not a list",
            "tasks/walk.md:4:11: error: schedule must be a list, not 'daily'",
        ])
    }

    @Test func badDatesTimesDurationsAndIntervalsAreErrors() throws {
        #expect(diagnostics("content/tasks/walk.md", task("""
            id: walk
            title: Walk
            schedule:
              - start: 2026-02-30
                every: 1 day
                at: "25:00"
              - start: enrollment
                end: enrollment + 2 fortnights
                every: 0 days
                at: "08:00"
                duration: 3 days
            """)) == [
            "tasks/walk.md:5:12: error: start must be 'enrollment', 'enrollment + N days', 'enrollment + N weeks', a date YYYY-MM-DD, "
                + "or a participant's date with days or weeks from it, such as 'surgery - 7 days', not '2026-02-30'",
            "tasks/walk.md:7:9: error: at \"25:00\" is not a wall-clock time \"HH:MM\", such as \"08:00\", "
                + "or give a list of times such as [\"08:00\", \"20:00\"]",
            "tasks/walk.md:9:10: error: end must be 'enrollment', 'enrollment + N days', 'enrollment + N weeks', a date YYYY-MM-DD, "
                + "or a participant's date with days or weeks from it, such as 'surgery - 7 days', not 'enrollment + 2 fortnights'",
            "tasks/walk.md:10:12: error: every must be 'N days', 'N weeks' or 'N months' with N at least 1, such as '1 day', '2 weeks' or '1 month', not '0 days'",
            "tasks/walk.md:12:15: error: duration must be 'N minutes' or 'N hours', more than zero and at most a day, such as '1 hour', not '3 days'",
        ])
    }

    @Test func scalesMustBeDividedByTheirStepAndMinMustNotExceedMax() throws {
        let form = { (answer: String) in
            self.task("""
                id: walk
                title: Walk
                schedule:
                  - { start: enrollment, every: 1 day, allDay: true }
                survey:
                  - type: form
                    items:
                      - id: steps
                        text: Steps?
                        answer: \(answer)
                """)
        }
        #expect(diagnostics("content/tasks/walk.md", form("{ scale: { min: 0, max: 10, step: 3 } }"))
                == ["tasks/walk.md:11:51: error: step 3 does not divide the range 0–10 evenly"])
        #expect(diagnostics("content/tasks/walk.md", form("{ numeric: { min: 5, max: 1 } }"))
                == ["tasks/walk.md:11:35: error: min (5) must not be above max (1)"])
        #expect(diagnostics("content/tasks/walk.md", form("{ slider: {} }"))
                == ["tasks/walk.md:11:19: error: unknown answer format 'slider'; expected scale, numeric, boolean, choice, text, date or timeOfDay"])
    }

    @Test func referencesToMissingDocumentsNotesTasksAndValuesAreErrors() throws {
        #expect(diagnostics("content/tasks/join.md", task("""
            id: join
            title: Join
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: consent
                document: walkin
                signature: drawn
              - type: model
                education: walking
              - type: completion
                title: Done
            """)) == [
            "tasks/join.md:8:15: error: no consent document 'walkin'; expected a file consent/walkin.md; known: walking",
            "tasks/join.md:11:16: error: the education note 'walking' has no model to open",
        ])
        #expect(diagnostics("content/study.yaml", """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            featured: running
            insights:
              - title: Steps
                type: pie
                series:
                  - { task: walk, value: pace, legend: Pace }
                  - { task: run, value: steps, legend: Steps }
            """) == [
            "study.yaml:5:11: error: featured names no education note 'running'; expected education/running.md; known: walking",
            "study.yaml:8:11: error: type must be bar, scatter or line, not 'pie'",
        ])
        #expect(diagnostics("content/study.yaml", """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            insights:
              - title: Steps
                type: bar
                series:
                  - { task: walk, value: pace, legend: Pace }
                  - { task: run, value: steps, legend: Steps }
                  - { task: walk, value: outside, legend: Outside, color: blue }
            """) == [
            "study.yaml:9:30: error: the task 'walk' has no form item 'pace'; known: outside, steps",
            "study.yaml:10:17: error: no task 'run'; known: join, walk",
            "study.yaml:11:63: error: color must be '#rrggbb', such as \"#0a84ff\", not 'blue'",
        ])
    }

    @Test func anOnboardingTaskWithoutACompletionStepCannotBeFinished() {
        #expect(diagnostics("content/tasks/join.md", task("""
            id: join
            title: Join
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - { type: completion, title: Welcome }
              - { type: consent, document: walking, signature: drawn }
            """)) == [
            "tasks/join.md:7:3: error: the onboarding task (the one with a consent step) needs a completion step after its consent step",
        ])
    }

    @Test func hugeNumbersOfDaysAreErrorsNotCrashes() {
        #expect(diagnostics("content/tasks/walk.md", task("""
            id: walk
            title: Walk
            schedule:
              - { start: enrollment + 99999999999999 weeks, every: 9999999999999999 days, allDay: true }
            """)).count == 2)
    }

    @Test func yamlSyntaxErrorsPointAtTheFileLine() throws {
        #expect(diagnostics("content/tasks/walk.md", "---\nid: walk\ntitle: \"Walk\n---\n") == [
            "tasks/walk.md:3:8: error: the quote that opens on line 3 is not closed; end the text with \" on the same line, "
                + "or write \\\" for a \" inside it",
        ])
        #expect(diagnostics("content/tasks/walk.md", "id: walk\n") == [
            "tasks/walk.md:1:1: error: the file must start with a line '---' that opens its front matter",
        ])
        #expect(diagnostics("content/tasks/walk.md", "---\nid: walk\n") == [
            "tasks/walk.md:2:1: error: the front matter opened on line 1 is never closed; add a line '---' after it",
        ])
    }

    @Test func yesAndNoAreTextWhereTextStands() throws {
        let study = try StudyFolder(files: ["content/consent/walking.md": "---\ntitle: no\nversion: 1.0\n---\nText.\n"])
        let result = ContentLoader.load(directory: study.content, publicDirectory: study.publicFolder)
        #expect(result.study?.consentDocument("walking")?.title == "no")
        #expect(result.study?.consentDocument("walking")?.version == "1.0")
    }

    @Test func aliasesAndDeepNestingAreRefusedWithoutCrashing() throws {
        #expect(diagnostics("content/study.yaml", "title: &t Walk\n") == [
            "study.yaml:1:8: error: anchors (&name) are not supported; write the value out",
        ])
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(diagnostics("content/study.yaml", "title: " + deep)
                == ["study.yaml:1:71: error: nested more than 64 levels deep"])
    }

    @Test func missingPublicFilesAndHighlightsWithoutAnnotationAreErrors() throws {
        #expect(diagnostics("content/education/walking.md", """
            ---
            title: Walking
            summary: Why.
            model:
              src: models/leg.glb
              format: glb
              alt: A leg
              poster: images/map.svg
              highlight: [shin]
              annotations:
                - { id: knee, label: Knee, text: The knee., position: [0, 1, 0] }
            ---
            ![missing](images/nothing.png)
            """) == [
            "education/walking.md:5:8: error: models/leg.glb is not in the public folder Public; put the file there, or correct the path",
            "education/walking.md:9:15: error: highlight 'shin' is named by no annotation",
            "education/walking.md:13:1: error: images/nothing.png is not in the public folder Public; put the file there, or correct the path",
        ])
    }
}
