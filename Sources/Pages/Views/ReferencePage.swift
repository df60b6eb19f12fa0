import Markup
import StudyModel

/// The editors' reference, `docs/content.md` rendered by the program's own
/// cmark, as the preview server shows it at `/docs`. It is written in
/// English, and says so, whatever the study's languages.
public enum ReferencePage {
    /// - Parameter html: the reference rendered, its headings with their ids.
    public static func render(_ html: HTML, title: String, study: Study, reader: Reader, frame: Layout.Frame) -> HTML {
        Layout.page(title: title, study: study, reader: reader, nav: .none,
                    main: "<article class=\"reference\">\n\(html)</article>\n", frame: frame)
    }
}
