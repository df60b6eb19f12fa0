import CareModel
import StudyModel

/// Reads how a form item is answered: scale, numeric, boolean, choice or text.
extension FieldReader {
    func answerFormat(_ node: YAMLNode) -> AnswerFormat? {
        enter(.questions)
        defer { leave() }
        let formats = ["scale", "numeric", "boolean", "choice", "text", "date", "timeOfDay"]
        // `answer: boolean` names a format whose options are all optional.
        if case .scalar(let name, true) = node.value, ["boolean", "numeric", "text", "date", "timeOfDay"].contains(name) {
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
                error("a scale has at most 100 steps; this one has \(Self.format(steps.rounded()))", at: fields["step"] ?? options)
                return nil
            }
            guard abs(min) < AnswerFormat.largestNumber, abs(max) < AnswerFormat.largestNumber else {
                error("a scale's ends must be smaller than 1000000000000000, the largest number an answer keeps exactly",
                      at: fields[abs(min) < AnswerFormat.largestNumber ? "max" : "min"] ?? options)
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
            let choices = optionNodes.compactMap(choiceOption)
            guard choices.count == optionNodes.count else { return nil }
            if choices.count < 2, let optionsNode = fields["options"] {
                error("a choice needs at least two options", at: optionsNode)
                return nil
            }
            for (index, (choice, optionNode)) in zip(choices, optionNodes).enumerated() {
                let earlier = choices[..<index]
                if earlier.contains(where: { $0.value == choice.value }) {
                    if case .scalar = optionNode.value {
                        error("the options of a choice must differ from each other; '\(choice.text)' is listed twice",
                              at: optionNode)
                    } else {
                        error("two options store the value '\(choice.value)'; each option needs a value of its own",
                              at: optionNode)
                    }
                    return nil
                }
                if earlier.contains(where: { $0.text == choice.text }) {
                    error("two options show the text '\(choice.text)'; a participant could not tell them apart", at: optionNode)
                    return nil
                }
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
        case "date":
            if case .scalar(let value, true) = options.value, value.isEmpty || value == "~" || value == "null" {
                return .date(min: nil, max: nil)
            }
            guard let fields = fields(options, in: context, allowed: ["min", "max"]) else { return nil }
            func day(_ key: String) -> LocalDate?? {
                guard let node = fields[key] else { return .some(nil) }
                guard let text = text(node, key) else { return nil }
                guard let day = LocalDate(iso: text) else {
                    error("\(key) must be a day written YYYY-MM-DD, such as 2026-03-01, not '\(text)'", at: node)
                    return nil
                }
                return .some(day)
            }
            guard let min = day("min"), let max = day("max") else { return nil }
            if let min, let max, min > max {
                error("min (\(min)) must not be after max (\(max))", at: fields["min"] ?? options)
                return nil
            }
            return .date(min: min, max: max)
        case "timeOfDay":
            if case .scalar(let value, true) = options.value, value.isEmpty || value == "~" || value == "null" {
                return .timeOfDay
            }
            guard fields(options, in: context, allowed: []) != nil else { return nil }
            return .timeOfDay
        default:
            let suggestion = Self.closest(to: name, in: formats).map { "; did you mean '\($0)'?" } ?? ""
            error("unknown answer format '\(name)'\(suggestion); expected scale, numeric, boolean, choice, text, date or timeOfDay",
                  at: pairs[0].key)
            return nil
        }
    }

    /// `Park`, or `{ value: park, text: In a park }`.
    private func choiceOption(_ node: YAMLNode) -> ChoiceOption? {
        let option: ChoiceOption
        var valueNode = node
        if case .mapping = node.value {
            guard let fields = fields(node, in: "an option", allowed: ["value", "text"], required: ["value", "text"]),
                  let value = text(fields["value"], "value"), let shown = text(fields["text"], "text") else { return nil }
            option = ChoiceOption(value: value, text: shown)
            valueNode = fields["value"] ?? node
        } else {
            guard let text = text(node, "an option") else { return nil }
            option = ChoiceOption(text)
        }
        // Exports write a choice's value as it is: one a spreadsheet would run as a formula is refused here.
        if let first = option.value.first, "=@\t\r".contains(first) {
            error("a choice's value must not start with '\(first == "\t" ? "a tab" : first == "\r" ? "a carriage return" : String(first))': "
                  + "a spreadsheet would run '\(option.value)' as a formula; give the option a value such as 1 or \"yes\"",
                  at: valueNode)
            return nil
        }
        return option
    }
}
