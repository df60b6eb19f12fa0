import Markup
import CareModel

/// Reads a task's front matter: id, title, adherence, schedule and survey.
extension FieldReader {
    func task(_ node: YAMLNode, fileID: String, instructions: HTML) -> StudyTask? {
        guard let fields = fields(node, in: "the task", allowed: ["id", "title", "impactsAdherence", "schedule", "survey"],
                                  required: ["id", "title", "schedule"]) else { return nil }
        let id = identifier(fields["id"], "the task id")
        if let id, id != fileID, let idNode = fields["id"] {
            error("the task id '\(id)' must match its file name '\(fileID).md'", at: idNode)
        }
        let title = text(fields["title"], "the task title")
        let impactsAdherence = fields["impactsAdherence"].map { boolean($0, "impactsAdherence") ?? true } ?? true
        let schedule = fields["schedule"].flatMap(schedule)
        let survey = fields["survey"].flatMap { surveyNode in
            list(surveyNode, "survey").map { $0.compactMap(step) }
        } ?? []
        // With errors reported, a partial task still goes on to have its
        // references checked, so one run names every mistake.
        guard let schedule = schedule ?? (hasErrors ? Schedule([]) : nil) else { return nil }
        return StudyTask(id: id ?? fileID, title: title ?? fileID, impactsAdherence: impactsAdherence,
                         schedule: schedule, survey: survey, instructions: instructions, file: file)
    }

    // MARK: Schedule

    func schedule(_ node: YAMLNode) -> Schedule? {
        guard let items = list(node, "schedule") else { return nil }
        guard !items.isEmpty else {
            error("schedule needs at least one element", at: node)
            return nil
        }
        let elements = items.map(scheduleElement)
        guard elements.allSatisfy({ $0 != nil }) else { return nil }
        return Schedule(elements.compactMap { $0 })
    }

    private func scheduleElement(_ node: YAMLNode) -> ScheduleElement? {
        guard let fields = fields(node, in: "a schedule element",
                                  allowed: ["start", "end", "every", "at", "allDay", "duration", "text"],
                                  required: ["start"]) else { return nil }
        var valid = true
        let start = fields["start"].flatMap { anchor($0, "start") }
        let end = fields["end"].flatMap { anchor($0, "end") }
        if fields["end"] != nil && end == nil { valid = false }
        if let start, let end, let endNode = fields["end"], !Self.isBefore(start, end) {
            error("end (\(end)) must come after start (\(start)); end is exclusive", at: endNode)
            valid = false
        }
        var interval: ScheduleInterval?
        if let every = fields["every"] {
            interval = self.interval(every)
            if interval == nil { valid = false }
        }
        let allDay = fields["allDay"].flatMap { boolean($0, "allDay") } ?? false
        var time = TimeOfDay.allDay
        if let atNode = fields["at"] {
            if allDay {
                error("give either 'at' or 'allDay: true', not both", at: atNode)
                valid = false
            } else if let clock = text(atNode, "at").flatMap({ LocalTime($0) }) {
                time = .at(clock)
            } else {
                error("at must be a wall-clock time \"HH:MM\" such as \"08:00\"", at: atNode)
                valid = false
            }
        } else if !allDay {
            error("a schedule element needs 'at: \"HH:MM\"' or 'allDay: true'", at: node)
            valid = false
        }
        var duration = ScheduleDuration.hours(1)
        if let durationNode = fields["duration"] {
            if allDay {
                warning("duration is ignored for an all-day event, which covers its whole day", at: durationNode)
            }
            if let parsed = self.duration(durationNode) { duration = parsed } else { valid = false }
        }
        let elementText = fields["text"].flatMap { text($0, "text") }
        guard valid, let start else { return nil }
        return ScheduleElement(start: start, end: end, interval: interval, time: time, duration: duration,
                               text: elementText)
    }

