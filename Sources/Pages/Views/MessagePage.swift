import StudyModel
import Markup

/// A short page that says what happened and what to do: locked days,
/// refused forms, missing pages.
public enum MessagePage {
    /// A heading, a sentence, and a button to where the participant can go on.
    /// Or, with `form`, a button that sends a form there (a POST with its form token).
    public static func render(title: String, text: String, link: (label: String, href: String)? = nil,
                              form: (label: String, action: String, csrfToken: String)? = nil, study: Study,
                              reader: Reader, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(title)</h1>\n<p class=\"lead\">\(text)</p>\n"
        if let link {
            main += "<p><a class=\"button\" href=\"\(link.href)\">\(link.label)</a></p>\n"
        }
        if let form {
            main += "<form method=\"post\" action=\"\(form.action)\"><input type=\"hidden\" name=\"csrf\" value=\"\(form.csrfToken)\">"
                + "<p><button type=\"submit\" class=\"button\">\(form.label)</button></p></form>\n"
        }
        return Layout.page(title: title, study: study, reader: reader, nav: .none, main: main, frame: frame)
    }
}
