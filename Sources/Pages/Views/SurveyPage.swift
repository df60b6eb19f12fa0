import CareModel
import StudyModel
import Foundation
import Markup

/// A task's survey as one calm form that starts with its first question:
/// the task's instructions folded above it, one submit that says when it is
/// saving.
public enum SurveyPage {
    public static func render(task: StudyTask, event: ScheduledEvent, participant: Participant, study: Study,
                              values: [String: [String]], errors: [String: String], reader: Reader, action: String, csrfToken: String,
                              today: LocalDate, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<p class=\"back\"><a href=\"\(reader.links.feed(participant.id, today) ?? "/")\"><span class=\"arrow\" aria-hidden=\"true\">←</span> \(reader.words(.backToToday))</a></p>\n"
        main += "<h1\(Layout.language(of: task.file, study: study))>\(task.title)</h1>\n"
        main += "<p class=\"day-meta\">\(reader.format.day(event.day)) · \(reader.format.when(event, in: participant.timeZone, today: today))</p>\n"
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
        main += guide(task, reader: reader)
        main += "<form method=\"post\" action=\"\(action)\" class=\"survey\" novalidate\(Layout.language(of: task.file, study: study))>\n"
        main += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        for step in task.survey {
            switch step {
            case .form(let form):
                if let title = form.title { main += "<h2 class=\"form-title\">\(title)</h2>\n" }
                if let text = form.text { main += "<p>\(text)</p>\n" }
                for item in form.items {
                    main += field(item, values: values[item.id] ?? [], error: errors[item.id], reader: reader)
                }
            case .model(let model):
                if let note = study.note(model.education) {
                    main += "<p class=\"step\"><a href=\"\(reader.links.note(note.slug))\">\(reader.words(.openModel, ["title": note.title]))</a></p>\n"
                }
            case .instruction, .consent, .permissions, .completion:
                break
            }
        }
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\" data-busy-label=\"\(reader.words(.saving))\">"
            + "\(reader.words(.saveAnswers))</button></p>\n</form>\n"
        return Layout.page(title: task.title, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .feed), main: main,
                           scripts: ["js/busy.js"] + (MeasureControl.isNeeded(by: task) ? [MeasureControl.script] : []),
                           frame: frame)
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
    static func field(_ item: FormItem, values: [String], error: String?, reader: Reader) -> HTML {
        let id = "field-\(item.id)"
        let errorID = "\(id)-error"
        let hintID = "\(id)-hint"
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\""
        let isRequired: HTML = item.isRequired ? " required" : ""
        let required: HTML = item.isRequired ? " <span class=\"required\">\(reader.words(.required))</span>" : " <span class=\"optional\">\(reader.words(.optional))</span>"
        let errorHTML: HTML = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0)</p>" } ?? ""
        let first = values.first ?? ""
        var html: HTML = "<div class=\"field\(error == nil ? "" : " has-error")\">\n"
        switch item.answer {
        case .scale(let min, let max, let step, let minLabel, let maxLabel):
            let describedBy = ([minLabel == nil && maxLabel == nil ? nil : hintID] + [error == nil ? nil : errorID])
                .compactMap { $0 }.joined(separator: " ")
            html += "<fieldset class=\"scale\" id=\"\(id)\"\(describedByAttribute(describedBy))>"
            html += "<legend>\(item.text)\(required)</legend>\n"
            if minLabel != nil || maxLabel != nil {
                html += "<p class=\"scale-ends\" id=\"\(hintID)\"><span>\(reader.words(.scaleEnd, ["number": reader.format.number(min), "label": minLabel ?? ""]))</span>"
                    + "<span>\(reader.words(.scaleEnd, ["number": reader.format.number(max), "label": maxLabel ?? ""]))</span></p>\n"
            }
            html += errorHTML
            html += "<div class=\"scale-options\">"
            var value = min
            var index = 0
            while value <= max + step / 1000 {
                let text = PlainNumber.format(value)
                let optionID = "\(id)-\(index)"
                let label = value == min ? minLabel : (abs(value - max) < step / 1000 ? maxLabel : nil)
                let checked: HTML = first == text ? " checked" : ""
                let hidden: HTML = label.map { "<span class=\"visually-hidden\">, \($0)</span>" } ?? ""
                html += "<input type=\"radio\" name=\"\(item.id)\" id=\"\(optionID)\" value=\"\(text)\"\(checked)\(isRequired)\(invalid)>"
                html += "<label for=\"\(optionID)\">\(reader.format.number(value))\(hidden)</label>"
                value += step
                index += 1
            }
            html += "</div></fieldset>\n"
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
        case .boolean:
            html += "<fieldset id=\"\(id)\"\(describedByAttribute(error == nil ? "" : errorID))><legend>\(item.text)\(required)</legend>\n"
            html += errorHTML + "<div class=\"choices\">"
            for (value, label) in [("yes", reader.words(.yes)), ("no", reader.words(.no))] {
                let checked: HTML = first == value ? " checked" : ""
                html += "<label class=\"choice\"><input type=\"radio\" name=\"\(item.id)\" value=\"\(value)\"\(checked)\(invalid)> \(label)</label>"
            }
            html += "</div></fieldset>\n"
        case .choice(let options, let multiple):
            html += "<fieldset id=\"\(id)\"\(describedByAttribute(error == nil ? "" : errorID))><legend>\(item.text)\(required)</legend>\n"
            if multiple { html += "<p class=\"field-hint\">\(reader.words(.chooseAllThatApply))</p>" }
            html += errorHTML + "<div class=\"choices\">"
            for option in options {
                let checked: HTML = values.contains(option.value) ? " checked" : ""
                html += "<label class=\"choice\"><input type=\"\(multiple ? "checkbox" : "radio")\" name=\"\(item.id)\" "
                    + "value=\"\(option.value)\"\(checked)\(invalid)> \(option.text)</label>"
            }
            html += "</div></fieldset>\n"
        case .text(let maxLength):
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text)\(required)</label>\n" + errorHTML
            let limit: HTML = maxLength.map { " maxlength=\"\($0)\"" } ?? ""
            html += "<textarea name=\"\(item.id)\" id=\"\(id)\" rows=\"4\"\(limit)"
                + "\(describedByAttribute(error == nil ? "" : errorID))\(invalid)>\(first)</textarea>\n"
        }
        return html + "</div>\n"
    }

    /// ` aria-describedby="…"` naming the ids given, or nothing without any.
    static func describedByAttribute(_ ids: String) -> HTML {
        ids.isEmpty ? "" : " aria-describedby=\"\(ids)\""
    }
}
