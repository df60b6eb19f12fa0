import CareModel
import Content
import Foundation

/// What a participant entered in a survey form, and what was wrong with it:
/// values are kept as typed so a form shown again loses nothing.
public struct SurveyEntry: Sendable, Error {
    /// Field name → the values entered (several for a multiple choice).
    public var values: [String: [String]]
    /// Field name → what to fix.
    public var errors: [String: String]

    public init(values: [String: [String]] = [:], errors: [String: String] = [:]) {
        self.values = values
        self.errors = errors
    }
}

/// A task's survey as one calm form: instructions, questions, one submit.
public enum SurveyPage {
    public static func render(task: StudyTask, event: ScheduledEvent, participant: Participant, study: Study,
                              entry: SurveyEntry, links: PageLinks, action: String, csrfToken: String,
                              todayHref: String?) -> String {
        var main = "<p class=\"back\"><a href=\"\((todayHref ?? "/").html)\">← Back to today</a></p>\n"
        main += "<h1>\(task.title.html)</h1>\n"
        main += "<p class=\"day-meta\">\(Format.day(event.day).html) · \(Format.when(event, in: participant.timeZone).html)</p>\n"
        if !entry.errors.isEmpty {
            main += "<div class=\"error-summary\" role=\"alert\" tabindex=\"-1\"><h2>Please check \(entry.errors.count == 1 ? "this answer" : "these answers")</h2><ul>"
            for item in task.formItems where entry.errors[item.id] != nil {
                main += "<li><a href=\"#field-\(item.id.html)\">\(item.text.html): \(entry.errors[item.id]!.html)</a></li>"
            }
            main += "</ul></div>\n"
        }
        if !task.instructions.isEmpty {
            main += "<div class=\"prose instructions\">\n\(task.instructions)</div>\n"
        }
        main += "<form method=\"post\" action=\"\(action.html)\" class=\"survey\" novalidate>\n"
        main += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken.html)\">\n"
        for step in task.survey {
            switch step {
            case .instruction(let instruction):
                main += "<section class=\"step\"><h2>\(instruction.title.html)</h2>"
                if let text = instruction.text { main += "<p>\(text.html)</p>" }
                main += iconItems(instruction.items, links: links) + "</section>\n"
            case .form(let form):
                if let title = form.title { main += "<h2 class=\"form-title\">\(title.html)</h2>\n" }
                if let text = form.text { main += "<p>\(text.html)</p>\n" }
                for item in form.items {
                    main += field(item, values: entry.values[item.id] ?? [], error: entry.errors[item.id])
                }
            case .model(let model):
                if let note = study.note(model.education) {
                    main += "<p class=\"step\"><a href=\"\(links.note(note.slug).html)\">Open the 3D model: \(note.title.html)</a></p>\n"
                }
            case .consent, .permissions, .completion:
                break
            }
        }
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\">Save answers</button></p>\n</form>\n"
        return Layout.page(title: task.title, study: study, links: links,
                           nav: Layout.participantNav(participant.id, links: links, current: "feed", todayHref: todayHref),
                           main: main)
    }

    static func iconItems(_ items: [IconItem], links: PageLinks) -> String {
        guard !items.isEmpty else { return "" }
        var html = "<ul class=\"icon-items\">"
        for item in items {
            html += "<li>\(Layout.icon(item.icon, links: links))<span><strong>\(item.text.html)</strong>"
            if let detail = item.detail { html += "<span class=\"icon-detail\">\(detail.html)</span>" }
            html += "</span></li>"
        }
        return html + "</ul>\n"
    }

    /// One question with its label, hint, control and, when there is one, its error.
    static func field(_ item: FormItem, values: [String], error: String?) -> String {
        let id = "field-\(item.id)"
        let errorID = "\(id)-error"
        let hintID = "\(id)-hint"
        let invalid = error == nil ? "" : " aria-invalid=\"true\""
        let required = item.isRequired ? " <span class=\"required\">(required)</span>" : " <span class=\"optional\">(optional)</span>"
        let errorHTML = error.map { "<p class=\"field-error\" id=\"\(errorID)\">\($0.html)</p>" } ?? ""
        let first = values.first ?? ""
        var html = "<div class=\"field\(error == nil ? "" : " has-error")\">\n"
        switch item.answer {
        case .scale(let min, let max, let step, let minLabel, let maxLabel):
            let describedBy = ([minLabel == nil && maxLabel == nil ? nil : hintID] + [error == nil ? nil : errorID])
                .compactMap { $0 }.joined(separator: " ")
            html += "<fieldset class=\"scale\" id=\"\(id)\"\(describedBy.isEmpty ? "" : " aria-describedby=\"\(describedBy)\"")>"
            html += "<legend>\(item.text.html)\(required)</legend>\n"
            if minLabel != nil || maxLabel != nil {
                html += "<p class=\"scale-ends\" id=\"\(hintID)\"><span>\(Format.number(min)) = \((minLabel ?? "").html)</span>"
                    + "<span>\(Format.number(max)) = \((maxLabel ?? "").html)</span></p>\n"
            }
            html += errorHTML
            html += "<div class=\"scale-options\">"
            var value = min
            var index = 0
            while value <= max + step / 1000 {
                let text = Format.number(value)
                let optionID = "\(id)-\(index)"
                let label = value == min ? minLabel : (abs(value - max) < step / 1000 ? maxLabel : nil)
                html += "<input type=\"radio\" name=\"\(item.id.html)\" id=\"\(optionID)\" value=\"\(text)\""
                    + "\(first == text ? " checked" : "")\(item.isRequired ? " required" : "")\(invalid)>"
                html += "<label for=\"\(optionID)\">\(text)\(label.map { "<span class=\"visually-hidden\">, \($0.html)</span>" } ?? "")</label>"
                value += step
                index += 1
            }
            html += "</div></fieldset>\n"
        case .numeric(let min, let max, let decimals, let unit):
            var hint: [String] = []
            if let min, let max { hint.append("From \(Format.number(min)) to \(Format.number(max))") }
            if decimals > 0 { hint.append("decimals allowed, such as \(decimals == 1 ? "6.5" : "6.25")") }
            let describedBy = [hint.isEmpty ? nil : hintID, error == nil ? nil : errorID].compactMap { $0 }.joined(separator: " ")
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text.html)\(required)</label>\n"
            if !hint.isEmpty { html += "<p class=\"field-hint\" id=\"\(hintID)\">\(hint.joined(separator: ", ").html)</p>\n" }
            html += errorHTML
            html += "<div class=\"number-input\"><input type=\"text\" inputmode=\"\(decimals > 0 ? "decimal" : "numeric")\" "
                + "name=\"\(item.id.html)\" id=\"\(id)\" value=\"\(first.html)\" autocomplete=\"off\""
                + "\(describedBy.isEmpty ? "" : " aria-describedby=\"\(describedBy)\"")\(item.isRequired ? " required" : "")\(invalid)>"
            if let unit { html += "<span class=\"unit\">\(unit.html)</span>" }
            html += "</div>\n"
        case .boolean:
            html += "<fieldset id=\"\(id)\"\(error == nil ? "" : " aria-describedby=\"\(errorID)\"")><legend>\(item.text.html)\(required)</legend>\n"
            html += errorHTML + "<div class=\"choices\">"
            for (value, label) in [("yes", "Yes"), ("no", "No")] {
                html += "<label class=\"choice\"><input type=\"radio\" name=\"\(item.id.html)\" value=\"\(value)\"\(first == value ? " checked" : "")\(invalid)> \(label)</label>"
            }
            html += "</div></fieldset>\n"
        case .choice(let options, let multiple):
            html += "<fieldset id=\"\(id)\"\(error == nil ? "" : " aria-describedby=\"\(errorID)\"")><legend>\(item.text.html)\(required)</legend>\n"
            if multiple { html += "<p class=\"field-hint\">Choose all that apply.</p>" }
            html += errorHTML + "<div class=\"choices\">"
            for option in options {
                html += "<label class=\"choice\"><input type=\"\(multiple ? "checkbox" : "radio")\" name=\"\(item.id.html)\" "
                    + "value=\"\(option.html)\"\(values.contains(option) ? " checked" : "")\(invalid)> \(option.html)</label>"
            }
            html += "</div></fieldset>\n"
        case .text(let maxLength):
            html += "<label for=\"\(id)\" class=\"field-label\">\(item.text.html)\(required)</label>\n" + errorHTML
            html += "<textarea name=\"\(item.id.html)\" id=\"\(id)\" rows=\"4\"\(maxLength.map { " maxlength=\"\($0)\"" } ?? "")"
                + "\(error == nil ? "" : " aria-describedby=\"\(errorID)\"")\(invalid)>\(first.html)</textarea>\n"
        }
        return html + "</div>\n"
    }
}
