import CareModel
import StudyModel
import Foundation
import Markup
import Words

/// What the onboarding steps' fields show: what the participant entered so
/// far, so going back and forward loses nothing.
public struct OnboardingFields: Sendable {
    public var printedName = ""
    public var signature: Signature?
    /// Permission id → granted, and what the browser answered.
    public var permissions: [String: (granted: Bool, detail: String?)] = [:]
    /// Form item id → what was entered.
    public var entries: [String: [String]] = [:]

    public init() {}
}

/// The onboarding task's steps, one page each, as ResearchKit shows them.
public enum OnboardingPages {
    public struct Context {
        public var task: StudyTask
        public var study: Study
        public var participant: Participant
        public var reader: Reader
        public var csrfToken: String
        /// `/onboarding/3`: where step `n` (from 1) lives.
        public var stepPath: @Sendable (Int) -> String
        /// Where the PDF of the consent just signed is, for the completion step to offer.
        public var signedCopy: String?

        public init(task: StudyTask, study: Study, participant: Participant, reader: Reader, csrfToken: String,
                    stepPath: @escaping @Sendable (Int) -> String) {
            self.task = task
            self.study = study
            self.participant = participant
            self.reader = reader
            self.csrfToken = csrfToken
            self.stepPath = stepPath
        }
    }

    /// Step `number` (from 1). `errors` are by field name.
    public static func step(_ number: Int, context: Context, fields: OnboardingFields, errors: [String: String] = [:],
                            frame: Layout.Frame = .plain) -> HTML {
        let steps = context.task.survey
        let step = steps[number - 1]
        let words = context.reader.words
        var main = progress(number, of: steps.count, reader: context.reader)
        var scripts: [String] = []
        main += errorSummary(errors, reader: context.reader)
        let form: HTML = "<form method=\"post\" action=\"\(context.stepPath(number))\" class=\"onboarding\" novalidate>\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(context.csrfToken)\">\n"
        switch step {
        case .instruction(let instruction):
            main += "<h1>\(instruction.title)</h1>\n"
            if let text = instruction.text { main += "<p class=\"lead\">\(text)</p>\n" }
            if let image = instruction.image {
                main += "<img class=\"note-image\" src=\"\(context.reader.links.asset(image))\" alt=\"\">\n"
            }
            main += SurveyPage.iconItems(instruction.items, reader: context.reader)
            main += form + languageChoice(number, context: context) + actions(number, context: context, next: words(.continue)) + "</form>\n"
        case .consent(let consent):
            guard let document = context.study.consentDocument(consent.document) else { break }
            main += "<h1>\(document.title)</h1>\n"
            let address: HTML = "<a href=\"mailto:\(context.study.contact)\">\(context.study.contact)</a>"
            main += "<p class=\"day-meta\">\(words.html(.consentReadIt, ["version": "\(document.version)", "address": address]))</p>\n"
            main += ConsentPages.protocolLine(context.study, reader: context.reader)
            main += "<div class=\"prose consent-text\" role=\"region\" aria-label=\"\(words(.consentDocument))\">\n\(document.html)</div>\n"
            main += form
            main += signatureFields(fields, errors: errors, reader: context.reader)
            main += actions(number, context: context, next: words(.review)) + "</form>\n"
            scripts.append("js/signature-pad.js")
        case .permissions(let permissions):
            main += "<h1>\(permissions.title ?? words(.permissions))</h1>\n"
            if let text = permissions.text { main += "<p class=\"lead\">\(text)</p>\n" }
            main += form + "<fieldset><legend class=\"visually-hidden\">\(words(.whatYouAllow))</legend>\n"
            for item in permissions.items {
                let current = fields.permissions[item.id]
                let checked = current?.granted ?? false
                main += "<div class=\"permission\">\n<label class=\"choice\"><input type=\"checkbox\" name=\"grant\" "
                    + "value=\"\(item.id)\" data-permission-kind=\"\(item.kind.rawValue)\"\(blockedNote(item.kind, words: words))"
                    + "\(checked ? " checked" : "")> "
                    + "<span><strong>\(item.title)</strong></span></label>\n"
                if let text = item.text { main += "<p class=\"field-hint\">\(text)</p>\n" }
                if !item.types.isEmpty {
                    let names = item.types.map { typeName($0, study: context.study) }.joined(separator: words(.listSeparator))
                    main += "<p class=\"field-hint\">\(words(.shares, ["types": names]))</p>\n"
                }
                main += "<input type=\"hidden\" name=\"detail-\(item.id)\" value=\"\(current?.detail ?? "")\" "
                    + "data-permission-detail=\"\(item.id)\">\n</div>\n"
            }
            main += "</fieldset>\n" + calendarOffer(reader: context.reader)
                + actions(number, context: context, next: words(.continue)) + "</form>\n"
            scripts.append("js/permissions.js")
        case .model(let model):
            let note = context.study.note(model.education)
            main += "<h1>\(note?.title ?? words(.navLearn))</h1>\n"
            if let note {
                main += "<p class=\"lead\">\(note.summary) <a href=\"\(context.reader.links.note(note.slug))\">"
                    + "\(words(.openNoteAndModel))</a></p>\n"
            }
            main += form + actions(number, context: context, next: words(.continue)) + "</form>\n"
        case .completion(let completion):
            main += "<h1>\(completion.title)</h1>\n"
            if let text = completion.text { main += "<p class=\"lead\">\(text)</p>\n" }
            if let copy = context.signedCopy {
                main += "<p><a class=\"button button-secondary\" href=\"\(copy)\" download>\(words(.downloadSignedForm))</a></p>\n"
            }
            main += form + actions(number, context: context, next: words(.goToMyTasks)) + "</form>\n"
        case .form(let formStep):
            main += "<h1>\(formStep.title ?? context.task.title)</h1>\n\(form)"
            for item in formStep.items {
                main += SurveyPage.field(item, values: fields.entries[item.id] ?? [], error: errors[item.id], reader: context.reader)
            }
            main += actions(number, context: context, next: words(.continue)) + "</form>\n"
        }
        return Layout.page(title: context.task.title, study: context.study, reader: context.reader, nav: .none, main: main,
                           scripts: scripts, frame: frame)
    }

