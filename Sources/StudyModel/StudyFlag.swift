/// A reason the clinician index puts a participant first, as `study.yaml`
/// lists them under `flags`, each with the label the index shows:
///
///     flags:
///       - { task: checkIn, value: pain, above: 6, label: High pain }
///       - { silentDays: 2, label: No answers }
///       - { task: rangeOfMotion, value: range, notMeasuredDays: 8, label: Range of motion not measured }
///       - { task: kneeFunction, score: kneeFunction, dropBy: 10, label: Knee function dropped by 10 or more }
///
/// `score` names one of the task's scores where `value` names a form item.
public struct StudyFlag: Hashable, Sendable {
    public enum Rule: Hashable, Sendable {
        /// The latest value of a task's form item is above the threshold.
        case above(task: String, value: String, threshold: Double)
        /// The latest value of a task's form item is below the threshold.
        case below(task: String, value: String, threshold: Double)
        /// The latest value of a task's form item or score is at least this
        /// much below the participant's first.
        case dropBy(task: String, value: String, amount: Double)
        /// The form item has had no value for this many days or more.
        case notMeasured(task: String, value: String, days: Int)
        /// The participant has answered no task for this many days or more.
        case silent(days: Int)
    }

    public var label: String
    public var rule: Rule

    public init(label: String, rule: Rule) {
        self.label = label
        self.rule = rule
    }
}
