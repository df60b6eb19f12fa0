import StudyModel
import Markup
import Words

/// The study's care team, as CareKit's contacts view lists them: each
/// contact with a button that calls (`tel:`) and one that writes (`mailto:`).
public enum CareTeamPage {
    public static func render(study: Study, reader: Reader, nav: Navigation, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(reader.words(.careTeam))</h1>\n"
        main += reader.isParticipant
            ? "<p class=\"lead\">\(emergency(.careTeamLeadCall, otherwise: .careTeamLead, study: study, reader: reader))</p>\n"
            : "<p class=\"lead\">\(reader.words(.careTeamLeadClinician))</p>\n"
        if study.contacts.isEmpty {
            let address: HTML = "<a href=\"mailto:\(study.contact)\">\(study.contact)</a>"
            main += "<p class=\"empty\">\(reader.words.html(.noContacts, ["address": address]))</p>\n"
        }
        main += "<ul class=\"contacts\">\n"
        for (index, contact) in study.contacts.enumerated() {
            let headingID = "contact-\(index)"
            main += "<li class=\"contact card\">\n<h2 id=\"\(headingID)\">\(contact.name)</h2>\n"
            if let role = contact.role {
                main += "<p class=\"contact-role\">\(role)</p>\n"
            }
            if let note = contact.note {
                main += "<p class=\"contact-note\">\(note)</p>\n"
            }
            main += callButton(contact, reader: reader)
            if let email = contact.email {
                main += emailLink(contact, email, reader: reader)
            }
            if let address = contact.address {
                let lines: [HTML] = address.split(separator: "\n").map { "\($0)" }
                main += "<address class=\"contact-address\">\(lines.joined(separator: "<br>"))</address>\n"
            }
            main += "</li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: reader.words(.careTeam), study: study, reader: reader, nav: nav, main: main, frame: frame)
    }

    /// A contact's call button, in a line of its own; nothing without a
    /// phone number. It shows the number; a screen reader hears whom it calls
    /// (the card's heading names them to the eye), then the very words shown,
    /// so that someone who says what they see reaches it (WCAG 2.5.3).
    static func callButton(_ contact: Contact, reader: Reader) -> HTML {
        guard let phone = contact.phone, let tel = contact.telURI else { return "" }
        let named = reader.words(.callContactNamed, ["name": contact.name, "number": Format.isolated(phone)])
        return "<p class=\"contact-line\"><a class=\"button contact-call\" href=\"\(tel)\" aria-label=\"\(named)\"><span>"
            + "\(reader.words.html(.callContact, ["number": "<bdi dir=\"ltr\">\(phone)</bdi>"]))</span></a></p>\n"
    }

    /// `Email ana@…`, and for a screen reader `Ana Ruiz: Email ana@…`.
    static func emailLink(_ contact: Contact, _ email: String, reader: Reader) -> HTML {
        let named = reader.words(.emailContactNamed, ["name": contact.name, "address": Format.isolated(email)])
        return "<p class=\"contact-line\"><a class=\"button button-secondary contact-email\" href=\"mailto:\(email)\" "
            + "aria-label=\"\(named)\"><span>\(reader.words.html(.emailContact, ["address": "<bdi dir=\"ltr\">\(email)</bdi>"]))"
            + "</span></a></p>\n"
    }

    /// Words about an emergency: with the study's emergency number, as a
    /// link a phone dials, where `study.yaml` gives it; otherwise "your
    /// local emergency number", never a country's number the study did not give.
    static func emergency(_ withNumber: Word, otherwise: Word, study: Study, reader: Reader) -> HTML {
        guard let number = study.emergency else { return "\(reader.words(otherwise))" }
        return reader.words.html(withNumber, ["number": "<a href=\"tel:\(number)\">\(number)</a>"])
    }

    /// Who to call, at the top of the study's safety note: the care team's
    /// numbers where the warning signs are, so no one has to look for them.
    static func whoToCall(_ study: Study, reader: Reader) -> HTML {
        guard study.contacts.contains(where: { $0.telURI != nil }) else { return "" }
        return "<section class=\"who-to-call card\" aria-labelledby=\"who-to-call\">\n"
            + "<h2 id=\"who-to-call\">\(reader.words(.whoToCall))</h2>\n" + numbers(study, reader: reader) + "</section>\n"
    }

    /// What to call in an emergency, each contact with a number and its call
    /// button, and the way to the whole care team.
    static func numbers(_ study: Study, reader: Reader) -> HTML {
        var html: HTML = "<p>\(emergency(.emergencyFirstCall, otherwise: .emergencyFirst, study: study, reader: reader))</p>\n"
        for contact in study.contacts where contact.telURI != nil {
            html += "<p class=\"contact-role\">\(contact.name)\(contact.role.map { " · \($0)" } ?? "")</p>\n"
            html += callButton(contact, reader: reader)
        }
        if let careTeam = reader.links.careTeam() {
            html += "<p><a href=\"\(careTeam)\">\(reader.words(.wholeCareTeam))</a></p>\n"
        }
        return html
    }
}
