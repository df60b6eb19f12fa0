import CareModel
import Content

/// The study's tasks as the store has versioned them: which definition
/// governs each day, so past events keep the schedule and survey they had.
public struct CarePlan: Sendable {
    public let study: Study
    public let tasks: [FeedTask]
    /// The versions it was made from.
    public let versions: [TaskVersion]
    private let definitions: [String: [Int: StudyTask]]

    /// - Parameter versions: what the store recorded; a task with no recorded
    ///   version is governed by its current definition as version 1.
    public init(study: Study, versions: [TaskVersion]) {
        self.study = study
        self.versions = versions
        var tasks: [FeedTask] = []
        var definitions: [String: [Int: StudyTask]] = [:]
        let recorded = Dictionary(grouping: versions, by: \.taskID)
        for current in study.tasks {
            var spans: [ScheduleTimeline.Span] = []
            var byVersion: [Int: StudyTask] = [:]
            for version in recorded[current.id] ?? [] {
                // A definition this build cannot read is shown as today's.
                let task = (try? StudyTask(definition: version.definition)) ?? current
                byVersion[version.version] = task
                spans.append(.init(version: version.version, effectiveFrom: version.effectiveFrom, schedule: task.schedule))
            }
            if spans.isEmpty {
                byVersion[1] = current
                spans = [.init(version: 1, effectiveFrom: nil, schedule: current.schedule)]
            }
            definitions[current.id] = byVersion
            tasks.append(FeedTask(id: current.id, title: current.title, impactsAdherence: current.impactsAdherence,
                                  isOnboarding: current.isOnboarding, timeline: ScheduleTimeline(spans),
                                  kind: current.kind))
        }
        self.tasks = tasks
        self.definitions = definitions
    }

    /// Every definition any task has had, recorded versions and today's content.
    public var allDefinitions: [StudyTask] {
        study.tasks + definitions.keys.sorted().flatMap { id in
            (definitions[id] ?? [:]).keys.sorted().compactMap { definitions[id]?[$0] }
        }
    }

    /// The definition of a task as it was in `version`, or today's when that
    /// version is unknown.
    public func task(_ id: String, version: Int) -> StudyTask? {
        definitions[id]?[version] ?? study.task(id)
    }

    /// The feed of one participant.
    public func feed(for participant: Participant, outcomes: [Outcome], today: LocalDate,
                     withdrawal: Withdrawal? = nil) -> ParticipantFeed {
        ParticipantFeed(participant: participant, tasks: tasks, outcomes: outcomes, today: today, withdrawal: withdrawal)
    }
}
