import Content

/// The frame every page shares: head with its Content-Security-Policy,
/// skip link, header with the study's name and navigation, main, footer.
enum Layout {
    /// No source outside the page's own origin; no inline script or style.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'"

    struct NavItem {
        var title: String
        var href: String?
        var isCurrent: Bool
    }

    static func page(title: String, study: Study, links: PageLinks, nav: [NavItem], main: String,
                     scripts: [String] = [], bodyClass: String? = nil) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <title>\(title.html) · \(study.title.html)</title>
            <link rel="stylesheet" href="\(links.asset("css/carefeed.css").html)">
            <link rel="icon" href="\(links.asset("icons/heart.fill.svg").html)" type="image/svg+xml">
            </head>
            <body\(bodyClass.map { " class=\"\($0.html)\"" } ?? "")>
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="site-header">
            <p class="site-title">\(study.title.html)<span class="site-institution">\(study.institution.html)</span></p>

            """
        if !nav.isEmpty {
            html += "<nav aria-label=\"Main\"><ul class=\"nav\">"
            for item in nav {
                if let href = item.href {
                    html += "<li><a href=\"\(href.html)\"\(item.isCurrent ? " aria-current=\"page\"" : "")>\(item.title.html)</a></li>"
                } else {
                    html += "<li><span>\(item.title.html)</span></li>"
                }
            }
            html += "</ul></nav>\n"
        }
        html += """
            </header>
            <main id="main">
            \(main)
            </main>
            <footer class="site-footer"><p>\(study.institution.html) · <a href="mailto:\(study.contact.html)">\(study.contact.html)</a></p></footer>

            """
        for script in scripts {
            html += "<script src=\"\(links.asset(script).html)\"></script>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// Navigation between a participant's pages.
    static func participantNav(_ participantID: String, links: PageLinks, current: String, todayHref: String?) -> [NavItem] {
        var items: [NavItem] = []
        if let index = links.studyIndex() {
            items.append(NavItem(title: "Participants", href: index, isCurrent: false))
        }
        items.append(NavItem(title: "Feed", href: todayHref, isCurrent: current == "feed"))
        items.append(NavItem(title: "Insights", href: links.insights(participantID), isCurrent: current == "insights"))
        items.append(NavItem(title: "Learn", href: links.educationIndex(), isCurrent: current == "education"))
        items.append(NavItem(title: "Consent", href: links.consentRecord(participantID), isCurrent: current == "consent"))
        return items
    }

    /// Navigation of the study's own pages on the static site.
    static func studyNav(links: PageLinks, current: String) -> [NavItem] {
        var items: [NavItem] = []
        if let index = links.studyIndex() {
            items.append(NavItem(title: "Participants", href: index, isCurrent: current == "index"))
        }
        items.append(NavItem(title: "Learn", href: links.educationIndex(), isCurrent: current == "education"))
        return items
    }

    /// An inline icon from the public folder's `icons/`, hidden from screen readers.
    static func icon(_ name: String, links: PageLinks) -> String {
        "<img class=\"icon\" src=\"\(links.asset("icons/\(name).svg").html)\" alt=\"\" width=\"24\" height=\"24\">"
    }
}
