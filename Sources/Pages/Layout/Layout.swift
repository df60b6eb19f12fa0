import StudyModel
import Markup
import Words

/// The frame every page shares: head with its Content-Security-Policy,
/// skip link, header with the study's name and navigation, main, footer.
public enum Layout {
    /// What the server adds to a page and the static site does not.
    public struct Frame: Sendable {
        /// Shown first in `main`, e.g. the content's errors during a preview.
        public var banner: HTML?
        /// Whether the page carries the script that reloads it when the content changes.
        public var liveReload: Bool
        /// On a hosted study, the form token of the "Sign out" button every participant page has.
        public var signOutToken: String?

        public init(banner: HTML? = nil, liveReload: Bool = false, signOutToken: String? = nil) {
            self.banner = banner
            self.liveReload = liveReload
            self.signOutToken = signOutToken
        }

        /// The static site's pages: nothing added.
        public static let plain = Frame()
    }

    static func page(title: String, study: Study, reader: Reader, nav: Navigation, main: HTML,
                     scripts: [String] = [], bodyClass: String? = nil, frame: Frame = .plain, chrome: Chrome? = nil) -> HTML {
        let key = Chrome.Key(assets: reader.links.asset(""), language: reader.language.tag.identifier, nav: nav,
                             scripts: scripts, bodyClass: bodyClass, banner: frame.banner,
                             liveReload: frame.liveReload, signOutToken: frame.signOutToken)
        let parts: Chrome.Parts
        if let chrome, let kept = chrome.parts, chrome.key == key {
            parts = kept
        } else {
            parts = Self.parts(study: study, reader: reader, nav: nav, scripts: scripts, bodyClass: bodyClass, frame: frame)
            chrome?.key = key
            chrome?.parts = parts
        }
        var html = parts.head
        // The main part is most of a page: room for it and the rest, so it is copied once.
        html.reserveCapacity(html.bytes.count + title.utf8.count * 2 + parts.top.bytes.count
                             + main.bytes.count + parts.bottom.bytes.count)
        html += "\(title)"
        html += parts.top
        html += main
        html += parts.bottom
        return html
    }

    /// A page's chrome, kept for the next page alike but for its title and
    /// main part: a participant's day pages, or the education notes, which
    /// share one folder and one reader. Only ever used by one thread.
    public final class Chrome {
        /// What the chrome depends on, besides the study, which is one for a `Chrome`'s life.
        struct Key: Equatable {
            /// Where the page's folder finds the assets, which says how far it is from the root.
            var assets: String
            var language: String
            var nav: Navigation
            var scripts: [String]
            var bodyClass: String?
            var banner: HTML?
            var liveReload: Bool
            var signOutToken: String?
        }

        /// Up to the title's text; from after it to the start of the main part; from its end on.
        struct Parts {
            var head: HTML
            var top: HTML
            var bottom: HTML
        }

        var key: Key?
        var parts: Parts?

        public init() {}
    }

    private static func parts(study: Study, reader: Reader, nav: Navigation, scripts: [String], bodyClass: String?,
                              frame: Frame) -> Chrome.Parts {
        let head: HTML = """
            <!DOCTYPE html>
            <html lang="\(reader.language.tag.identifier)" dir="\(reader.language.direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(HTML(trusted: ContentSecurityPolicy.meta))">
            <title>
            """
        var top: HTML = """
             · \(study.title)</title>
            <link rel="stylesheet" href="\(reader.links.asset("css/carefeed.css"))">
            <link rel="icon" href="\(reader.links.asset("icons/heart.fill.svg"))" type="image/svg+xml">
            </head>
            <body\(bodyClass.map { " class=\"\($0)\"" as HTML })>
            <a class="skip-link" href="#main">\(reader.words(.skipToContent))</a>
            <header class="site-header">
            <p class="site-title">\(study.title)<span class="site-institution">\(study.institution)</span></p>

            """
        let items = nav.items(reader: reader, hasCareTeam: !study.contacts.isEmpty)
        if !items.isEmpty {
            top += "<nav aria-label=\"\(reader.words(.mainNavigation))\"><ul class=\"nav\">"
            for item in items {
                if let href = item.href {
                    top += "<li><a href=\"\(href)\"\(item.isCurrent ? " aria-current=\"page\"" as HTML : "")>\(item.title)</a></li>"
                } else {
                    top += "<li><span>\(item.title)</span></li>"
                }
            }
            top += "</ul></nav>\n"
        }
        top += "</header>\n<main id=\"main\">\n"
        if let banner = frame.banner { top += banner }
        // The care team is a tap away from every page, onboarding and messages too.
        let careTeam: HTML = (study.contacts.isEmpty ? nil : reader.links.careTeam()).map { " · <a href=\"\($0)\">\(reader.words(.careTeam))</a>" } ?? ""
        // The language can be changed from every page, and is named in itself so anyone can find theirs.
        let language: HTML = (study.languages.count > 1 ? reader.links.language() : nil).map {
            " · <a href=\"\($0)\" class=\"language-link\">\(reader.words(.currentLanguage, ["language": reader.language.tag.nativeName]))</a>"
        } ?? ""
        var bottom: HTML = """

            </main>
            <footer class="site-footer"><p>\(study.institution) · <a href="mailto:\(study.contact)"><bdi dir="ltr">\(study.contact)</bdi></a>\(careTeam)\(language)</p>\(signOut(frame, reader: reader))</footer>

            """
        for script in scripts {
            bottom += "<script src=\"\(reader.links.asset(script))\"></script>\n"
        }
        if frame.liveReload {
            bottom += "<script src=\"\(reader.links.asset("js/live.js"))\"></script>\n"
        }
        bottom += "</body>\n</html>\n"
        return Chrome.Parts(head: head, top: top, bottom: bottom)
    }

    /// A hosted study's "Sign out", for a phone or a clinic's tablet that others use too.
    static func signOut(_ frame: Frame, reader: Reader) -> HTML {
        guard let token = frame.signOutToken else { return "" }
        return "<form method=\"post\" action=\"/sign-out\" class=\"sign-out\"><input type=\"hidden\" name=\"csrf\" "
            + "value=\"\(token)\"><button type=\"submit\" class=\"button button-secondary\">\(reader.words(.signOut))</button></form>"
    }

    /// ` lang="en-US" dir="ltr"` on what a content file says when the study
    /// has no translation of it into the page's language, so screen readers
    /// read it in its own; nothing when it is in the page's language.
    static func language(of file: String?, study: Study) -> HTML {
        guard let file, let tag = study.fallbackLanguage(of: file) else { return "" }
        return " lang=\"\(tag.identifier)\" dir=\"\(tag.direction)\""
    }

    /// An inline icon from the public folder's `icons/`, hidden from screen readers.
    static func icon(_ name: String, reader: Reader) -> HTML {
        "<img class=\"icon\" src=\"\(reader.links.asset("icons/\(name).svg"))\" alt=\"\" width=\"24\" height=\"24\">"
    }
}

/// The one Content-Security-Policy of every page: no source outside the
/// page's own origin, no inline script or style.
public enum ContentSecurityPolicy {
    static let directives = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

    /// For a page's `<meta>` tag, where browsers ignore `frame-ancestors`.
    public static let meta = directives

    /// For the server's header, which can also refuse framing.
    public static let header = directives + "; frame-ancestors 'none'"
}
