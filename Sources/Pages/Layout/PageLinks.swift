import CareModel
import Support

/// Where a page's links point. The static site and the server lay out the
/// same pages differently (relative `.html` files against routes), so each
/// renderer asks these for URLs instead of writing them. Nil means the
/// layout has no such page; who reads the page is the `Reader`'s to say.
/// Every layout answers every link: none is left to a default.
public protocol PageLinks: Sendable {
    func asset(_ path: String) -> String
    func studyIndex() -> String?
    /// The study's overview for its lead; nil off the static site.
    func studyOverview() -> String?
    /// The study's protocol (schedule, questions, versions); nil off the static site.
    func studyProtocol() -> String?
    func participant(_ id: String) -> String?
    /// Nil for a day that has no page.
    func feed(_ participantID: String, _ day: LocalDate) -> String?
    func insights(_ participantID: String) -> String
    func consentRecord(_ participantID: String) -> String
    /// The participant's audit trail; nil where there is none (the participant's own server).
    func auditTrail(_ participantID: String) -> String?
    func consentDocument(_ id: String) -> String?
    /// The PDF of a participant's signed record, the `index`th of `count` in signing order (from 0).
    func signedCopy(_ participantID: String, index: Int, of count: Int) -> String?
    func educationIndex() -> String
    func note(_ slug: String) -> String
    /// The survey form of an event; nil where nothing can be answered.
    func task(_ taskID: String, occurrence: Int) -> String?
    /// The page that asks before deleting an event's answers; its form deletes them.
    func deleteAnswers(_ taskID: String, occurrence: Int) -> String?
    func onboarding() -> String?
    /// Where a participant signs a newer version of the consent; nil off the server.
    func reconsent() -> String?
    /// Where a participant may leave the study; nil off the server.
    func withdraw() -> String?
    /// Where a participant downloads their own data; nil off the server.
    func myData() -> String?
    /// The participant's schedule as a calendar file for their phone; nil off the server.
    func calendar() -> String?
    /// Where a tap on a simple task, a checklist box or a log entry posts
    /// to mark it done or undo it; nil where nothing can change.
    func checkOff(_ taskID: String, occurrence: Int) -> String?
    /// Where a log task's new entry posts; nil where nothing can change.
    func logEntry(_ taskID: String) -> String?
    /// The study's care team: who to call, and how.
    func careTeam() -> String?
    /// Where a participant chooses the language they read in; nil off the server.
    func language() -> String?
}

/// Links between the files of the static site, all relative to the page
/// being written, so the folder works from `file://` and any host.
public struct SiteLinks: PageLinks {
    /// From the page back to the site's root, e.g. `../../../`.
    let root: String
    /// Days that have a feed page, per participant.
    let feedDays: @Sendable (String, LocalDate) -> Bool

    /// - Parameter page: the page's path inside the site, e.g. `participants/r001/feed/2026-03-05.html`.
    public init(page: String, feedDays: @escaping @Sendable (String, LocalDate) -> Bool) {
        // One `../` for each folder the page is in: its path's parts, less one.
        var parts = 0, inPart = false
        for byte in page.utf8 {
            if byte == UInt8(ascii: "/") {
                inPart = false
            } else if !inPart {
                inPart = true
                parts += 1
            }
        }
        root = String(repeating: "../", count: max(0, parts - 1))
        self.feedDays = feedDays
    }

    public func asset(_ path: String) -> String { String.joined(root, "assets/", path) }
    public func studyIndex() -> String? { root + "index.html" }
    public func studyOverview() -> String? { root + "overview.html" }
    public func studyProtocol() -> String? { root + "protocol.html" }
    public func participant(_ id: String) -> String? { String.joined(root, "participants/", id, "/index.html") }
    public func feed(_ participantID: String, _ day: LocalDate) -> String? {
        feedDays(participantID, day) ? String.joined(root, "participants/", participantID, "/feed/", day.description, ".html") : nil
    }
    public func insights(_ participantID: String) -> String { String.joined(root, "participants/", participantID, "/insights.html") }
    public func consentRecord(_ participantID: String) -> String { String.joined(root, "participants/", participantID, "/consent.html") }
    public func auditTrail(_ participantID: String) -> String? { String.joined(root, "participants/", participantID, "/audit.html") }
    public func consentDocument(_ id: String) -> String? { root + "consent/\(id).html" }
    /// `consent.pdf` beside `consent.html` for the record in force, the latest; `consent-1.pdf`, … for those before it.
    public func signedCopy(_ participantID: String, index: Int, of count: Int) -> String? {
        root + "participants/\(participantID)/" + Self.signedCopyName(index: index, of: count)
    }
    public static func signedCopyName(index: Int, of count: Int) -> String {
        index == count - 1 ? "consent.pdf" : "consent-\(index + 1).pdf"
    }
    public func educationIndex() -> String { root + "education/index.html" }
    public func note(_ slug: String) -> String { String.joined(root, "education/", slug, ".html") }
    public func task(_ taskID: String, occurrence: Int) -> String? { nil }
    public func deleteAnswers(_ taskID: String, occurrence: Int) -> String? { nil }
    public func onboarding() -> String? { nil }
    public func reconsent() -> String? { nil }
    public func withdraw() -> String? { nil }
    public func myData() -> String? { nil }
    public func calendar() -> String? { nil }
    public func checkOff(_ taskID: String, occurrence: Int) -> String? { nil }
    public func logEntry(_ taskID: String) -> String? { nil }
    public func careTeam() -> String? { root + "care-team.html" }
    public func language() -> String? { nil }
}
