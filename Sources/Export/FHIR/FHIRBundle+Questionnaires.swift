import CareModel
import StudyModel
import Foundation

/// Tasks as `Questionnaire`s, one per version, and outcomes as
/// `QuestionnaireResponse`s that name the version they were answered in.
extension FHIRBundle {
    /// Every version of each of the study's tasks that the store recorded or
    /// an outcome was answered in; the latest is active, older ones retired.
    func questionnaires() -> [Entry] {
        plan.study.tasks.flatMap { task -> [Entry] in
            let recorded = plan.versions.filter { $0.taskID == task.id }
            let answered = export.outcomes.filter { $0.taskID == task.id }.map(\.taskVersion)
            let versions = Set(recorded.map(\.version) + answered + (recorded.isEmpty ? [1] : [])).sorted()
            return versions.compactMap { version in
                plan.task(task.id, version: version).map {
                    questionnaire($0, version: version, isLatest: version == versions.last,
                                  recorded: recorded.first { $0.version == version })
                }
            }
        }
    }

    func questionnaire(_ task: StudyTask, version: Int, isLatest: Bool, recorded: TaskVersion?) -> Entry {
        let id = uuid("Questionnaire", task.id, String(version))
        let name = task.id.prefix(1).uppercased() + task.id.dropFirst().replacingOccurrences(of: "-", with: "_")
        let translated = translations(of: task)
        let items = task.formItems.map { item -> JSON in
            guard case .object(var fields) = question(item, task: task.id) else { return question(item, task: task.id) }
            let texts: [(String, String)] = translated.compactMap { entry in
                entry.task.formItems.first { $0.id == item.id }.map { (entry.tag, $0.text) }
            }
            fields["_text"] = translation(texts)
            for (key, value) in enablement(of: item, in: task) {
                if key == "extension", case .array(let more) = value, case .array(let existing)? = fields[key] {
                    fields[key] = .array(existing + more)
                } else {
                    fields[key] = value
                }
            }
            return .object(fields)
        } + tap(task)
        return Entry(id: id, resource: [
            "resourceType": "Questionnaire", "id": .string(id), "language": .string(plan.study.ownLanguage.tag.identifier),
            "url": .string(FHIRTerms.questionnaireURL(task.id)), "version": .string(String(version)),
            "name": .string(name), "title": .string(task.title),
            "_title": translation(translated.map { ($0.tag, $0.task.title) }),
            "status": isLatest ? "active" : "retired", "subjectType": ["Patient"],
            "date": recorded.map { .string(Timestamp.utc($0.recordedAt)) },
            "effectivePeriod": recorded?.effectiveFrom.map { ["start": .string($0.description)] },
            "item": .list(items),
        ])
    }

    /// The task in each of the study's other languages, when `task` is the
    /// definition those translate: an older version's words were never translated.
    func translations(of task: StudyTask) -> [(tag: String, task: StudyTask)] {
        guard let current = plan.study.task(task.id), current.definition == task.definition else { return [] }
        return plan.study.translations.keys.sorted().compactMap { tag in
            plan.study.translations[tag]?.task(task.id).map { (tag.identifier, $0) }
        }
    }

    /// FHIR's `translation` extension of a string element, one per language; nil without any.
    func translation(_ texts: [(String, String)]) -> JSON? {
        guard !texts.isEmpty else { return nil }
        return ["extension": .array(texts.map { tag, text in
            ["url": "http://hl7.org/fhir/StructureDefinition/translation",
             "extension": [["url": "lang", "valueCode": .string(tag)], ["url": "content", "valueString": .string(text)]]]
        })]
    }

    /// A task answered with a tap (simple, checklist or log) as one yes-or-no
    /// question: the value each tap stores, `done` or `logged`, true.
    func tap(_ task: StudyTask) -> [JSON] {
        guard task.formItems.isEmpty, let kind = task.kind.valueKind else { return [] }
        return [["linkId": .string(kind), "text": .string(task.kind == .log ? "Logged" : "Done"), "type": "boolean",
                 "required": .boolean(true)]]
    }

