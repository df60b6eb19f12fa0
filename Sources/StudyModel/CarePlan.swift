import CareModel

/// The study's tasks as the store has versioned them: which definition
/// governs each day, so past events keep the schedule and survey they had.
public struct CarePlan: Sendable {
    /// A task version the store holds that this program cannot read: a
    /// plan made without it would show today's definition for its days.
    public struct UnreadableVersion: Error, CustomStringConvertible {
        public var taskID: String
        public var version: Int
        public var reason: String

        public var description: String {
            "the store's version \(version) of task '\(taskID)' cannot be read by this carefeed (\(reason)); "
                + "use the carefeed that recorded it, or a newer one"
        }

        public init(taskID: String, version: Int, reason: String) {
            self.taskID = taskID
            self.version = version
            self.reason = reason
        }
    }

    public let study: Study
    public let tasks: [PlannedTask]
    /// The versions it was made from.
    public let versions: [TaskVersion]
    private let definitions: [String: [Int: StudyTask]]
    /// The tasks with scores in some definition: every other outcome is scored as it is, without a definition sought.
    let scoredTaskIDs: Set<String>

    /// The plan of a study the store has recorded no version of: each task
    /// is governed by its current definition, as version 1.
    public init(study: Study) {
        // With no recorded versions nothing can be unreadable.
        try! self.init(study: study, versions: [])
    }

    /// - Parameter versions: what the store recorded; a task with no recorded
    ///   version is governed by its current definition as version 1.
    /// - Throws: `UnreadableVersion` for a recorded definition this program cannot decode.
    public init(study: Study, versions: [TaskVersion]) throws(UnreadableVersion) {
        self.study = study
        self.versions = versions
        var tasks: [PlannedTask] = []
        var definitions: [String: [Int: StudyTask]] = [:]
        let recorded = Dictionary(grouping: versions, by: \.taskID)
        for current in study.tasks {
            var spans: [ScheduleTimeline.Span] = []
            var byVersion: [Int: StudyTask] = [:]
            for version in recorded[current.id] ?? [] {
                let task: StudyTask
                do {
                    task = try StudyTask(definition: version.definition)
                } catch {
                    throw UnreadableVersion(taskID: current.id, version: version.version, reason: "\(error)")
                }
                byVersion[version.version] = task
                spans.append(.init(version: version.version, effectiveFrom: version.effectiveFrom, schedule: task.schedule))
            }
            if spans.isEmpty {
                byVersion[1] = current
                spans = [.init(version: 1, effectiveFrom: nil, schedule: current.schedule)]
            }
            definitions[current.id] = byVersion
            tasks.append(PlannedTask(id: current.id, title: current.title, impactsAdherence: current.impactsAdherence,
                                     isOnboarding: current.isOnboarding, timeline: ScheduleTimeline(spans),
                                     kind: current.kind))
        }
        self.tasks = tasks
        self.definitions = definitions
        scoredTaskIDs = Self.scoredTaskIDs(study: study, definitions: definitions)
    }

    /// By the ids `task(_:version:)` looks up: the definitions' keys, and today's tasks'.
    private static func scoredTaskIDs(study: Study, definitions: [String: [Int: StudyTask]]) -> Set<String> {
        Set(study.tasks.filter { $0.scores != nil }.map(\.id))
            .union(definitions.filter { $0.value.values.contains { $0.scores != nil } }.keys)
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

    /// The plan as the editor's preview participant sees it on `today`:
    /// each version governs from the day it was recorded, not the day
    /// after, so an edit shows at once, and the current one from `today`
    /// at the latest, whatever day a preview fixes. The same days keep the
    /// same versions from one day to the next, so no answer moves.
    public func previewing(from today: LocalDate) -> CarePlan {
        let recorded = Dictionary(versions.map { ("\($0.taskID) \($0.version)", $0.recordedAt) },
                                  uniquingKeysWith: { first, _ in first })
        var tasks = self.tasks
        for index in tasks.indices {
            let id = tasks[index].id
            let spans = tasks[index].timeline.spans.map { span in
                var early = span
                if let from = span.effectiveFrom {
                    early.effectiveFrom = min(from, recorded["\(id) \(span.version)"].map(study.timeZone.localDate(of:)) ?? from)
                }
                return early
            }
            guard var current = spans.last, let from = current.effectiveFrom else { continue }
            let start = min(from, today)
            current.effectiveFrom = start
            // A version recorded later than a fixed today gives way to the current one.
            let before = spans.dropLast().filter { span in span.effectiveFrom.map { $0 < start } ?? true }
            tasks[index].timeline = ScheduleTimeline(before + [current])
        }
        return CarePlan(study: study, tasks: tasks, versions: versions, definitions: definitions)
    }

    /// The plan in the language of `localized`, the study translated: each
    /// version that is today's definition reads as its translation; an
    /// older version, whose words were never translated, keeps its own.
    public func translated(to localized: Study) -> CarePlan {
        guard localized.sourceDigest == study.sourceDigest else { return self }
        var translatedDefinitions = definitions
        for (id, byVersion) in definitions {
            guard let current = study.task(id), let translation = localized.task(id) else { continue }
            for (version, task) in byVersion where task.definition == current.definition {
                translatedDefinitions[id]?[version] = translation
            }
        }
        let titles = Dictionary(localized.tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let recorded = Dictionary(grouping: versions, by: \.taskID)
        let tasks = self.tasks.map { task in
            var task = task
            task.title = titles[task.id] ?? task.title
            // The same spans, with the translated schedules' words (an element's `text`).
            let byVersion = translatedDefinitions[task.id] ?? [:]
            let spans: [ScheduleTimeline.Span] = (recorded[task.id] ?? []).compactMap { version in
                byVersion[version.version].map { .init(version: version.version, effectiveFrom: version.effectiveFrom, schedule: $0.schedule) }
            }
            if let current = localized.task(task.id) {
                task.timeline = ScheduleTimeline(spans.isEmpty ? [.init(version: 1, effectiveFrom: nil, schedule: current.schedule)] : spans)
            }
            return task
        }
        return CarePlan(study: localized, tasks: tasks, versions: versions, definitions: translatedDefinitions)
    }

    private init(study: Study, tasks: [PlannedTask], versions: [TaskVersion], definitions: [String: [Int: StudyTask]]) {
        self.study = study
        self.tasks = tasks
        self.versions = versions
        self.definitions = definitions
        scoredTaskIDs = Self.scoredTaskIDs(study: study, definitions: definitions)
    }
}
