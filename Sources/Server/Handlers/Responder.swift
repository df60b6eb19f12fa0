import CareStore
import Content
import StudyModel
import HTTP
import Markup
import Pages

/// Turns pages and messages into responses, each page framed with what the
/// server adds: the content's errors, and live reload when it runs.
struct Responder {
    var study: Study
    var frame: Layout.Frame

    init(study: Study, diagnostics: [Diagnostic], liveReload: Bool) {
        self.study = study
        frame = Layout.Frame(banner: Self.banner(diagnostics), liveReload: liveReload)
    }

    func page(_ html: HTML, status: HTTPStatus = .ok) -> HTTPResponse {
        .html(html.markup, status: status)
    }

    /// A short page that says what happened, with a button to go on.
    func message(_ status: HTTPStatus, _ title: String, _ text: String, link: (String, Route)? = nil) -> HTTPResponse {
        page(MessagePage.render(title: title, text: text, link: link.map { ($0.0, $0.1.path) }, study: study,
                                reader: .participant(links: ServerLinks(days: 0...0)), frame: frame), status: status)
    }

    func notFound() -> HTTPResponse {
        message(.notFound, "Page not found", "There is no page at this address.", link: ("Go to today", .root))
    }

    /// 503 for a store that could not be written, saying why.
    func storageFailure(_ error: DatabaseError) -> HTTPResponse {
        let reason = error.isDiskFull ? "is full" : error.isReadOnly ? "is read-only" : "could not be written"
        var response = message(.serviceUnavailable, "Not saved", "This was not saved because the computer's storage \(reason). "
                               + "Nothing was changed. Please tell the study team, then try again.")
        response.headers.append(("Retry-After", "30"))
        return response
    }

    /// The content's errors, shown above every page while a preview keeps
    /// the last good content.
    static func banner(_ diagnostics: [Diagnostic]) -> HTML? {
        guard !diagnostics.isEmpty else { return nil }
        var panel: HTML = "<section class=\"content-errors\" role=\"alert\"><h2>The content has errors</h2>"
            + "<p>The last good version is shown until they are fixed.</p><ul>"
        for diagnostic in diagnostics {
            panel += "<li><code>\(diagnostic.description)</code></li>"
        }
        return panel + "</ul></section>\n"
    }
}