    /// What a permission shares, named as the study names it: a chart's
    /// legend, a task's title, or else its id in words.
    static func typeName(_ id: String, study: Study) -> String {
        study.insights.flatMap(\.series).first { $0.value == id }?.legend ?? study.task(id)?.title ?? Format.label(id)
    }

    /// On the first step of a study in several languages: the languages,
    /// the one the browser prefers chosen, as the first thing to answer.
    static func languageChoice(_ number: Int, context: Context) -> HTML {
        guard number == 1, context.study.languages.count > 1, context.reader.links.language() != nil else { return "" }
        return LanguagePage.choices(study: context.study, reader: context.reader)
    }

    /// What the permissions script says when the browser blocks what was ticked.
    static func blockedNote(_ kind: PermissionItem.Kind, words: Words) -> HTML {
        switch kind {
        case .notifications: " data-said-blocked=\"\(words(.notificationsBlocked))\""
        case .motion: " data-said-blocked=\"\(words(.motionSensorsBlocked))\""
        default: ""
        }
    }

    /// Reminders as the participant's own calendar gives them: the schedule
    /// as a file to open on their phone, with nothing for the browser to allow.
    static func calendarOffer(reader: Reader) -> HTML {
        guard let calendar = reader.links.calendar() else { return "" }
        return "<section class=\"calendar-offer\" aria-labelledby=\"reminders-heading\">"
            + "<h2 id=\"reminders-heading\">\(Layout.icon("bell.fill", reader: reader))\(reader.words(.remindersOnPhone))</h2>\n"
            + "<p>\(reader.words(.remindersText))</p>\n"
            + "<p><a class=\"button button-secondary\" href=\"\(calendar)\" download>\(reader.words(.addReminders))</a></p>"
            + "</section>\n"
    }

    /// Exactly what will be recorded, before it is.
    public static func review(_ number: Int, document: ConsentDocument, context: Context, fields: OnboardingFields,
                              frame: Layout.Frame = .plain) -> HTML {
        let words = context.reader.words
        var main = progress(number, of: context.task.survey.count, reader: context.reader)
        main += reviewSummary(document, fields: fields, reader: context.reader)
        main += "<form method=\"post\" action=\"\(context.stepPath(number))/review\" class=\"onboarding\">\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(context.csrfToken)\">\n"
            + "<input type=\"hidden\" name=\"sha256\" value=\"\(document.sha256)\">\n"
        main += "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(context.stepPath(number))\">\(words(.change))</a> "
            + "<button type=\"submit\" class=\"button\">\(words(.sign))</button></p>\n</form>\n"
        return Layout.page(title: words(.checkBeforeSign), study: context.study, reader: context.reader, nav: .none, main: main,
                           frame: frame)
    }

