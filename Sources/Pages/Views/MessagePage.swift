import Content

/// A short page that says what happened and what to do: locked days,
/// refused forms, missing pages.
public enum MessagePage {
    /// `main` is HTML the caller has already escaped.
    public static func render(title: String, main: String, study: Study, links: PageLinks) -> String {
        Layout.page(title: title, study: study, links: links, nav: [], main: main)
    }
}
