import CareModel
import StudyModel
import Foundation
import Markup

/// The participant's side of the consent lifecycle on the server: the card
/// that asks them to read a new version of the consent, its form and
/// review, and what leaving the study means.
public enum ConsentLifecyclePages {
    /// The one card of the feed while a newer consent waits to be signed.
    public static func reconsentCard(document: ConsentDocument, signedVersion: String, reader: Reader) -> HTML {
        let words = reader.words
        var html: HTML = "<article class=\"card is-open\" aria-labelledby=\"card-reconsent\">\n"
        html += "<div class=\"card-head\"><h2 id=\"card-reconsent\">\(words(.consentChanged))</h2>"
            + "<p class=\"card-when\">\(words(.versionReplaces, ["version": document.version, "signed": signedVersion]))</p></div>\n"
        html += "<p>\(words(.readNewVersion))</p>\n"
        if let reconsent = reader.links.reconsent() {
            html += "<p class=\"card-actions\"><a class=\"button\" href=\"\(reconsent)\">\(words(.readAndSign))</a></p>\n"
        }
        if let withdraw = reader.links.withdraw() {
            html += "<p><a href=\"\(withdraw)\">\(words(.leaveInstead))</a></p>\n"
        }
        return html + "</article>"
    }

    /// The new version to read and sign, with the one signed before a link away.
    public static func reconsent(document: ConsentDocument, signedVersion: String, participant: Participant, today: LocalDate,
                                 study: Study, reader: Reader, fields: OnboardingFields, errors: [String: String],
                                 csrfToken: String, frame: Layout.Frame = .plain) -> HTML {
        let words = reader.words
        var main = OnboardingPages.errorSummary(errors, reader: reader)
        main += "<h1>\(document.title)</h1>\n"
        let before: HTML = "<a href=\"\(reader.links.consentRecord(participant.id))\">\(words(.seeWhatYouSigned))</a>"
        main += "<p class=\"day-meta\">\(words.html(.versionWhichReplaces, ["version": "\(document.version)", "signed": "\(signedVersion)", "before": before]))</p>\n"
        main += ConsentPages.protocolLine(study, reader: reader)
        main += "<div class=\"prose consent-text\" role=\"region\" aria-label=\"\(words(.consentDocument))\">\n"
            + "\(document.html)</div>\n"
        main += "<form method=\"post\" action=\"\(reader.links.reconsent() ?? "")\" class=\"onboarding\" novalidate>\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        main += OnboardingPages.signatureFields(fields, errors: errors, reader: reader)
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\">\(words(.review))</button></p>\n</form>\n"
        if let withdraw = reader.links.withdraw() {
            main += "<p><a href=\"\(withdraw)\">\(words(.leaveInstead))</a></p>\n"
        }
        return Layout.page(title: document.title, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main,
                           scripts: ["js/signature-pad.js"], frame: frame)
    }

    /// Exactly what will be recorded for the new version, before it is.
    public static func reconsentReview(document: ConsentDocument, participant: Participant, today: LocalDate, study: Study,
                                       reader: Reader, fields: OnboardingFields, csrfToken: String,
                                       frame: Layout.Frame = .plain) -> HTML {
        let words = reader.words
        var main = OnboardingPages.reviewSummary(document, fields: fields, reader: reader)
        let action = (reader.links.reconsent() ?? "") + "/review"
        main += "<form method=\"post\" action=\"\(action)\" class=\"onboarding\">\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
            + "<input type=\"hidden\" name=\"sha256\" value=\"\(document.sha256)\">\n"
        main += "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(reader.links.reconsent() ?? "")\">\(words(.change))</a> "
            + "<button type=\"submit\" class=\"button\">\(words(.sign))</button></p>\n</form>\n"
        return Layout.page(title: words(.checkBeforeSign), study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main, frame: frame)
    }

    /// What leaving the study means, an optional reason, and a confirmation.
    public static func withdraw(participant: Participant, today: LocalDate, study: Study, reader: Reader,
                                reason: String, errors: [String: String], csrfToken: String,
                                frame: Layout.Frame = .plain) -> HTML {
        let words = reader.words
        var main = OnboardingPages.errorSummary(errors, reader: reader)
        main += "<h1>\(words(.leavingTheStudy))</h1>\n"
        main += "<p class=\"lead\">\(words(.leaveAnyTime))</p>\n"
        main += "<ul class=\"icon-items\"><li><span><strong>\(words(.whatStops))</strong><span class=\"icon-detail\">\(words(.whatStopsText))</span></span></li>"
            + "<li><span><strong>\(words(.whatIsKept))</strong><span class=\"icon-detail\">\(words(.whatIsKeptText))</span></span></li>"
            + "<li><span><strong>\(words(.cannotBeUndone))</strong><span class=\"icon-detail\">\(words(.cannotBeUndoneText, ["address": study.contact]))</span></span></li></ul>\n"
        main += "<form method=\"post\" action=\"\(reader.links.withdraw() ?? "")\" class=\"survey\" novalidate>\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        main += "<div class=\"field\">\n<label for=\"field-reason\" class=\"field-label\">\(words(.whyLeaving)) "
            + "<span class=\"optional\">\(words(.optional))</span></label>\n"
            + "<textarea name=\"reason\" id=\"field-reason\" rows=\"3\" maxlength=\"500\">\(reason)</textarea>\n</div>\n"
        let error = errors["confirm"]
        main += "<div class=\"field\(error == nil ? "" : " has-error")\" id=\"field-confirm\">\n"
        if let error { main += "<p class=\"field-error\" id=\"field-confirm-error\">\(error)</p>\n" }
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"field-confirm-error\""
        main += "<label class=\"choice\"><input type=\"checkbox\" name=\"confirm\" value=\"yes\"\(invalid)> "
            + "<span>\(words(.iWantToLeave))</span></label>\n</div>\n"
        main += "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(reader.links.consentRecord(participant.id))\">"
            + "\(words(.stayInStudy))</a> <button type=\"submit\" class=\"button\">\(words(.leaveTheStudy))</button></p>\n</form>\n"
        return Layout.page(title: words(.leavingTheStudy), study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main, frame: frame)
    }
}
