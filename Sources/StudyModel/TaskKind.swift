import CareModel

/// How a task's card works, as CareKit's task views do: derived from the
/// content, never written down.
public enum TaskKind: String, Hashable, Sendable {
    /// A task with a survey: Begin opens it, and the card shows the answers.
    case survey
    /// No survey, one event at a time: one tap on the card completes it
    /// (CareKit's simple task view).
    case simple
    /// No survey, several `at` times a day: one card with a box per time,
    /// each box its own occurrence (CareKit's checklist task view).
    case checklist
    /// `log: true`: entries as often as needed, each with its time, never
    /// missed and never counted toward adherence (CareKit's button log).
    case log

    /// The kind of the one value a tap stores: `done` (true) for a simple
    /// or checklist task, `logged` (true) for a log entry; nil for a survey.
    public var valueKind: String? {
        switch self {
        case .survey: nil
        case .simple, .checklist: "done"
        case .log: "logged"
        }
    }

    /// The one value a tap stores: `done` or `logged`, true; nil for a survey.
    public var tapValue: OutcomeValue? {
        valueKind.map { OutcomeValue(kind: $0, value: .boolean(true)) }
    }
}

extension StudyTask {
    public var kind: TaskKind {
        if isLog { return .log }
        guard survey.isEmpty else { return .survey }
        let hasSeveralTimes = schedule.elements.contains { if case .times = $0.time { true } else { false } }
        return hasSeveralTimes ? .checklist : .simple
    }

    /// Whether the task is a log of entries, `log: true`.
    public var isLog: Bool { log == true }
}
