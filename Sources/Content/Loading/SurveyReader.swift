import CareModel
import StudyModel

/// Reads a task's survey: its steps and their items.
extension FieldReader {
    func step(_ node: YAMLNode) -> SurveyStep? {
        enter(.surveys)
        defer { leave() }
        guard case .mapping(let pairs) = node.value,
              let typeNode = pairs.first(where: { if case .scalar("type", _) = $0.key.value { true } else { false } })?.value
        else {
            error("a survey step needs a 'type': instruction, form, consent, permissions, model or completion", at: node)
            return nil
        }
        switch text(typeNode, "type") {
        case "instruction":
            guard let fields = fields(node, in: "an instruction step", allowed: ["type", "title", "text", "image", "items"],
                                      required: ["title"]) else { return nil }
            let items = fields["items"].flatMap { list($0, "items") }?.compactMap(iconItem) ?? []
            guard let title = text(fields["title"], "title") else { return nil }
            return .instruction(InstructionStep(title: title, text: fields["text"].flatMap { text($0, "text") },
                                                image: fields["image"].flatMap { text($0, "image") }, items: items))
        case "form":
            guard let fields = fields(node, in: "a form step", allowed: ["type", "title", "text", "items", "showIf"],
                                      required: ["items"]),
                  let itemNodes = list(fields["items"], "items") else { return nil }
            if itemNodes.isEmpty, let itemsNode = fields["items"] {
                error("a form step needs at least one item", at: itemsNode)
            }
            let showIf = fields["showIf"].flatMap { node in
                conditionNodes.append(node)
                return condition(node, earlier: surveyItems, own: nil, later: surveyItemIDs.subtracting(surveyItems.map(\.id)))
            }
            let items = itemNodes.compactMap(formItem)
            guard items.count == itemNodes.count, fields["showIf"] == nil || showIf != nil else { return nil }
            return .form(FormStep(title: fields["title"].flatMap { text($0, "title") },
                                  text: fields["text"].flatMap { text($0, "text") }, items: items, showIf: showIf))
        case "consent":
            guard let fields = fields(node, in: "a consent step", allowed: ["type", "document", "signature"],
                                      required: ["document", "signature"]),
                  let document = identifier(fields["document"], "document") else { return nil }
            if let signature = fields["signature"], let value = text(signature, "signature"), value != "drawn" {
                error("signature must be 'drawn' (a drawn signature with a printed name), not '\(value)'", at: signature)
                return nil
            }
            return .consent(ConsentStep(document: document))
        case "permissions":
            guard let fields = fields(node, in: "a permissions step", allowed: ["type", "title", "text", "items"],
                                      required: ["items"]),
                  let itemNodes = list(fields["items"], "items") else { return nil }
            return .permissions(PermissionsStep(title: fields["title"].flatMap { text($0, "title") },
                                                text: fields["text"].flatMap { text($0, "text") },
                                                items: itemNodes.compactMap(permissionItem)))
        case "model":
            guard let fields = fields(node, in: "a model step", allowed: ["type", "education"], required: ["education"]),
                  let slug = identifier(fields["education"], "education") else { return nil }
            return .model(ModelStep(education: slug))
        case "completion":
            guard let fields = fields(node, in: "a completion step", allowed: ["type", "title", "text"],
                                      required: ["title"]),
                  let title = text(fields["title"], "title") else { return nil }
            return .completion(CompletionStep(title: title, text: fields["text"].flatMap { text($0, "text") }))
        case let other?:
            error("unknown step type '\(other)'; expected instruction, form, consent, permissions, model or completion",
                  at: typeNode)
            return nil
        case nil:
            return nil
        }
    }

    private func iconItem(_ node: YAMLNode) -> IconItem? {
        guard let fields = fields(node, in: "an instruction item", allowed: ["icon", "text", "detail"],
                                  required: ["icon", "text"]),
              let icon = text(fields["icon"], "icon"), let itemText = text(fields["text"], "text") else { return nil }
        return IconItem(icon: icon, text: itemText, detail: fields["detail"].flatMap { text($0, "detail") })
    }

