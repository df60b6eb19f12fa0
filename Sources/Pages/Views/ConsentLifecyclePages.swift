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
        var html: HTML = "<article class=\"card is-open\" aria-labelledby=\"card-reconsent\">\n"
        html += "<div class=\"card-head\"><h2 id=\"card-reconsent\">The consent form has changed</h2>"
            + "<p class=\"card-when\">Version \(document.version) replaces the version \(signedVersion) you signed</p></div>\n"
        html += "<p>Please read the new version. Your tasks continue once you have signed it; "
            + "or, if you prefer, you can leave the study.</p>\n"
        if let reconsent = reader.links.reconsent() {
            html += "<p class=\"card-actions\"><a class=\"button\" href=\"\(reconsent)\">Read and sign</a></p>\n"
        }
        if let withdraw = reader.links.withdraw() {
            html += "<p><a href=\"\(withdraw)\">Leave the study instead</a></p>\n"
        }
        return html + "</article>"
    }

    /// The new version to read and sign, with the one signed before a link away.
    public static func reconsent(document: ConsentDocument, signedVersion: String, participant: Participant, today: LocalDate,
                                 study: Study, reader: Reader, fields: OnboardingFields, errors: [String: String],
                                 csrfToken: String, frame: Layout.Frame = .plain) -> HTML {
        var main = OnboardingPages.errorSummary(errors)
        main += "<h1>\(document.title)</h1>\n"
        main += "<p class=\"day-meta\">Version \(document.version), which replaces the version \(signedVersion) you signed. "
            + "<a href=\"\(reader.links.consentRecord(participant.id))\">See what you signed before</a>.</p>\n"
        main += ConsentPages.protocolLine(study)
        main += "<div class=\"prose consent-text\" tabindex=\"0\" role=\"region\" aria-label=\"Consent document\">\n"
            + "\(document.html)</div>\n"
        main += "<form method=\"post\" action=\"\(reader.links.reconsent() ?? "")\" class=\"onboarding\" novalidate>\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        main += OnboardingPages.signatureFields(fields, errors: errors)
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\">Review</button></p>\n</form>\n"
        if let withdraw = reader.links.withdraw() {
            main += "<p><a href=\"\(withdraw)\">Leave the study instead</a></p>\n"
        }
        return Layout.page(title: document.title, study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main,
                           scripts: ["js/signature-pad.js"], frame: frame)
    }

    /// Exactly what will be recorded for the new version, before it is.
    public static func reconsentReview(document: ConsentDocument, participant: Participant, today: LocalDate, study: Study,
                                       reader: Reader, fields: OnboardingFields, csrfToken: String,
                                       frame: Layout.Frame = .plain) -> HTML {
        var main = OnboardingPages.reviewSummary(document, fields: fields, timeZone: participant.timeZone)
        let action = (reader.links.reconsent() ?? "") + "/review"
        main += "<form method=\"post\" action=\"\(action)\" class=\"onboarding\">\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
            + "<input type=\"hidden\" name=\"sha256\" value=\"\(document.sha256)\">\n"
        main += "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(reader.links.reconsent() ?? "")\">Change</a> "
            + "<button type=\"submit\" class=\"button\">Sign</button></p>\n</form>\n"
        return Layout.page(title: "Check before you sign", study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main, frame: frame)
    }

    /// What leaving the study means, an optional reason, and a confirmation.
    public static func withdraw(participant: Participant, today: LocalDate, study: Study, reader: Reader,
                                reason: String, errors: [String: String], csrfToken: String,
                                frame: Layout.Frame = .plain) -> HTML {
        var main = OnboardingPages.errorSummary(errors)
        main += "<h1>Leaving the study</h1>\n"
        main += "<p class=\"lead\">You can leave at any time, without giving a reason. It does not change the care you "
            + "receive.</p>\n"
        main += "<ul class=\"icon-items\"><li><span><strong>What stops</strong><span class=\"icon-detail\">No more tasks "
            + "are offered, and nothing new is saved from today.</span></span></li>"
            + "<li><span><strong>What is kept</strong><span class=\"icon-detail\">What you gave before stays with the study "
            + "under your study ID, as the consent form explains.</span></span></li>"
            + "<li><span><strong>It cannot be undone here</strong><span class=\"icon-detail\">To take part again, write to the "
            + "study team at \(study.contact).</span></span></li></ul>\n"
        main += "<form method=\"post\" action=\"\(reader.links.withdraw() ?? "")\" class=\"survey\" novalidate>\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
        main += "<div class=\"field\">\n<label for=\"field-reason\" class=\"field-label\">Why are you leaving? "
            + "<span class=\"optional\">(optional)</span></label>\n"
            + "<textarea name=\"reason\" id=\"field-reason\" rows=\"3\" maxlength=\"500\">\(reason)</textarea>\n</div>\n"
        let error = errors["confirm"]
        main += "<div class=\"field\(error == nil ? "" : " has-error")\" id=\"field-confirm\">\n"
        if let error { main += "<p class=\"field-error\" id=\"field-confirm-error\">\(error)</p>\n" }
        let invalid: HTML = error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"field-confirm-error\""
        main += "<label class=\"choice\"><input type=\"checkbox\" name=\"confirm\" value=\"yes\"\(invalid)> "
            + "<span>I want to leave the study</span></label>\n</div>\n"
        main += "<p class=\"form-actions\"><a class=\"button button-secondary\" href=\"\(reader.links.consentRecord(participant.id))\">"
            + "Stay in the study</a> <button type=\"submit\" class=\"button\">Leave the study</button></p>\n</form>\n"
        return Layout.page(title: "Leaving the study", study: study, reader: reader,
                           nav: .participant(id: participant.id, today: today, current: .consent), main: main, frame: frame)
    }
}