    /// The printed name, the signature pad and the typed alternative of a consent form.
    static func signatureFields(_ fields: OnboardingFields, errors: [String: String], reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<h2>\(words(.yourSignature))</h2>\n"
        html += field("printedName", label: words(.printedNameLabel), value: fields.printedName, errors: errors,
                      autocomplete: "name")
        let drawn = if case .drawn(let path) = fields.signature { path } else { "" }
        let typed = if case .typed = fields.signature { true } else { false }
        html += "<div class=\"field\(errors["signature"] == nil ? "" : " has-error")\">\n"
        html += "<fieldset class=\"signature-field\" id=\"field-signature\"><legend>\(words(.signWithFinger))</legend>\n"
        if let error = errors["signature"] { html += "<p class=\"field-error\" id=\"signature-error\">\(error)</p>\n" }
        html += "<div class=\"signature-pad\" data-signature-pad hidden>"
            + "<canvas class=\"signature-canvas\" width=\"600\" height=\"200\" role=\"img\" "
            + "aria-label=\"\(words(.signatureAreaEmpty))\" data-label-drawn=\"\(words(.signatureAreaDrawn))\" "
            + "data-said-full=\"\(words(.signatureAreaFull))\" data-said-drawn=\"\(words(.signatureDrawn))\" "
            + "data-said-cleared=\"\(words(.signatureCleared))\"></canvas>"
            + "<p class=\"card-actions\"><button type=\"button\" class=\"button button-secondary\" data-signature-clear>\(words(.clearSignature))</button></p></div>\n"
        html += "<input type=\"hidden\" name=\"signature\" value=\"\(drawn)\" data-signature-input>\n"
        html += "<p class=\"field-hint\">\(words(.cannotDrawHint))</p>\n"
        html += "<label class=\"choice\"><input type=\"checkbox\" name=\"typedSignature\" value=\"yes\"\(typed ? " checked" : "")> "
            + "<span>\(words.html(.typedSignature, ["signature": "<strong>\(words(.typedNameIsSignature))</strong>"]))</span></label>\n"
        html += "</fieldset>\n</div>\n"
        return html
    }

    /// Exactly what a signature will record, shown before the participant signs.
    static func reviewSummary(_ document: ConsentDocument, fields: OnboardingFields, reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<h1>\(words(.checkBeforeSign))</h1>\n<p class=\"lead\">"
            + "\(words.html(.exactlyWhatIsRecorded, ["sign": "<strong>\(words(.sign))</strong>"]))</p>\n"
        html += "<dl class=\"record-facts\">\n<dt>\(words(.factDocument))</dt><dd>\(words(.documentTitleVersion, ["document": document.title, "version": document.version]))</dd>\n"
        // The text's SHA-256 and the time zone belong to the record (the consent page shows them), not to a patient's last look.
        html += "<dt>\(words(.factPrintedName))</dt><dd>\(fields.printedName)</dd>\n</dl>\n"
        if let signature = fields.signature {
            html += "<section class=\"signature\" aria-label=\"\(words(.signature))\"><h2>\(words(.signature))</h2>\n"
                + "\(ConsentPages.signature(signature, printedName: fields.printedName, reader: reader))</section>\n"
        }
        return html
    }

    static func progress(_ number: Int, of count: Int, reader: Reader) -> HTML {
        "<p class=\"progress\">\(reader.words(.stepOf, count: count, ["step": reader.format.integer(number)]))</p>\n"
    }

    static func actions(_ number: Int, context: Context, next: String) -> HTML {
        var html: HTML = "<p class=\"form-actions\">"
        if number > 1 {
            html += "<a class=\"button button-secondary\" href=\"\(context.stepPath(number - 1))\">\(context.reader.words(.back))</a> "
        }
        return html + "<button type=\"submit\" class=\"button\">\(next)</button></p>\n"
    }

    static func field(_ name: String, label: String, value: String, errors: [String: String], autocomplete: String) -> HTML {
        let error = errors[name]
        var html: HTML = "<div class=\"field\(error == nil ? "" : " has-error")\">\n"
        html += "<label for=\"field-\(name)\" class=\"field-label\">\(label)</label>\n"
        if let error { html += "<p class=\"field-error\" id=\"field-\(name)-error\">\(error)</p>\n" }
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"field-\(name)-error\""
        html += "<input type=\"text\" name=\"\(name)\" id=\"field-\(name)\" value=\"\(value)\" autocomplete=\"\(autocomplete)\"\(invalid)>\n"
        return html + "</div>\n"
    }

    static func errorSummary(_ errors: [String: String], reader: Reader) -> HTML {
        guard !errors.isEmpty else { return "" }
        var html: HTML = "<div class=\"error-summary\" role=\"alert\"><h2>\(reader.words(.pleaseCheck))</h2><ul>"
        for (name, message) in errors.sorted(by: { $0.key < $1.key }) {
            html += "<li><a href=\"#field-\(name)\">\(message)</a></li>"
        }
        return html + "</ul></div>\n"
    }
}
