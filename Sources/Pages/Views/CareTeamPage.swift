import StudyModel
import Markup

/// The study's care team, as CareKit's contacts view lists them: each
/// contact with a button that calls (`tel:`) and one that writes (`mailto:`).
public enum CareTeamPage {
    public static func render(study: Study, reader: Reader, nav: Navigation, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(reader.words(.careTeam))</h1>\n"
        main += reader.isParticipant
            ? "<p class=\"lead\">\(reader.words(.careTeamLead))</p>\n"
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
                main += "<p class=\"contact-line\"><a class=\"button button-secondary contact-email\" href=\"mailto:\(email)\">"
                    + "<span>\(emailLabel(contact, email, reader: reader))</span></a></p>\n"
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

    /// A contact's call button, in a line of its own; nothing without a phone number.
    static func callButton(_ contact: Contact, reader: Reader) -> HTML {
        guard let phone = contact.phone, let tel = contact.telURI else { return "" }
        let whom: HTML = "<span class=\"visually-hidden\">\(reader.words(.contactAt, ["name": contact.name]))</span>"
        let number: HTML = "<bdi dir=\"ltr\">\(phone)</bdi>"
        return "<p class=\"contact-line\"><a class=\"button contact-call\" href=\"\(tel)\"><span>"
            + "\(reader.words.html(.callContact, ["whom": whom, "number": number]))</span></a></p>\n"
    }

    /// `Email Ana Ruiz at ana@…`, the name for screen readers only.
    static func emailLabel(_ contact: Contact, _ email: String, reader: Reader) -> HTML {
        let whom: HTML = "<span class=\"visually-hidden\">\(reader.words(.contactAt, ["name": contact.name]))</span>"
        return reader.words.html(.emailContact, ["whom": whom, "address": "<bdi dir=\"ltr\">\(email)</bdi>"])
    }

    /// Who to call, at the top of the study's safety note: the care team's
    /// numbers where the warning signs are, so no one has to look for them.
    static func whoToCall(_ study: Study, reader: Reader) -> HTML {
        let callable = study.contacts.filter { $0.telURI != nil }
        guard !callable.isEmpty else { return "" }
        var html: HTML = "<section class=\"who-to-call card\" aria-labelledby=\"who-to-call\">\n"
            + "<h2 id=\"who-to-call\">\(reader.words(.whoToCall))</h2>\n<p>\(reader.words(.emergencyFirst))</p>\n"
        for contact in callable {
            html += "<p class=\"contact-role\">\(contact.name)\(contact.role.map { " · \($0)" } ?? "")</p>\n"
            html += callButton(contact, reader: reader)
        }
        if let careTeam = reader.links.careTeam() {
            html += "<p><a href=\"\(careTeam)\">\(reader.words(.wholeCareTeam))</a></p>\n"
        }
        return html + "</section>\n"
    }
}