    /// `enrollment`, `enrollment + N day(s)`, `enrollment + N week(s)` or `YYYY-MM-DD`.
    private func anchor(_ node: YAMLNode, _ what: String) -> ScheduleAnchor? {
        guard let value = text(node, what) else { return nil }
        let words = value.split(separator: " ")
        if value == "enrollment" {
            return .enrollment(plusDays: 0)
        }
        if words.count == 4, words[0] == "enrollment", words[1] == "+", let count = Int(words[2]), (0...Self.maximumDays).contains(count) {
            switch words[3] {
            case "day", "days": return .enrollment(plusDays: count)
            case "week", "weeks": return .enrollment(plusDays: count * 7)
            default: break
            }
        }
        if let date = LocalDate(iso: value) {
            return .date(date)
        }
        error("\(what) must be 'enrollment', 'enrollment + N days', 'enrollment + N weeks' or a date YYYY-MM-DD, not '\(value)'", at: node)
        return nil
    }

    /// `N day(s)` or `N week(s)`, N at least 1.
    private func interval(_ node: YAMLNode) -> ScheduleInterval? {
        guard let value = text(node, "every") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), (1...Self.maximumDays).contains(count) {
            switch words[1] {
            case "day", "days": return .days(count)
            case "week", "weeks": return .weeks(count)
            default: break
            }
        }
        error("every must be 'N days' or 'N weeks' with N at least 1, such as '1 day' or '2 weeks', not '\(value)'", at: node)
        return nil
    }

    /// `N minute(s)` or `N hour(s)`, more than zero and at most a day.
    private func duration(_ node: YAMLNode) -> ScheduleDuration? {
        guard let value = text(node, "duration") else { return nil }
        let words = value.split(separator: " ")
        if words.count == 2, let count = Int(words[0]), count >= 1 {
            switch words[1] {
            case "minute" where count <= 1440, "minutes" where count <= 1440: return .minutes(count)
            case "hour" where count <= 24, "hours" where count <= 24: return .hours(count)
            default: break
            }
        }
        error("duration must be 'N minutes' or 'N hours', more than zero and at most a day, such as '1 hour', not '\(value)'",
              at: node)
        return nil
    }

    /// Whether `start` comes before `end` for every enrollment day; mixed
    /// anchors (a date and enrollment) cannot be compared here.
    private static func isBefore(_ start: ScheduleAnchor, _ end: ScheduleAnchor) -> Bool {
        switch (start, end) {
        case (.enrollment(let a), .enrollment(let b)): a < b
        case (.date(let a), .date(let b)): a < b
        default: true
        }
    }

    // MARK: Survey

    private func step(_ node: YAMLNode) -> SurveyStep? {
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
            guard let fields = fields(node, in: "a form step", allowed: ["type", "title", "text", "items"],
                                      required: ["items"]),
                  let itemNodes = list(fields["items"], "items") else { return nil }
            if itemNodes.isEmpty, let itemsNode = fields["items"] {
                error("a form step needs at least one item", at: itemsNode)
            }
            let items = itemNodes.compactMap(formItem)
            guard items.count == itemNodes.count else { return nil }
            return .form(FormStep(title: fields["title"].flatMap { text($0, "title") },
                                  text: fields["text"].flatMap { text($0, "text") }, items: items))
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
        guard let fields = fields(node, in: "a form item", allowed: ["id", "text", "required", "answer"],
                                  required: ["id", "text", "answer"]) else { return nil }
        let id = identifier(fields["id"], "the item id")
        let question = text(fields["text"], "text")
        let required = fields["required"].flatMap { boolean($0, "required") } ?? false
        let answer = fields["answer"].flatMap(answerFormat)
        guard let id, let question, let answer else { return nil }
        return FormItem(id: id, text: question, isRequired: required, answer: answer)
    }

    private func answerFormat(_ node: YAMLNode) -> AnswerFormat? {
        let formats = ["scale", "numeric", "boolean", "choice", "text"]
        // `answer: boolean` names a format whose options are all optional.
        if case .scalar(let name, true) = node.value, ["boolean", "numeric", "text"].contains(name) {
            return answerFormat(YAMLNode(value: .mapping([(node, YAMLNode(value: .scalar("", plain: true),
                                                                            line: node.line, column: node.column))]),
                                         line: node.line, column: node.column))
        }
        guard case .mapping(let pairs) = node.value, pairs.count == 1,
              case .scalar(let name, _) = pairs[0].key.value else {
            error("answer must name one format with its options, e.g. 'answer: boolean' or "
                  + "'answer: { scale: { min: 0, max: 10, step: 1 } }'", at: node)
            return nil
        }
        let options = pairs[0].value
        let context = "the \(name) answer"
        switch name {
        case "scale":
            guard let fields = fields(options, in: context, allowed: ["min", "max", "step", "minLabel", "maxLabel"],
                                      required: ["min", "max", "step"]),
                  let min = number(fields["min"], "min"), let max = number(fields["max"], "max"),
                  let step = number(fields["step"], "step") else { return nil }
            guard min < max else {
                error("min (\(Self.format(min))) must be below max (\(Self.format(max)))", at: fields["min"] ?? options)
                return nil
            }
            guard step > 0 else {
                error("step must be more than zero", at: fields["step"] ?? options)
                return nil
            }
            let steps = (max - min) / step
            guard abs(steps - steps.rounded()) < 1e-9 else {
                error("step \(Self.format(step)) does not divide the range \(Self.format(min))–\(Self.format(max)) evenly",
                      at: fields["step"] ?? options)
                return nil
            }
            guard steps <= 100 else {
                error("a scale has at most 100 steps; this one has \(Int(steps))", at: fields["step"] ?? options)
                return nil
            }
            return .scale(min: min, max: max, step: step, minLabel: fields["minLabel"].flatMap { text($0, "minLabel") },
                          maxLabel: fields["maxLabel"].flatMap { text($0, "maxLabel") })
        case "numeric":
            if case .scalar(let value, true) = options.value, value.isEmpty || value == "~" || value == "null" {
                return .numeric(min: nil, max: nil, decimals: 0, unit: nil)
            }
            guard let fields = fields(options, in: context, allowed: ["min", "max", "decimals", "unit"]) else { return nil }
            let min = fields["min"].flatMap { number($0, "min") }
            let max = fields["max"].flatMap { number($0, "max") }
            if let min, let max, min > max {
                error("min (\(Self.format(min))) must not be above max (\(Self.format(max)))", at: fields["min"] ?? options)
                return nil
            }
            let decimals = fields["decimals"].map { integer($0, "decimals", in: 0...6) } ?? 0
            guard let decimals else { return nil }
            return .numeric(min: min, max: max, decimals: decimals, unit: fields["unit"].flatMap { text($0, "unit") })
        case "boolean":
            if case .scalar(let value, true) = options.value, value.isEmpty || value == "~" || value == "null" {
                return .boolean
            }
            guard fields(options, in: context, allowed: []) != nil else { return nil }
            return .boolean
        case "choice":
            guard let fields = fields(options, in: context, allowed: ["options", "multiple"], required: ["options"]),
                  let optionNodes = list(fields["options"], "options") else { return nil }
            let choices = optionNodes.compactMap { text($0, "an option") }
            guard choices.count == optionNodes.count else { return nil }
            if choices.count < 2, let optionsNode = fields["options"] {
                error("a choice needs at least two options", at: optionsNode)
                return nil
            }
            if Set(choices).count != choices.count, let optionsNode = fields["options"] {
                error("the options of a choice must differ from each other", at: optionsNode)
                return nil
            }
            let multiple = fields["multiple"].flatMap { boolean($0, "multiple") } ?? false
            return .choice(options: choices, multiple: multiple)
        case "text":
            if case .scalar(let value, true) = options.value, value.isEmpty || value == "~" || value == "null" {
                return .text(maxLength: nil)
            }
            guard let fields = fields(options, in: context, allowed: ["maxLength"]) else { return nil }
            let maxLength = fields["maxLength"].map { integer($0, "maxLength", in: 1...100_000) }
            if case .some(nil) = maxLength { return nil }
            return .text(maxLength: maxLength ?? nil)
        default:
            let suggestion = Self.closest(to: name, in: formats).map { "; did you mean '\($0)'?" } ?? ""
            error("unknown answer format '\(name)'\(suggestion); expected scale, numeric, boolean, choice or text",
                  at: pairs[0].key)
            return nil
        }
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

    /// A century: no schedule reaches further, and larger numbers would overflow day arithmetic.
    static let maximumDays = 36_500

    static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}
