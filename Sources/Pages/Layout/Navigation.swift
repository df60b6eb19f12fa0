import CareModel
import Markup

/// Which navigation a page shows and which of its sections the page is in.
public enum Navigation: Sendable, Equatable {
    /// The sections of the navigation bar.
    public enum Section: Sendable {
        case participants
        case overview
        case feed
        case insights
        case education
        case consent
        case audit
        case careTeam
    }

    /// No navigation: onboarding steps and short messages.
    case none
    /// The study's own pages on the static site: participants and education.
    case study(current: Section?)
    /// A participant's pages: their feed (on `today`), insights, education
    /// and consent record; on the static site also the participants index
    /// and their audit trail.
    case participant(id: String, today: LocalDate, current: Section?)

    struct Item {
        var title: String
        var href: String?
        var isCurrent: Bool
    }

    /// - Parameter hasCareTeam: whether the study lists a care team, whose page every navigation links.
    func items(reader: Reader, hasCareTeam: Bool = false) -> [Item] {
        var items = sections(reader: reader)
        if hasCareTeam, !items.isEmpty, let href = reader.links.careTeam() {
            items.append(Item(title: reader.words(.careTeam), href: href, isCurrent: isCurrent(.careTeam)))
        }
        return items
    }

    private func isCurrent(_ section: Section) -> Bool {
        switch self {
        case .none: false
        case .study(let current), .participant(_, _, let current): current == section
        }
    }

    private func sections(reader: Reader) -> [Item] {
        switch self {
        case .none:
            return []
        case .study(let current):
            var items: [Item] = []
            if let index = reader.links.studyIndex() {
                items.append(Item(title: reader.words(.navParticipants), href: index, isCurrent: current == .participants))
            }
            if let overview = reader.links.studyOverview() {
                items.append(Item(title: reader.words(.navOverview), href: overview, isCurrent: current == .overview))
            }
            items.append(Item(title: reader.words(.navLearn), href: reader.links.educationIndex(), isCurrent: current == .education))
            return items
        case .participant(let id, let today, let current):
            var items: [Item] = []
            if let index = reader.links.studyIndex() {
                items.append(Item(title: reader.words(.navParticipants), href: index, isCurrent: false))
            }
            if let overview = reader.links.studyOverview() {
                items.append(Item(title: reader.words(.navOverview), href: overview, isCurrent: false))
            }
            items.append(Item(title: reader.words(.navFeed), href: reader.links.feed(id, today), isCurrent: current == .feed))
            items.append(Item(title: reader.words(.navInsights), href: reader.links.insights(id), isCurrent: current == .insights))
            items.append(Item(title: reader.words(.navLearn), href: reader.links.educationIndex(), isCurrent: current == .education))
            items.append(Item(title: reader.words(.navConsent), href: reader.links.consentRecord(id), isCurrent: current == .consent))
            if let audit = reader.links.auditTrail(id) {
                items.append(Item(title: reader.words(.navAuditTrail), href: audit, isCurrent: current == .audit))
            }
            return items
        }
    }
}