    /// A form item as a question: its type from the answer format, with
    /// bounds, unit and options as FHIR's extensions and fields say them.
    func question(_ item: FormItem, task: String) -> JSON {
        // A question that may be declined is answered or declined: a response may leave it without an answer.
        var fields: [String: JSON] = ["linkId": .string(item.id), "text": .string(item.text),
                                      "required": .boolean(item.isRequired && !item.offersPreferNotToAnswer)]
        var extensions: [JSON] = []
        switch item.answer {
        case .scale(let min, let max, let step, let minLabel, let maxLabel):
            let whole = step == step.rounded()
            fields["type"] = whole ? "integer" : "decimal"
            extensions += [bound("minValue", min, whole: whole), bound("maxValue", max, whole: whole),
                           itemControl("slider")]
            if whole, let step = Int(exactly: step) {
                extensions.append(["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-sliderStepValue",
                                   "valueInteger": .integer(step)])
            }
            let labels = [("lower", minLabel), ("upper", maxLabel)].compactMap { control, label in
                label.map { label -> JSON in
                    ["linkId": .string("\(item.id)-\(control)"), "type": "display", "text": .string(label),
                     "extension": [itemControl(control)]]
                }
            }
            fields["item"] = JSON.list(labels)
        case .numeric(let min, let max, let decimals, let unit):
            fields["type"] = decimals == 0 ? "integer" : "decimal"
            extensions += [min.map { bound("minValue", $0, whole: decimals == 0) },
                           max.map { bound("maxValue", $0, whole: decimals == 0) }].compactMap { $0 }
            if decimals > 0 {
                extensions.append(["url": "http://hl7.org/fhir/StructureDefinition/maxDecimalPlaces",
                                   "valueInteger": .integer(decimals)])
            }
            if let unit {
                extensions.append(["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit",
                                   "valueCoding": unitCoding(unit)])
            }
        case .boolean:
            fields["type"] = "boolean"
        case .choice(let options, let multiple):
            fields["type"] = "choice"
            fields["repeats"] = .boolean(multiple)
            fields["answerOption"] = JSON.list(options.map { option in
                optionCoding(option, task: task, item: item.id).map { ["valueCoding": $0] }
                    ?? ["valueString": .string(option.value)]
            })
        case .text(let maxLength):
            fields["type"] = "text"
            fields["maxLength"] = maxLength.map(JSON.integer)
        case .date(let min, let max):
            fields["type"] = "date"
            extensions += [min.map { ("minValue", $0) }, max.map { ("maxValue", $0) }].compactMap { $0 }.map { name, day -> JSON in
                ["url": .string("http://hl7.org/fhir/StructureDefinition/" + name), "valueDate": .string(day.description)]
            }
        case .timeOfDay:
            fields["type"] = "time"
        }
        fields["extension"] = JSON.list(extensions)
        return .object(fields)
    }

    /// An option whose stored value differs from its wording is a code with
    /// a display; a plain option (value and text alike) is a string.
    func optionCoding(_ option: ChoiceOption, task: String, item: String) -> JSON? {
        guard option.value != option.text, FHIRTerms.isCode(option.value) else { return nil }
        return ["system": .string(FHIRTerms.choiceSystem(task: task, item: item)), "code": .string(option.value),
                "display": .string(option.text)]
    }

    /// A UCUM coding where the unit has one; its wording alone otherwise.
    func unitCoding(_ unit: String) -> JSON {
        guard let code = FHIRTerms.ucum(unit) else { return ["display": .string(unit)] }
        return ["system": .string(FHIRTerms.ucum), "code": .string(code), "display": .string(unit)]
    }

    /// `minValue` or `maxValue`, typed as the item's answers are where the bound allows.
    private func bound(_ name: String, _ value: Double, whole: Bool) -> JSON {
        let integer = whole ? Int(exactly: value) : nil
        return ["url": .string("http://hl7.org/fhir/StructureDefinition/" + name),
                integer == nil ? "valueDecimal" : "valueInteger": integer.map(JSON.integer) ?? .decimal(value)]
    }

