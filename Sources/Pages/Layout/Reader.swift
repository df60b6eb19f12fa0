import CareModel
import Words

/// Who reads a page, and so what it says and shows: the participant on their
/// own preview server, or the study team on the static site. Every page is
/// given one; none works out its reader from its links.
public struct Reader: Sendable {
    public enum Audience: Hashable, Sendable {
        /// The participant, on their own server: their pages answer, tap,
        /// sign and delete, and speak to them.
        case participant
        /// The study team, on the static site: the same pages read-only,
        /// with the study's index and each participant's audit trail.
        case clinician
    }

    public let audience: Audience
    /// Where the page's links point.
    public let links: any PageLinks
    /// Which of the participant's values the page may show.
    public let sharing: Sharing
    /// Whether names and signatures are shown: always to the participant,
    /// and to the team only when the site is built with `--names`.
    public let showsNames: Bool
    /// The language the page is written in, with its words and formats.
    public let language: Language

    /// The participant reading their own pages: all their values, their own name.
    public static func participant(links: any PageLinks, language: Language) -> Reader {
        Reader(audience: .participant, links: links, sharing: .everything, showsNames: true, language: language)
    }

    /// The study team reading the site.
    /// - Parameters:
    ///   - sharing: what the participant the page is about shares; `.everything` for pages about no participant.
    ///   - names: whether the site was built with `--names`.
    ///   - language: the study's own language, or the one the site was built in.
    public static func clinician(links: any PageLinks, sharing: Sharing, names: Bool, language: Language) -> Reader {
        Reader(audience: .clinician, links: links, sharing: sharing, showsNames: names, language: language)
    }

    /// The page's built-in words.
    public var words: Words { language.words }
    /// Dates, times, numbers and answers in the page's language.
    public var format: Format { Format(language: language) }

    public var isParticipant: Bool { audience == .participant }
    public var isClinician: Bool { audience == .clinician }
}
