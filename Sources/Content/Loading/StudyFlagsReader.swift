import StudyModel
/// Reads `study.yaml`'s `protocol` and `flags`; that flags name real tasks
/// and values is checked with the other cross-references.
extension FieldReader {
    /// `protocol: { number, board }`, both text.
    func protocolApproval(_ node: YAMLNode) -> ProtocolApproval? {
        enter(.protocolApproval)
        defer { leave() }
        guard let fields = fields(node, in: "protocol", allowed: ["number", "board"], required: ["number", "board"]),
              let number = text(fields["number"], "the protocol number"),
              let board = text(fields["board"], "the approving board") else { return nil }
        return ProtocolApproval(number: number, board: board)
    }

    /// Each flag with its node, for messages about what it names; flags
    /// with errors are left out.
    func flags(_ node: YAMLNode) -> [(flag: StudyFlag, node: YAMLNode)]? {
        enter(.flags)
        defer { leave() }
        guard let items = list(node, "flags") else { return nil }
        var flags: [(flag: StudyFlag, node: YAMLNode)] = []
        for item in items {
            guard let flag = flag(item) else { continue }
            if flags.contains(where: { $0.flag.label == flag.label }) {
                error("two flags have the label '\(flag.label)'; each flag needs a label of its own",
                      at: CrossReferences.value("label", in: item) ?? item)
                continue
            }
            flags.append((flag, item))
        }
        return flags
    }

    static let flagRules = ["above", "below", "dropBy", "notMeasuredDays", "silentDays"]

    private func flag(_ node: YAMLNode) -> StudyFlag? {
        guard let fields = fields(node, in: "a flag", allowed: ["task", "value", "score", "label"] + Self.flagRules,
                                  required: ["label"]) else { return nil }
        let label = text(fields["label"], "label")
        // In the order written, so a second rule is named where it stands.
        let rules = Self.flagRules.compactMap { rule in fields.pairs[rule].map { (rule, $0.key) } }
            .sorted { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }.map(\.0)
        guard let rule = rules.first, let ruleNode = fields[rule] else {
            error("a flag needs a rule: 'above' or 'below' a number, 'dropBy' a number, or 'notMeasuredDays', each with "
                  + "'task' and 'value' (or 'score'); or 'silentDays' alone", at: node)
            return nil
        }
        if rules.count > 1, let second = fields.pairs[rules[1]]?.key {
            error("a flag has one rule; give only one of above, below, dropBy, notMeasuredDays and silentDays", at: second)
            return nil
        }
        if rule == "silentDays" {
            for key in ["task", "value", "score"] {
                if let keyNode = fields.pairs[key]?.key {
                    error("silentDays counts days without an answer to any task, so it takes no '\(key)'", at: keyNode)
                    return nil
                }
            }
            guard let days = integer(ruleNode, "silentDays", in: 1...Self.maximumDays), let label else { return nil }
            return StudyFlag(label: label, rule: .silent(days: days))
        }
        if fields["task"] == nil {
            error("a flag with \(rule) needs 'task', the task it reads", at: node)
        }
        if let score = fields.pairs["score"]?.key, fields["value"] != nil {
            error("give either value (a form item) or score (a score of the task), not both", at: score)
            return nil
        }
        if fields["value"] == nil && fields["score"] == nil {
            error("a flag with \(rule) needs 'value', the form item it reads, or 'score', the score", at: node)
        }
        if rule == "notMeasuredDays", let score = fields.pairs["score"]?.key {
            error("notMeasuredDays reads a form item's answers; a score has none of its own, so name one of its items "
                  + "with value", at: score)
            return nil
        }
        let task = identifier(fields["task"], "task")
        let value = fields["score"].map { identifier($0, "score") } ?? identifier(fields["value"], "value")
        switch rule {
        case "dropBy":
            guard let amount = number(ruleNode, rule), let task, let value, let label else { return nil }
            guard amount > 0 else {
                error("dropBy is how far below the participant's first value the latest must be, so more than 0", at: ruleNode)
                return nil
            }
            return StudyFlag(label: label, rule: .dropBy(task: task, value: value, amount: amount))
        case "notMeasuredDays":
            guard let days = integer(ruleNode, "notMeasuredDays", in: 1...Self.maximumDays),
                  let task, let value, let label else { return nil }
            return StudyFlag(label: label, rule: .notMeasured(task: task, value: value, days: days))
        default:
            guard let threshold = number(ruleNode, rule), let task, let value, let label else { return nil }
            return StudyFlag(label: label, rule: rule == "above" ? .above(task: task, value: value, threshold: threshold)
                                                                 : .below(task: task, value: value, threshold: threshold))
        }
    }

}
