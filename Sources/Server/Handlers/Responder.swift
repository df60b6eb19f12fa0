import CareStore
import Content
import StudyModel
import HTTP
import Markup
import Pages
import Words

/// Turns pages and messages into responses, each page framed with what the
/// server adds: the content's errors, and live reload when it runs.
struct Responder {
    var study: Study
    /// The participant's language, or the one their browser prefers before they are known.
    var language: Language
    var frame: Layout.Frame

    init(study: Study, language: Language, diagnostics: [Diagnostic], liveReload: Bool) {
        self.study = study
        self.language = language
        frame = Layout.Frame(banner: Self.banner(diagnostics, words: language.words), liveReload: liveReload)
    }

    var words: Words { language.words }

    func page(_ html: HTML, status: HTTPStatus = .ok) -> HTTPResponse {
        .html(html.markup, status: status)
    }

    /// A short page that says what happened, with a button to go on.
    func message(_ status: HTTPStatus, _ title: Word, _ text: String, link: (Word, Route)? = nil) -> HTTPResponse {
        page(MessagePage.render(title: words(title), text: text, link: link.map { (words($0.0), $0.1.path) }, study: study,
                                reader: .participant(links: ServerLinks(days: 0...0), language: language), frame: frame), status: status)
    }

    func notFound() -> HTTPResponse {
        message(.notFound, .pageNotFound, words(.noPageHere), link: (.goToToday, .root))
    }

    /// 503 for a store that could not be written, saying why.
    func storageFailure(_ error: DatabaseError) -> HTTPResponse {
        let reason: Word = error.isDiskFull ? .storageFull : error.isReadOnly ? .storageReadOnly : .storageNotWritten
        var response = message(.serviceUnavailable, .notSaved, words(reason))
        response.headers.append(("Retry-After", "30"))
        return response
    }

    /// The content's errors, shown above every page while a preview keeps
    /// the last good content.
    static func banner(_ diagnostics: [Diagnostic], words: Words) -> HTML? {
        guard !diagnostics.isEmpty else { return nil }
        var panel: HTML = "<section class=\"content-errors\" role=\"alert\"><h2>\(words(.contentHasErrors))</h2>"
            + "<p>\(words(.lastGoodShown))</p><ul>"
        for diagnostic in diagnostics {
            panel += "<li><code>\(diagnostic.description)</code></li>"
        }
        return panel + "</ul></section>\n"
    }
}
