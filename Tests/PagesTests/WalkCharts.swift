import CareModel
import Content
import Foundation
import Testing
import TestSupport
import StudyModel

/// The minimal walking study with one chart of each kind, and its answers
/// built day by day: the fixture of the chart and insights tests.
struct WalkCharts {
    let study: Study
    /// Enrolled on Sunday March 1, 2026, in New York.
    let participant = Fixtures.participant(id: "p1", enrolledOn: "2026-03-01")

    init() throws {
        let folder = try StudyFolder(files: ["content/study.yaml": """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            insights:
              - title: Steps by day
                type: bar
                series:
                  - { task: walk, value: steps, legend: Steps }
                  - { task: walk, value: outside, legend: Outside, color: "#123456" }
              - title: Steps over time
                type: line
                series:
                  - { task: walk, value: steps, legend: Steps }
              - title: Steps scattered
                type: scatter
                series:
                  - { task: walk, value: steps, legend: Steps }
            """])
        let result = ContentLoader.load(directory: folder.content, publicDirectory: folder.publicFolder)
        study = try #require(result.study, "\(result.diagnostics)")
    }

    var bar: InsightChart { study.insights[0] }
    var line: InsightChart { study.insights[1] }
    var scatter: InsightChart { study.insights[2] }

    /// The participant joined the study (the onboarding task `join`) on `day`: walks are due from then, every two days.
    func joined(_ day: String = "2026-03-01") -> Outcome {
        let start = Fixtures.instant("\(day)T05:00:00Z")
        return Outcome(id: 99, participantID: participant.id, taskID: "join", taskVersion: 1, occurrence: 0,
                       eventDay: Fixtures.date(day), eventStart: start, eventEnd: start.addingTimeInterval(86_400), values: [],
                       createdAt: start.addingTimeInterval(3600))
    }

    /// A walk answered at 6:40 PM in New York on `day` (a day in early March, before the clocks change).
    func walk(_ day: String, steps: Int?, outside: Bool? = nil, id: Int64 = 1, deleted: Bool = false) -> Outcome {
        let start = Fixtures.instant("\(day)T23:30:00Z")
        var values: [OutcomeValue] = []
        if let steps { values.append(OutcomeValue(kind: "steps", value: .integer(steps), unit: "steps")) }
        if let outside { values.append(OutcomeValue(kind: "outside", value: .boolean(outside))) }
        return Outcome(id: id, participantID: participant.id, taskID: "walk", taskVersion: 1, occurrence: 0,
                       eventDay: Fixtures.date(day), eventStart: start, eventEnd: start.addingTimeInterval(1800),
                       values: values, createdAt: start.addingTimeInterval(600),
                       deletedAt: deleted ? start.addingTimeInterval(900) : nil)
    }
}
