import CareModel
import Markup
import StudyModel
import Support
import Words

/// The protocol's questions, consent versions and task versions.
extension ProtocolPage {
    /// Every task's questions as it asks them: the answer each takes, when it
    /// is asked (as REDCap's branching logic writes it, in every language),
    /// whether it must be answered; then its scores.
    static func instruments(_ study: Study, reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<section class=\"protocol-section\" aria-labelledby=\"instruments-heading\">\n"
            + "<h2 id=\"instruments-heading\">\(words(.instrumentsHeading))</h2>\n"
        for task in study.tasks where !task.formItems.isEmpty {
            let id = "instrument-\(task.id)"
            html += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"\(id)\">\n"
                + "<table class=\"overview-table stack-table\">\n<caption id=\"\(id)\">\(task.title)</caption>\n<thead><tr>"
                + "<th scope=\"col\">\(words(.columnQuestion))</th><th scope=\"col\">\(words(.columnAnswer))</th>"
                + "<th scope=\"col\">\(words(.columnAskedWhen))</th><th scope=\"col\">\(words(.columnRequired))</th></tr></thead>\n<tbody>\n"
            for item in task.formItems {
                let condition = task.askedWhen(item.id)?.redcap ?? ""
                html += "<tr><th scope=\"row\">\(item.text) <code>\(item.id)</code></th>"
                    + "<td data-label=\"\(words(.columnAnswer))\">\(answer(item, reader: reader))</td>"
                    + "<td data-label=\"\(words(.columnAskedWhen))\">\(condition.isEmpty ? "" : "<code>\(condition)</code>" as HTML)</td>"
                    + "<td data-label=\"\(words(.columnRequired))\">\(item.isRequired ? words(.yes) : words(.no))</td></tr>\n"
            }
            for score in task.scores ?? [] {
                let items = score.items.joined(separator: ", ")
                var formula = score.method == .sum ? words(.scoreSum, ["items": items]) : words(.scoreMean, ["items": items])
                if !score.reverse.isEmpty { formula += words(.listSeparator) + words(.scoreReversed, ["items": score.reverse.joined(separator: ", ")]) }
                if let range = score.range(task: task) {
                    formula += words(.listSeparator)
                        + words(.scaleRange, ["low": PlainNumber.format(range.lowerBound), "high": PlainNumber.format(range.upperBound)])
                }
                html += "<tr><th scope=\"row\">\(score.label) <code>\(score.id)</code></th>"
                    + "<td data-label=\"\(words(.columnAnswer))\">\(formula)</td><td></td><td></td></tr>\n"
            }
            html += "</tbody>\n</table>\n</div>\n"
        }
        return html + "</section>\n"
    }

    /// The answer a question takes, in the reader's words; the study's own words (labels, options, a unit) each
    /// set apart, as the values they are.
    static func answer(_ item: FormItem, reader: Reader) -> HTML {
        let words = reader.words
        let number = PlainNumber.format
        func coded(_ value: String, _ label: String) -> HTML { "<code>\(value)</code> = <bdi>\(label)</bdi>" }
        var html: HTML
        switch item.answer {
        case .scale(let low, let high, _, let minLabel, let maxLabel):
            html = "\(words(.answerScale, ["low": number(low), "high": number(high)]))"
            let ends = [minLabel.map { coded(number(low), $0) }, maxLabel.map { coded(number(high), $0) }].compactMap { $0 }
            if !ends.isEmpty { html += " (" + ends.joined(separator: ", ") + ")" }
        case .numeric(let low, let high, _, let unit):
            html = low != nil || high != nil
                ? "\(words(.answerNumber, ["low": low.map(number) ?? "–", "high": high.map(number) ?? "–"]))" : "\(words(.answerAnyNumber))"
            if let unit { html += " <bdi>\(unit)</bdi>" }
        case .boolean:
            html = "\(words(.yes)) / \(words(.no))"
        case .choice(let options, let multiple):
            let list = options.map { coded($0.value, $0.text) }.joined(separator: "\(words(.listSeparator))")
            html = words.html(multiple ? .answerAnyOf : .answerOneOf, ["options": list])
        case .text:
            html = "\(words(.answerText))"
        case .date:
            html = "\(words(.answerDate))"
        case .timeOfDay:
            html = "\(words(.answerTime))"
        }
        if item.offersPreferNotToAnswer { html += "\(words(.listSeparator))\(words(.preferNotToAnswer))" }
        return html
    }

    /// Each consent version the store has published, in each language, with its hash and the day it was first seen.
    static func consents(_ study: Study, versions: [ConsentVersion], reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<section class=\"protocol-section\" aria-labelledby=\"consents-heading\">\n"
            + "<h2 id=\"consents-heading\">\(words(.consentVersionsHeading))</h2>\n"
        guard !versions.isEmpty else { return html + "<p>\(words(.noConsentPublished))</p>\n</section>\n" }
        html += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"consents-heading\">\n"
            + "<table class=\"overview-table\">\n<thead><tr><th scope=\"col\">\(words(.factDocument))</th>"
            + "<th scope=\"col\">\(words(.changeLanguage))</th><th scope=\"col\">SHA-256</th>"
            + "<th scope=\"col\">\(words(.columnFirstPublished))</th></tr></thead>\n<tbody>\n"
        for version in versions.sorted(by: { ($0.documentID, $0.version, $0.language) < ($1.documentID, $1.version, $1.language) }) {
            let title = study.consentDocument(version.documentID)?.title ?? version.documentID
            let language = (LanguageTag(version.language) ?? study.ownLanguage.tag).nativeName
            html += "<tr><th scope=\"row\">\(words(.documentTitleVersion, ["document": title, "version": version.version]))</th>"
                + "<td>\(language)</td><td><code class=\"hash\">\(version.sha256)</code></td>"
                + "<td>\(reader.format.dayWithYear(study.timeZone.localDate(of: version.firstSeenAt)))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }

    /// Each version of each task the store recorded: the day it took effect, and its definition's hash.
    static func taskVersions(_ plan: CarePlan, reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<section class=\"protocol-section\" aria-labelledby=\"versions-heading\">\n"
            + "<h2 id=\"versions-heading\">\(words(.taskVersionsHeading))</h2>\n"
            + "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"versions-heading\">\n"
            + "<table class=\"overview-table\">\n<thead><tr><th scope=\"col\">\(words(.columnTask))</th>"
            + "<th scope=\"col\">\(words(.columnInForceFrom))</th><th scope=\"col\">SHA-256</th></tr></thead>\n<tbody>\n"
        for version in plan.versions.sorted(by: { ($0.taskID, $0.version) < ($1.taskID, $1.version) }) {
            let title = plan.study.task(version.taskID)?.title ?? version.taskID
            html += "<tr><th scope=\"row\">\(words(.documentTitleVersion, ["document": title, "version": String(version.version)]))</th>"
                + "<td>\(version.effectiveFrom.map { reader.format.dayWithYear($0) } ?? words(.fromTheStart))</td>"
                + "<td><code class=\"hash\">\(SHA256.hex(version.definition))</code></td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n</section>\n"
    }
}
