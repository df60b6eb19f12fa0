import CareModel
import StudyModel
import Foundation
import Markup

/// A task's survey as one calm form that starts with its first question:
/// the task's instructions folded above it, one submit that says when it is
/// saving.
public enum SurveyPage {
    /// - Parameters:
    ///   - asked: the ids of the items asked, given the values entered; nil
    ///     for those asked before any answer.
    ///   - newlyAsked: the items that the answers sent made relevant, asked
    ///     on their own page, the values entered so far kept in hidden fields;
    ///     nil for the whole survey.
    public static func render(task: StudyTask, event: ScheduledEvent, participant: Participant, study: Study,
                              values: [String: [String]], errors: [String: String], reader: Reader, action: String, csrfToken: String,
                              today: LocalDate, asked: Set<String>? = nil, newlyAsked: [String]? = nil,
                              frame: Layout.Frame = .plain) -> HTML {
        let asked = asked ?? Set(task.askedItems(answers: [:]).map(\.id))
        var main: HTML = "<p class=\"back\"><a href=\"\(reader.links.feed(participant.id, today) ?? "/")\"><span class=\"arrow\" aria-hidden=\"true\">←</span> \(reader.words(.backToToday))</a></p>\n"
        main += "<h1\(Layout.language(of: task.file, study: study))>\(task.title)</h1>\n"
        let when = event.hasWindow ? reader.words(.openUntil, ["day": reader.format.weekdayAndDay(event.lastDay)])
            : reader.format.when(event, in: participant.timeZone, today: today)
        main += "<p class=\"day-meta\">\([event.visit, reader.format.day(event.day), when].compactMap { $0 }.joined(separator: " · "))</p>\n"
        if !errors.isEmpty {
            main += "<div class=\"error-summary\" role=\"alert\" tabindex=\"-1\"><h2>\(reader.words(.pleaseCheckAnswers, count: errors.count))</h2><ul>"
            for item in task.formItems where errors[item.id] != nil {
                // "How bad is it? Please answer…", but "Sleep: Enter a number…".
                let asked = item.text.last.map { "?!.:？！。：؟".contains($0) } == true
                let line = reader.words(asked ? .errorAfterQuestion : .errorAfterLabel, ["question": item.text, "error": errors[item.id]!])
                main += "<li><a href=\"#field-\(item.id)\">\(line)</a></li>"
            }
            main += "</ul></div>\n"
        }
        if newlyAsked == nil { main += guide(task, reader: reader) }
        main += "<form method=\"post\" action=\"\(action)\" class=\"survey\" novalidate\(Layout.language(of: task.file, study: study))>\n"
        main += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        if task.hasConditions {
            let order = task.formItems.map(\.id).filter(asked.contains)
            main += "<input type=\"hidden\" name=\"\(askedField)\" value=\"\(order.joined(separator: " "))\">\n"
            main += "<p class=\"visually-hidden conditions-status\" role=\"status\" data-said-added=\"\(reader.words(.questionsAdded))\" "
            main += "data-said-removed=\"\(reader.words(.questionsRemoved))\"></p>\n"
        }
        if let newlyAsked {
            main += "<h2 class=\"more-questions\">\(reader.words(.moreQuestions))</h2>\n"
            for item in task.formItems where asked.contains(item.id) && !newlyAsked.contains(item.id) {
                for value in values[item.id] ?? [] where !value.isEmpty {
                    main += "<input type=\"hidden\" name=\"\(item.id)\" value=\"\(value)\">\n"
                }
            }
            for item in task.formItems where newlyAsked.contains(item.id) {
                main += field(item, values: values[item.id] ?? [], error: errors[item.id], reader: reader)
            }
        } else {
            main += steps(task, study: study, values: values, errors: errors, asked: asked, reader: reader)
        }
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\" data-busy-label=\"\(reader.words(.saving))\">"
            + "\(reader.words(.saveAnswers))</button></p>\n</form>\n"
        var scripts = ["js/busy.js"]
        if task.hasConditions && newlyAsked == nil { scripts.append("js/conditions.js") }
        if MeasureControl.isNeeded(by: task) { scripts.append(MeasureControl.script) }
        return Layout.page(title: task.title, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .feed), main: main,
                           scripts: scripts, frame: frame)
    }

    /// The form field that lists, space-separated, the items the page asked,
    /// so the server can tell which items the answers made relevant.
    public static let askedField = "asked"

    /// The form's steps, an item or step not asked kept hidden: the script
    /// shows it as the answers make it relevant.
    static func steps(_ task: StudyTask, study: Study, values: [String: [String]], errors: [String: String],
                      asked: Set<String>, reader: Reader) -> HTML {
        var html: HTML = ""
        for step in task.survey {
            switch step {
            case .form(let form):
                let conditional: HTML = form.showIf.map { " data-show-if=\"\(ConditionScript.json($0, task: task))\"" } ?? ""
                let stepAsked = form.items.contains { asked.contains($0.id) }
                html += "<div class=\"form-step\"\(conditional)\(form.showIf != nil && !stepAsked ? " hidden" : "")>\n"
                if let title = form.title { html += "<h2 class=\"form-title\">\(title)</h2>\n" }
                if let text = form.text { html += "<p>\(text)</p>\n" }
                for item in form.items {
                    html += field(item, values: values[item.id] ?? [], error: errors[item.id], reader: reader,
                                  showIf: item.showIf.map { ConditionScript.json($0, task: task) }, hidden: !asked.contains(item.id))
                }
                html += "</div>\n"
            case .model(let model):
                if let note = study.note(model.education) {
                    html += "<p class=\"step\"><a href=\"\(reader.links.note(note.slug))\">\(reader.words(.openModel, ["title": note.title]))</a></p>\n"
                }
            case .instruction, .consent, .permissions, .completion:
                break
            }
        }
        return html
    }

    /// The task's instructions (its instruction steps, then its Markdown
    /// body) said once, folded under one line so that the first question
    /// shows without scrolling; open when there is no question to answer.
    static func guide(_ task: StudyTask, reader: Reader) -> HTML {
        let steps = task.survey.compactMap { step -> InstructionStep? in
            if case .instruction(let instruction) = step { instruction } else { nil }
        }
        guard !steps.isEmpty || !task.instructions.isEmpty else { return "" }
        let open: HTML = task.formItems.isEmpty ? " open" : ""
        var html: HTML = "<details class=\"guide\"\(open)><summary>\(steps.first?.title ?? reader.words(.howToAnswer))</summary>\n"
        for (index, instruction) in steps.enumerated() {
            html += "<section class=\"step\">"
            if index > 0 { html += "<h2>\(instruction.title)</h2>" }
            if let text = instruction.text { html += "<p>\(text)</p>" }
            html += "\(iconItems(instruction.items, reader: reader))</section>\n"
        }
        if !task.instructions.isEmpty {
            html += "<div class=\"prose instructions\">\n\(task.instructions)</div>\n"
        }
        return html + "</details>\n"
    }

    static func iconItems(_ items: [IconItem], reader: Reader) -> HTML {
        guard !items.isEmpty else { return "" }
        var html: HTML = "<ul class=\"icon-items\">"
        for item in items {
            html += "<li>\(Layout.icon(item.icon, reader: reader))<span><strong>\(item.text)</strong>"
            if let detail = item.detail { html += "<span class=\"icon-detail\">\(detail)</span>" }
            html += "</span></li>"
        }
        return html + "</ul>\n"
    }

    /// One question with its label, hint, control and, when there is one, its error.
    static func field(_ item: FormItem, values: [String], error: String?, reader: Reader,
                      showIf: String? = nil, hidden: Bool = false) -> HTML {
        let id = "field-\(item.id)"
        let errorID = "\(id)-error"
        let hintID = "\(id)-hint"
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\""
        let isRequired: HTML = item.isRequired ? " required" : ""
        let required: HTML = item.isRequired ? " <span class=\"required\">\(reader.words(.required))</span>" : " <span class=\"optional\">\(reader.words(.optional))</span>"
        let errorHTML: HTML = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" } ?? ""
        let declined = values.contains(FormItem.preferNotToAnswerValue)
        let first = declined ? "" : values.first ?? ""
        let conditional: HTML = showIf.map { " data-show-if=\"\($0)\"" } ?? ""
        var html: HTML = "<div class=\"field\(error == nil ? "" : " has-error")\" data-item=\"\(item.id)\"\(conditional)\(hidden ? " hidden" : "")>\n"
        switch item.answer {
        case .scale(let min, let max, _, let minLabel, let maxLabel):
            let describedBy = ([minLabel == nil && maxLabel == nil ? nil : hintID] + [error == nil ? nil : errorID])
                .compactMap { $0 }.joined(separator: " ")
            html += "<fieldset class=\"scale\" id=\"\(id)\"\(describedByAttribute(describedBy))>"
            html += "<legend>\(item.text)\(required)</legend>\n"
            if minLabel != nil || maxLabel != nil {
                html += "<p class=\"scale-ends\" id=\"\(hintID)\"><span>\(reader.words(.scaleEnd, ["number": reader.format.number(min), "label": minLabel ?? ""]))</span>"
                    + "<span>\(reader.words(.scaleEnd, ["number": reader.format.number(max), "label": maxLabel ?? ""]))</span></p>\n"
            }
            html += errorHTML
            let values = item.answer.scaleSteps
            // Eight to twelve steps take two even rows on a phone, so each stays a finger wide.
            let columns: HTML = (8...12).contains(values.count) ? " scale-columns-\((values.count + 1) / 2)" : ""
            html += "<div class=\"scale-options\(columns)\">"
            for (index, value) in values.enumerated() {
                // As the value model reads it back: 0.125 stays 0.125.
                let text = OutcomeValue.Value.decimal(value).text
                let optionID = "\(id)-\(index)"
                let label = index == 0 ? minLabel : (index == values.count - 1 ? maxLabel : nil)
                let checked: HTML = first == text ? " checked" : ""
                let hidden: HTML = label.map { "<span class=\"visually-hidden\">, \($0)</span>" } ?? ""
                html += "<input type=\"radio\" name=\"\(item.id)\" id=\"\(optionID)\" value=\"\(text)\"\(checked)\(isRequired)\(invalid)>"
                html += "<label for=\"\(optionID)\">\(reader.format.number(value))\(hidden)</label>"
            }
            html += "</div>\(preferNotToAnswer(item, checked: declined, radio: true, reader: reader))</fieldset>\n"
        case .numeric(let min, let max, let decimals, let unit):
            var hint: [String] = []
            if let min, let max { hint.append(reader.words(.fromTo, ["min": reader.format.number(min), "max": reader.format.number(max)])) }
            if decimals > 0 { hint.append(reader.words(.decimalsAllowed, ["example": reader.format.decimal(decimals == 1 ? 6.5 : 6.25)])) }
            let describedBy = [hint.isEmpty ? nil : hintID, error == nil ? nil : errorID].compactMap { $0 }.joined(separator: " ")
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text)\(required)</label>\n"
            if !hint.isEmpty { html += "<p class=\"field-hint\" id=\"\(hintID)\">\(hint.joined(separator: reader.words(.listSeparator)))</p>\n" }
            html += errorHTML
            html += "<div class=\"number-input\"><input type=\"text\" inputmode=\"\(decimals > 0 ? "decimal" : "numeric")\" "
                + "name=\"\(item.id)\" id=\"\(id)\" value=\"\(first)\" autocomplete=\"off\""
                + "\(describedByAttribute(describedBy))\(isRequired)\(invalid)>"
            if let unit { html += "<span class=\"unit\">\(unit)</span>" }
            html += "</div>\n"
            if let measure = item.measure { html += MeasureControl.html(measure, fieldID: id, reader: reader) }
            html += preferNotToAnswer(item, checked: declined, radio: false, reader: reader)
        case .boolean:
            html += "<fieldset id=\"\(id)\"\(describedByAttribute(error == nil ? "" : errorID))><legend>\(item.text)\(required)</legend>\n"
            html += errorHTML + "<div class=\"choices\">"
            for (value, label) in [("yes", reader.words(.yes)), ("no", reader.words(.no))] {
                let checked: HTML = first == value ? " checked" : ""
                html += "<label class=\"choice\"><input type=\"radio\" name=\"\(item.id)\" value=\"\(value)\"\(checked)\(invalid)> \(label)</label>"
            }
            html += "\(preferNotToAnswer(item, checked: declined, radio: true, reader: reader))</div></fieldset>\n"
        case .choice(let options, let multiple):
            html += "<fieldset id=\"\(id)\"\(describedByAttribute(error == nil ? "" : errorID))><legend>\(item.text)\(required)</legend>\n"
            if multiple { html += "<p class=\"field-hint\">\(reader.words(.chooseAllThatApply))</p>" }
            html += errorHTML + "<div class=\"choices\">"
            for option in options {
                let checked: HTML = values.contains(option.value) ? " checked" : ""
                html += "<label class=\"choice\"><input type=\"\(multiple ? "checkbox" : "radio")\" name=\"\(item.id)\" "
                    + "value=\"\(option.value)\"\(checked)\(invalid)> \(option.text)</label>"
            }
            html += "\(preferNotToAnswer(item, checked: declined, radio: !multiple, reader: reader))</div></fieldset>\n"
        case .text(let maxLength):
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text)\(required)</label>\n" + errorHTML
            let limit: HTML = " maxlength=\"\(maxLength ?? AnswerFormat.defaultTextLimit)\""
            html += "<textarea name=\"\(item.id)\" id=\"\(id)\" rows=\"4\"\(limit)"
                + "\(describedByAttribute(error == nil ? "" : errorID))\(invalid)>\(first)</textarea>\n"
            html += preferNotToAnswer(item, checked: declined, radio: false, reader: reader)
        case .date(let min, let max):
            var hint: String?
            switch (min, max) {
            case let (min?, max?): hint = reader.words(.dayFromTo, ["min": reader.format.mediumDay(min), "max": reader.format.mediumDay(max)])
            case let (min?, nil): hint = reader.words(.dayOrLater, ["day": reader.format.mediumDay(min)])
            case let (nil, max?): hint = reader.words(.dayOrEarlier, ["day": reader.format.mediumDay(max)])
            case (nil, nil): hint = nil
            }
            let describedBy = [hint == nil ? nil : hintID, error == nil ? nil : errorID].compactMap { $0 }.joined(separator: " ")
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text)\(required)</label>\n"
            if let hint { html += "<p class=\"field-hint\" id=\"\(hintID)\">\(hint)</p>\n" }
            var bounds: HTML = ""
            if let min { bounds += " min=\"\(min.description)\"" }
            if let max { bounds += " max=\"\(max.description)\"" }
            html += errorHTML + "<input type=\"date\" class=\"date-input\" name=\"\(item.id)\" id=\"\(id)\" value=\"\(first)\"\(bounds)"
                + "\(describedByAttribute(describedBy))\(isRequired)\(invalid)>\n"
            html += preferNotToAnswer(item, checked: declined, radio: false, reader: reader)
        case .timeOfDay:
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text)\(required)</label>\n" + errorHTML
            html += "<input type=\"time\" class=\"time-input\" name=\"\(item.id)\" id=\"\(id)\" value=\"\(first)\""
                + "\(describedByAttribute(error == nil ? "" : errorID))\(isRequired)\(invalid)>\n"
            html += preferNotToAnswer(item, checked: declined, radio: false, reader: reader)
        }
        return html + "</div>\n"
    }

    /// "Prefer not to answer", where the item offers it: one more option of a
    /// single choice, or a box beside a field the participant types in, sent
    /// under the item's own name as its own marker.
    static func preferNotToAnswer(_ item: FormItem, checked: Bool, radio: Bool, reader: Reader) -> HTML {
        guard item.offersPreferNotToAnswer else { return "" }
        let type = radio ? "radio" : "checkbox"
        let isChecked: HTML = checked ? " checked" : ""
        return "<label class=\"choice prefer-not\"><input type=\"\(type)\" name=\"\(item.id)\" "
            + "value=\"\(FormItem.preferNotToAnswerValue)\"\(isChecked)> \(reader.words(.preferNotToAnswer))</label>"
    }

    /// ` aria-describedby="…"` naming the ids given, or nothing without any.
    static func describedByAttribute(_ ids: String) -> HTML {
        ids.isEmpty ? "" : " aria-describedby=\"\(ids)\""
    }
}
