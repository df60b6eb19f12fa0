import StudyModel
import Markup

/// The study's care team, as CareKit's contacts view lists them: each
/// contact with a button that calls (`tel:`) and one that writes (`mailto:`).
public enum CareTeamPage {
    public static func render(study: Study, reader: Reader, nav: Navigation, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>Care team</h1>\n"
        main += reader.isParticipant
            ? "<p class=\"lead\">Who to contact about your recovery and about the study. "
                + "In an emergency, call your local emergency number.</p>\n"
            : "<p class=\"lead\">Who participants are told to contact about their recovery and the study, "
                + "as their Care team page lists them.</p>\n"
        if study.contacts.isEmpty {
            main += "<p class=\"empty\">This study lists no contacts. Write to "
                + "<a href=\"mailto:\(study.contact)\">\(study.contact)</a>.</p>\n"
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
            main += callButton(contact)
            if let email = contact.email {
                main += "<p class=\"contact-line\"><a class=\"button button-secondary contact-email\" href=\"mailto:\(email)\">"
                    + "<span>Email<span class=\"visually-hidden\"> \(contact.name) at</span> \(email)</span></a></p>\n"
            }
            if let address = contact.address {
                let lines: [HTML] = address.split(separator: "\n").map { "\($0)" }
                main += "<address class=\"contact-address\">\(lines.joined(separator: "<br>"))</address>\n"
            }
            main += "</li>\n"
        }
        main += "</ul>\n"
        return Layout.page(title: "Care team", study: study, reader: reader, nav: nav, main: main, frame: frame)
    }

    /// A contact's call button, in a line of its own; nothing without a phone number.
    static func callButton(_ contact: Contact) -> HTML {
        guard let phone = contact.phone, let tel = contact.telURI else { return "" }
        return "<p class=\"contact-line\"><a class=\"button contact-call\" href=\"\(tel)\"><span>Call "
            + "<span class=\"visually-hidden\">\(contact.name) at </span>\(phone)</span></a></p>\n"
    }

    /// Who to call, at the top of the study's safety note: the care team's
    /// numbers where the warning signs are, so no one has to look for them.
    static func whoToCall(_ study: Study, reader: Reader) -> HTML {
        let callable = study.contacts.filter { $0.telURI != nil }
        guard !callable.isEmpty else { return "" }
        var html: HTML = "<section class=\"who-to-call card\" aria-labelledby=\"who-to-call\">\n"
            + "<h2 id=\"who-to-call\">Who to call</h2>\n<p>In an emergency, call your local emergency number first.</p>\n"
        for contact in callable {
            html += "<p class=\"contact-role\">\(contact.name)\(contact.role.map { " · \($0)" } ?? "")</p>\n"
            html += callButton(contact)
        }
        if let careTeam = reader.links.careTeam() {
            html += "<p><a href=\"\(careTeam)\">Your whole care team</a></p>\n"
        }
        return html + "</section>\n"
    }
}
