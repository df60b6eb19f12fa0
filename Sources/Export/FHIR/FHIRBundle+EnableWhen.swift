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

    /// One comparison as an `enableWhen`; nil for one FHIR cannot say that way.
    private func enableWhen(_ condition: Condition, task: StudyTask) -> JSON? {
        switch condition {
        case .equals(let item, let value): return entry(item, "=", value, task: task)
        case .notEquals(let item, let value): return entry(item, "!=", value, task: task)
        case .atLeast(let item, let number): return entry(item, ">=", FHIRTerms.plain(number), task: task)
        case .atMost(let item, let number): return entry(item, "<=", FHIRTerms.plain(number), task: task)
        case .includes(let item, let value): return entry(item, "=", value, task: task)
        case .answered(let item, let answered):
            return ["question": .string(item), "operator": "exists", "answerBoolean": .boolean(answered)]
        case .not(.equals(let item, let value)): return entry(item, "!=", value, task: task)
        case .not(.answered(let item, let answered)):
            return ["question": .string(item), "operator": "exists", "answerBoolean": .boolean(!answered)]
        case .all, .any, .not: return nil
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
        case .scale(_, _, let step, _, _)? where step == step.rounded():
            return Int(value).map { ("answerInteger", .integer($0)) } ?? ("answerDecimal", .decimal(Double(value) ?? 0))
        case .numeric(_, _, 0, _)?:
            return Int(value).map { ("answerInteger", .integer($0)) } ?? ("answerDecimal", .decimal(Double(value) ?? 0))
        case .scale?, .numeric?: return ("answerDecimal", .decimal(Double(value) ?? 0))
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

    /// The condition in FHIRPath over the response being filled in.
    func fhirPath(_ condition: Condition, task: StudyTask) -> String {
        func answers(_ id: String) -> String {
            "%resource.repeat(item).where(linkId = '\(id)').answer.value"
        }
        func literal(_ value: String, _ id: String) -> String {
            switch task.formItems.first(where: { $0.id == id })?.answer {
            case .boolean?, .scale?, .numeric?: value
            default: "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
            }
        }
        func value(_ id: String) -> String {
            guard case .choice(let options, _)? = task.formItems.first(where: { $0.id == id })?.answer,
                  options.contains(where: { optionCoding($0, task: task.id, item: id) != nil }) else { return answers(id) }
            return answers(id) + ".code"
        }
        switch condition {
        case .equals(let id, let v): return "(\(value(id)) = \(literal(v, id)))"
        case .notEquals(let id, let v): return "(\(value(id)).exists() and (\(value(id)) = \(literal(v, id))).not())"
        case .atLeast(let id, let n): return "(\(value(id)) >= \(FHIRTerms.plain(n)))"
        case .atMost(let id, let n): return "(\(value(id)) <= \(FHIRTerms.plain(n)))"
        case .includes(let id, let v): return "(\(value(id)) contains \(literal(v, id)))"
        case .answered(let id, let answered): return "(\(answers(id)).exists()\(answered ? "" : ".not()"))"
        case .all(let parts): return "(" + parts.map { fhirPath($0, task: task) }.joined(separator: " and ") + ")"
        case .any(let parts): return "(" + parts.map { fhirPath($0, task: task) }.joined(separator: " or ") + ")"
        case .not(let inner): return "(\(fhirPath(inner, task: task))).not()"
        }
    }
}
