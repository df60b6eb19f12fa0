import StudyModel
import Markup

/// A short page that says what happened and what to do: locked days,
/// refused forms, missing pages.
public enum MessagePage {
    /// A heading, a sentence, and a button to where the participant can go on.
    public static func render(title: String, text: String, link: (label: String, href: String)? = nil, study: Study,
                              reader: Reader, frame: Layout.Frame = .plain) -> HTML {
        var main: HTML = "<h1>\(title)</h1>\n<p class=\"lead\">\(text)</p>\n"
        if let link {
            main += "<p><a class=\"button\" href=\"\(link.href)\">\(link.label)</a></p>\n"
        }
        return Layout.page(title: title, study: study, reader: reader, nav: .none, main: main, frame: frame)
    }
}