    private func itemControl(_ code: String) -> JSON {
        ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
         "valueCodeableConcept": ["coding": [["system": "http://hl7.org/fhir/questionnaire-item-control",
                                              "code": .string(code)]]]]
    }

    // MARK: Responses

    /// The outcome's response and an observation for each of its numeric values.
    func response(_ outcome: Outcome) -> [Entry] {
        let id = uuid("QuestionnaireResponse", outcome.participantID, outcome.taskID, FHIRTerms.occurrence(of: outcome))
        let task = plan.task(outcome.taskID, version: outcome.taskVersion)
        let items = task?.formItems ?? []
        let shared = sharing(outcome).shared(outcome).values
        // Answers in the form's order; a kind the form does not name comes after, by itself.
        var kinds = items.map(\.id).filter { kind in shared.contains { $0.kind == kind } }
        for value in shared where !kinds.contains(value.kind) {
            kinds.append(value.kind)
        }
        let answers: [JSON] = kinds.map { kind in
            let item = items.first { $0.id == kind }
            let values = shared.filter { $0.kind == kind }
            // "Prefer not to answer" is a question asked and declined: no answer, and the reason why.
            if values.map(\.value) == [.preferNotToAnswer] {
                return ["linkId": .string(kind), "text": item.map { .string($0.text) },
                        "extension": [["url": "http://hl7.org/fhir/StructureDefinition/data-absent-reason",
                                       "valueCode": "asked-declined"]]]
            }
            return ["linkId": .string(kind), "text": item.map { .string($0.text) },
                    "answer": .array(values.map { answer($0.value, item: item, task: outcome.taskID) })]
        }
        let zone = zone(outcome.participantID)
        let resource: JSON = [
            "resourceType": "QuestionnaireResponse", "id": .string(id), "language": .string(language(outcome.participantID)),
            "identifier": ["system": .string(FHIRTerms.outcomeSystem),
                           "value": .string("\(outcome.participantID)/\(outcome.taskID)/\(FHIRTerms.occurrence(of: outcome))")],
            "questionnaire": .string(FHIRTerms.questionnaireURL(outcome.taskID) + "|\(outcome.taskVersion)"),
            "status": "completed", "subject": patientReference(outcome.participantID),
            "source": patientReference(outcome.participantID),
            "authored": .string(Timestamp.local(outcome.createdAt, in: zone)),
            "item": .list(answers),
        ]
        let observations = shared.enumerated().compactMap { index, value in
            observation(value, index: index, of: outcome, item: items.first { $0.id == value.kind }, response: id)
        }
        var scoring = export
        scoring.plan = plan
        let scores = scoring.scores(outcome, sharing: sharing(outcome)).compactMap { value in
            task?.score(value.kind).map { scoreObservation($0, value: value, of: outcome, response: id) }
        }
        return [Entry(id: id, resource: resource)] + observations + scores
    }

    /// A stored value as a response's answer, typed as its question is.
    func answer(_ value: OutcomeValue.Value, item: FormItem?, task: String) -> JSON {
        switch value {
        case .integer(let integer): return ["valueInteger": .integer(integer)]
        case .decimal(let decimal): return ["valueDecimal": .decimal(decimal)]
        case .boolean(let boolean): return ["valueBoolean": .boolean(boolean)]
        case .date(let date): return ["valueDate": .string(date.description)]
        case .time(let time): return ["valueTime": .string(time.description + ":00")]
        case .preferNotToAnswer: return [:]
        case .text(let text):
            if let item, case .choice(let options, _) = item.answer, let option = options.first(where: { $0.value == text }),
               let coding = optionCoding(option, task: task, item: item.id) {
                return ["valueCoding": coding]
            }
            return ["valueString": .string(text)]
        }
    }
}