    private func formItem(_ node: YAMLNode) -> FormItem? {
        enter(.questions)
        defer { leave() }
        guard let fields = fields(node, in: "a form item",
                                  allowed: ["id", "text", "required", "answer", "measure", "showIf", "preferNotToAnswer", "sets",
                                            "expect", "explain"],
                                  required: ["id", "text", "answer"]) else { return nil }
        let id = identifier(fields["id"], "the item id")
        let question = text(fields["text"], "text")
        let required = fields["required"].flatMap { boolean($0, "required") } ?? false
        let answer = fields["answer"].flatMap(answerFormat)
        let showIf = fields["showIf"].flatMap { node in
            conditionNodes.append(node)
            return condition(node, earlier: surveyItems, own: id,
                             later: surveyItemIDs.subtracting(surveyItems.map(\.id) + [id].compactMap { $0 }))
        }
        let preferNotToAnswer = fields["preferNotToAnswer"].flatMap { boolean($0, "preferNotToAnswer") } ?? false
        if case .choice(let options, _)? = answer,
           options.contains(where: { $0.value == FormItem.preferNotToAnswerValue }), let answerNode = fields["answer"] {
            error("an option stores '\(FormItem.preferNotToAnswerValue)', which is how \"Prefer not to answer\" is stored; "
                  + "give that option another value", at: answerNode)
            return nil
        }
        var measure: Measure?
        if let measureNode = fields["measure"] {
            guard let name = text(measureNode, "measure") else { return nil }
            measure = Measure(rawValue: name)
            guard let measure else {
                let names = Measure.allCases.map(\.rawValue)
                let suggestion = Self.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                error("unknown measure '\(name)'\(suggestion); expected \(names.joined(separator: ", "))", at: measureNode)
                return nil
            }
            switch answer {
            case .numeric?, nil:
                break
            case .some:
                error("measure \(measure.rawValue) gives a number, so it needs a numeric answer, such as "
                      + "'answer: { numeric: { min: 0, max: 160, unit: degrees } }'", at: measureNode)
                return nil
            }
        }
        let sets = fields["sets"].flatMap { identifier($0, "sets") }
        if let setsNode = fields["sets"], let answer {
            guard case .date = answer else {
                error("sets gives a participant's date from the answer, so it needs a date answer, such as "
                      + "'answer: { date: {} }'", at: setsNode)
                return nil
            }
        }
        let expect = fields["expect"].flatMap { expected($0, answer: answer) }
        let explain = fields["explain"].flatMap { text($0, "explain") }
        if let explainNode = fields["explain"], fields["expect"] == nil {
            error("explain says why an expected answer is right, and this item has no expect", at: explainNode)
        }
        guard let id, let question, let answer, fields["showIf"] == nil || showIf != nil,
              fields["sets"] == nil || sets != nil, fields["expect"] == nil || expect != nil else { return nil }
        let item = FormItem(id: id, text: question, isRequired: required, answer: answer, measure: measure, showIf: showIf,
                            preferNotToAnswer: preferNotToAnswer, sets: sets, expect: expect, explain: explain)
        surveyItems.append(item)
        return item
    }

    private func permissionItem(_ node: YAMLNode) -> PermissionItem? {
        guard let fields = fields(node, in: "a permission item", allowed: ["id", "kind", "title", "text", "types"],
                                  required: ["id", "kind", "title"]) else { return nil }
        let id = identifier(fields["id"], "the permission id")
        var kind: PermissionItem.Kind?
        if let kindNode = fields["kind"], let value = text(kindNode, "kind") {
            kind = PermissionItem.Kind(rawValue: value)
            if kind == nil {
                error("kind must be health, notifications or motion, not '\(value)'", at: kindNode)
            }
        }
        let title = text(fields["title"], "title")
        let types = fields["types"].flatMap { list($0, "types") }?.compactMap { identifier($0, "a type") } ?? []
        guard let id, let kind, let title else { return nil }
        return PermissionItem(id: id, kind: kind, title: title, text: fields["text"].flatMap { text($0, "text") },
                              types: types)
    }

}

/// A question about the consent: the answer it expects.
extension FieldReader {
    /// `expect`, as the answer is stored: `true` or `false` for a yes-or-no
    /// question, a value of a single choice. One that no answer can give is
    /// an error, for such a question could never be passed.
    fileprivate func expected(_ node: YAMLNode, answer: AnswerFormat?) -> String? {
        guard case .scalar(let value, _) = node.value else {
            error("expect is one answer: true or false, or one of the choice's values", at: node)
            return nil
        }
        switch answer {
        case .boolean?:
            guard value == "true" || value == "false" else {
                error("expect '\(value)' is no answer to a yes-or-no question, so it could never be right: write true or false",
                      at: node)
                return nil
            }
            return value
        case .choice(let options, false)?:
            guard options.contains(where: { $0.value == value }) else {
                error("expect '\(value)' is not one of the choice's values (\(options.map(\.value).joined(separator: ", "))), "
                      + "so it could never be right", at: node)
                return nil
            }
            return value
        case nil:
            return nil
        case .some:
            error("expect is for a yes-or-no question or a choice of one, whose right answer can be told", at: node)
            return nil
        }
    }
}
