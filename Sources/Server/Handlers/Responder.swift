import CareStore
import Content
import StudyModel
import HTTP
import Markup
import Pages
import StudyTemplate
import Words

/// Turns pages and messages into responses, each page framed with what the
/// server adds: the content's errors, and live reload when it runs.
struct Responder {
    var study: Study
    /// The participant's language, or the one their browser prefers before they are known.
    var language: Language
    var frame: Layout.Frame
    /// The links of a page about no participant's data: a message, the reference.
    var links = ServerLinks(days: 0...0)

    init(study: Study, language: Language, diagnostics: [Diagnostic], liveReload: Bool, isPreview: Bool = false,
         signOutToken: String? = nil) {
        self.study = study
        self.language = language
        let notice: HTML? = isPreview ? "<p class=\"preview-note\">\(language.words(.previewShowsEdits))</p>\n" : nil
        errors = Self.banner(diagnostics, words: language.words)
        frame = Layout.Frame(banner: notice == nil && errors == nil ? nil : (notice ?? "") + (errors ?? ""), liveReload: liveReload,
                             signOutToken: signOutToken)
    }

    /// The content's errors, without the preview's notice, which is about the participant's pages.
    private let errors: HTML?

    var words: Words { language.words }

    func page(_ html: HTML, status: HTTPStatus = .ok) -> HTTPResponse {
        .html(bytes: html.bytes, status: status)
    }

    /// A short page that says what happened, with a button to go on.
    func message(_ status: HTTPStatus, _ title: Word, _ text: String, link: (Word, Route)? = nil) -> HTTPResponse {
        page(MessagePage.render(title: words(title), text: text, link: link.map { (words($0.0), $0.1.path) }, study: study,
                                reader: .participant(links: links, language: language), frame: frame), status: status)
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

    /// The editors' reference, in English as it is written.
    func reference() -> HTTPResponse {
        let english = Language(LanguageTag("en-US")!)
        return page(ReferencePage.render(Self.referenceHTML, title: Self.referenceTitle, study: study,
                                         reader: .participant(links: ServerLinks(days: 0...0), language: english),
                                         frame: Layout.Frame(banner: errors, liveReload: frame.liveReload)))
    }

    /// The reference rendered once, on first use.
    static let referenceHTML = Markdown.html(StudyTemplate.reference)

    /// The reference's own title, its first heading.
    static let referenceTitle = StudyTemplate.reference.split(separator: "\n").first { $0.hasPrefix("# ") }
        .map { String($0.dropFirst(2)) } ?? "Reference"

    /// The content's errors, shown above every page while a preview keeps
    /// the last good content.
    static func banner(_ diagnostics: [Diagnostic], words: Words) -> HTML? {
        guard !diagnostics.isEmpty else { return nil }
        var panel: HTML = "<section class=\"content-errors\" role=\"alert\"><h2>\(words(.contentHasErrors))</h2>"
            + "<p>\(words(.lastGoodShown)) <a href=\"\(Route.docs.path)\">\(words(.theReference))</a></p><ul>"
        for diagnostic in diagnostics {
            let reference: HTML = diagnostic.section.map { " <a href=\"\($0.path)\">\(words(.seeTheReference))</a>" } ?? ""
            panel += "<li><code>\(diagnostic.description)</code>\(reference)</li>"
        }
        return panel + "</ul></section>\n"
    }
}
