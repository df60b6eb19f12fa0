import Markup
import StudyModel
import Words

/// The study's languages, each named in itself, the reader's chosen: where a
/// participant changes the language every page, the calendar and their
/// data download speak.
public enum LanguagePage {
    /// - Parameter back: the page to return to once the choice is saved.
    public static func render(study: Study, reader: Reader, action: String, back: String, csrfToken: String,
                              frame: Layout.Frame = .plain) -> HTML {
        let words = reader.words
        var main: HTML = "<h1>\(words(.chooseLanguage))</h1>\n"
        main += "<form method=\"post\" action=\"\(action)\" class=\"survey\">\n"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">\n"
            + "<input type=\"hidden\" name=\"back\" value=\"\(back)\">\n"
        main += choices(study: study, reader: reader)
        main += "<p class=\"form-actions\"><button type=\"submit\" class=\"button\">\(words(.saveLanguage))</button></p>\n</form>\n"
        return Layout.page(title: words(.chooseLanguage), study: study, reader: reader, nav: .none, main: main, frame: frame)
    }

    /// The study's languages as radio buttons named `language`, each label
    /// in its own language and marked so, the reader's own checked.
    static func choices(study: Study, reader: Reader) -> HTML {
        var html: HTML = "<fieldset class=\"language-choice\"><legend>\(reader.words(.languageLegend))</legend>\n<div class=\"choices\">"
        for language in study.languages {
            let tag = language.tag
            let checked: HTML = tag == reader.language.tag ? " checked" : ""
            html += "<label class=\"choice\" lang=\"\(tag.identifier)\" dir=\"\(tag.direction)\"><input type=\"radio\" name=\"language\" "
                + "value=\"\(tag.identifier)\"\(checked)> \(tag.nativeName)</label>"
        }
        return html + "</div></fieldset>\n"
    }
}
