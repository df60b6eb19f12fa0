import CareModel

/// What an answer to a task raises at once (REDCap's Alerts & Notifications):
/// the participant sees a note and the care team's numbers on the
/// completion step, the study team a flag first on its worklist, and, when
/// hosted with a mail relay, the study's contact an e-mail.
public struct TaskAlert: Hashable, Sendable {
    public enum When: Hashable, Sendable {
        /// A test of the answers, as a `showIf` is.
        case answers(Condition)
        /// A score of the task below or above a number.
        case score(id: String, below: Double?, above: Double?)
    }

    public var when: When
    /// The flag's words on the clinician site, and the e-mail's subject: "Severe pain".
    public var label: String
    /// The education note shown on the completion step, with the care team.
    public var show: String?
    /// Whether the study's contact is e-mailed, when `host` has a mail relay.
    public var notify: Bool

    public init(when: When, label: String, show: String?, notify: Bool) {
        self.when = when
        self.label = label
        self.show = show
        self.notify = notify
    }

    /// Whether `outcome` of `task` (the version it answered) meets the
    /// alert's condition. A value left out (not shared with the reader) or
    /// "prefer not to answer" meets none, nor does a score that is not
    /// worked out for too few answers.
    public func isRaised(by outcome: Outcome, of task: StudyTask) -> Bool {
        guard !outcome.isDeleted else { return false }
        switch when {
        case .answers(let condition):
            return condition.holds(Dictionary(grouping: outcome.values, by: \.kind).mapValues { $0.map(\.value) })
        case .score(let id, let below, let above):
            guard let score = task.score(id), case .value(let value) = score.result(outcome.values, task: task) else { return false }
            return below.map { value < $0 } ?? false || above.map { value > $0 } ?? false
        }
    }
}

extension Study {
    /// The alerts of the study's task that `outcome` raises, in the order
    /// listed; `version` is the task's definition the outcome answered.
    public func alerts(raisedBy outcome: Outcome, version: StudyTask?) -> [TaskAlert] {
        guard let alerts = task(outcome.taskID)?.alerts, let version else { return [] }
        return alerts.filter { $0.isRaised(by: outcome, of: version) }
    }
}
