import CareModel
import StudyModel

/// A question's `showIf` (with its step's) as FHIR says when an item is
/// enabled: `enableWhen` where the condition is one comparison, or several
/// joined all one way; otherwise SDC's `enableWhenExpression` in FHIRPath.
extension FHIRBundle {
    func enablement(of item: FormItem, in task: StudyTask) -> [String: JSON] {
        let step = task.survey.lazy.compactMap { step -> FormStep? in
            if case .form(let form) = step, form.items.contains(where: { $0.id == item.id }) { form } else { nil }
        }.first
        let conditions = [step?.showIf, item.showIf].compactMap { $0 }.flatMap { condition -> [Condition] in
            if case .all(let parts) = condition { parts } else { [condition] }
        }
        guard !conditions.isEmpty else { return [:] }
        let joined: (conditions: [Condition], behavior: String) = if conditions.count == 1, case .any(let parts) = conditions[0] {
            (parts, "any")
        } else {
            (conditions, "all")
        }
        let simple = joined.conditions.map { enableWhen($0, task: task) }
        if simple.allSatisfy({ $0 != nil }) {
            var fields: [String: JSON] = ["enableWhen": .array(simple.compactMap { $0 })]
            if simple.count > 1 { fields["enableBehavior"] = .string(joined.behavior) }
            return fields
        }
        let expression = Condition.all(conditions)
        return ["extension": [[
            "url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression",
            "valueExpression": ["language": "text/fhirpath", "expression": .string(fhirPath(expression, task: task))],
        ]]]
    }

    /// One comparison as an `enableWhen`; nil for one whose meaning FHIR's
    /// would not keep: `!=` holds without an answer, where `notEquals` does
    /// not; "prefer not to answer" is an answer to `answered` but no answer
    /// in a response; a choice's coded values are no numbers to compare.
    private func enableWhen(_ condition: Condition, task: StudyTask) -> JSON? {
        func item(_ id: String) -> FormItem? { task.formItems.first { $0.id == id } }
        func isChoice(_ id: String) -> Bool { if case .choice? = item(id)?.answer { true } else { false } }
        switch condition {
        case .equals(let id, let value): return entry(id, "=", value, task: task)
        case .atLeast(let id, let number) where !isChoice(id): return entry(id, ">=", FHIRTerms.plain(number), task: task)
        case .atMost(let id, let number) where !isChoice(id): return entry(id, "<=", FHIRTerms.plain(number), task: task)
        case .includes(let id, let value): return entry(id, "=", value, task: task)
        case .answered(let id, let answered) where item(id)?.offersPreferNotToAnswer != true:
            return ["question": .string(id), "operator": "exists", "answerBoolean": .boolean(answered)]
        case .not(.equals(let id, let value)): return entry(id, "!=", value, task: task)
        case .not(.answered(let id, let answered)) where item(id)?.offersPreferNotToAnswer != true:
            return ["question": .string(id), "operator": "exists", "answerBoolean": .boolean(!answered)]
        default: return nil
        }
    }

    private func entry(_ id: String, _ comparison: String, _ value: String, task: StudyTask) -> JSON {
        var fields: [String: JSON] = ["question": .string(id), "operator": .string(comparison)]
        let (key, answer) = typed(value, item: task.formItems.first { $0.id == id }, task: task)
        fields[key] = answer
        return .object(fields)
    }

    /// The value in the `answer[x]` type the item's answers have.
    private func typed(_ value: String, item: FormItem?, task: StudyTask) -> (String, JSON) {
        switch item?.answer {
        case .boolean?: return ("answerBoolean", .boolean(value == "true"))
        // Typed as the value model stores the item's answers: integers where it takes whole numbers only.
        case let format? where format.isWholeNumbers:
            return Int(value).map { ("answerInteger", .integer($0)) } ?? ("answerDecimal", .decimal(Double(plain: value) ?? 0))
        case .scale?, .numeric?: return ("answerDecimal", .decimal(Double(plain: value) ?? 0))
        case .choice(let options, _)?:
            if let option = options.first(where: { $0.value == value }), let item,
               let coding = optionCoding(option, task: task.id, item: item.id) {
                return ("answerCoding", coding)
            }
            return ("answerString", .string(value))
        case .date?: return ("answerDate", .string(value))
        case .timeOfDay?: return ("answerTime", .string(value + ":00"))
        case .text?, nil: return ("answerString", .string(value))
        }
    }

    /// The condition in FHIRPath over the response being filled in, with
    /// `Condition.holds`'s meaning: a comparison without an answer is false.
    func fhirPath(_ condition: Condition, task: StudyTask) -> String {
        func item(_ id: String) -> FormItem? { task.formItems.first { $0.id == id } }
        func entries(_ id: String) -> String { "%resource.repeat(item).where(linkId = '\(id)')" }
        /// The answers as the values a condition compares: codes of coded options, numbers of numeric ones.
        func values(_ id: String, numeric: Bool = false) -> String {
            let answers = entries(id) + ".answer.value"
            guard case .choice(let options, _)? = item(id)?.answer else { return answers }
            let coded = options.contains { optionCoding($0, task: task.id, item: id) != nil }
            return answers + (coded ? ".code" : "") + (numeric ? ".toDecimal()" : "")
        }
        func literal(_ value: String, _ id: String) -> String {
            switch item(id)?.answer {
            case .boolean?, .scale?, .numeric?: value
            case .date?: "@" + value
            case .timeOfDay?: "@T" + value + ":00"
            default: "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
            }
        }
        switch condition {
        case .equals(let id, let v): return "(\(values(id)).count() = 1 and \(values(id)) = \(literal(v, id)))"
        case .notEquals(let id, let v): return "(\(values(id)).exists() and (\(values(id)) contains \(literal(v, id))).not())"
        case .atLeast(let id, let n): return "(\(values(id, numeric: true)).exists() and \(values(id, numeric: true)).all($this >= \(FHIRTerms.plain(n))))"
        case .atMost(let id, let n): return "(\(values(id, numeric: true)).exists() and \(values(id, numeric: true)).all($this <= \(FHIRTerms.plain(n))))"
        case .includes(let id, let v): return "(\(values(id)) contains \(literal(v, id)))"
        // A question declined is in the response, without an answer: answered, as `answered` counts it.
        case .answered(let id, let answered): return "(\(entries(id)).exists()\(answered ? "" : ".not()"))"
        case .all(let parts): return "(" + parts.map { fhirPath($0, task: task) }.joined(separator: " and ") + ")"
        case .any(let parts): return "(" + parts.map { fhirPath($0, task: task) }.joined(separator: " or ") + ")"
        case .not(let inner): return "(\(fhirPath(inner, task: task))).not()"
        }
    }
}
