import StudyModel

/// Reads a task's `alerts`: each a condition on its answers (as `showIf`)
/// or on one of its scores, the flag's label, the note to show and whether
/// to e-mail the study's contact.
extension FieldReader {
    func alerts(_ node: YAMLNode, items: [FormItem], scores: [Score]) -> [TaskAlert]? {
        guard let list = list(node, "alerts") else { return nil }
        let alerts = list.compactMap { alert($0, items: items, scores: scores) }
        return alerts.count == list.count ? alerts : nil
    }

    private func alert(_ node: YAMLNode, items: [FormItem], scores: [Score]) -> TaskAlert? {
        guard let fields = fields(node, in: "an alert", allowed: ["when", "label", "show", "notify"],
                                  required: ["when", "label"]),
              let whenNode = fields["when"] else { return nil }
        let label = text(fields["label"], "label")
        let show = fields["show"].flatMap { identifier($0, "show") }
        let notify = fields["notify"].map { boolean($0, "notify") } ?? false
        var when: TaskAlert.When?
        if CrossReferences.value("score", in: whenNode) != nil {
            when = scoreCondition(whenNode, scores: scores)
        } else if items.isEmpty {
            error("an alert tests the task's answers, and this task asks no question", at: whenNode)
        } else {
            when = condition(whenNode, earlier: items, own: nil, later: []).map(TaskAlert.When.answers)
            if case .answers(let condition)? = when, Self.holdsWithoutAnAnswer(condition) {
                error("an alert is raised by what a participant answered, never by an answer missing, kept to "
                      + "themselves or \"prefer not to answer\": leave out not and answered: false", at: whenNode)
                when = nil
            }
        }
        guard let when, let label, let notify, fields["show"] == nil || show != nil else { return nil }
        return TaskAlert(when: when, label: label, show: show, notify: notify)
    }

    /// Whether a condition could hold for a value the participant did not
    /// give the study team: `not` of anything, or `answered: false`.
    private static func holdsWithoutAnAnswer(_ condition: Condition) -> Bool {
        switch condition {
        case .not: true
        case .answered(_, let answered): !answered
        case .all(let conditions), .any(let conditions): conditions.contains(where: holdsWithoutAnAnswer)
        case .equals, .notEquals, .atLeast, .atMost, .includes: false
        }
    }

    /// `{ score: kneeScore, below: 40 }`, or `above`: one of the task's scores and a number within its range.
    private func scoreCondition(_ node: YAMLNode, scores: [Score]) -> TaskAlert.When? {
        guard let fields = fields(node, in: "an alert's score condition", allowed: ["score", "below", "above"],
                                  required: ["score"]),
              let idNode = fields["score"], let id = identifier(idNode, "the score") else { return nil }
        guard scores.contains(where: { $0.id == id }) else {
            let suggestion = Self.closest(to: id, in: scores.map(\.id)).map { "; did you mean '\($0)'?" }
                ?? (scores.isEmpty ? "; it has no scores" : "; its scores are \(scores.map(\.id).joined(separator: ", "))")
            error("the task has no score '\(id)'\(suggestion)", at: idNode)
            return nil
        }
        let below = fields["below"].map { number($0, "below") }
        let above = fields["above"].map { number($0, "above") }
        guard below != nil || above != nil else {
            error("a score's alert needs below or above, such as '{ score: \(id), below: 40 }'", at: node)
            return nil
        }
        guard below.map({ $0 != nil }) ?? true, above.map({ $0 != nil }) ?? true else { return nil }
        return .score(id: id, below: below ?? nil, above: above ?? nil)
    }
}
