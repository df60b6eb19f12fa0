import CareModel
import Pages

extension Reader {
    /// The study team reading a site page, by default one that withholds
    /// nothing and shows no names.
    static func site(_ links: SiteLinks, sharing: Sharing = .everything, names: Bool = false) -> Reader {
        .clinician(links: links, sharing: sharing, names: names, language: .usEnglish)
    }

    /// The participant on their own server.
    static var preview: Reader { .participant(links: PreviewLinks(), language: .usEnglish) }
}
