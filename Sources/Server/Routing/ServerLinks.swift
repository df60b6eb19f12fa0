import CareModel
import Pages

/// Links between the server's routes, for one participant: every URL the
/// server writes into a page comes from `Route`.
struct ServerLinks: PageLinks {
    /// Days that have a feed page: enrollment to today + 7.
    let days: ClosedRange<Int>
    /// False on a hosted study's pages for someone not signed in: there is no participant whose language to store.
    var offersLanguage = true

    func asset(_ path: String) -> String { Route.asset(path: path).path }
    func studyIndex() -> String? { nil }
    func studyOverview() -> String? { nil }
    func studyProtocol() -> String? { nil }
    func participant(_ id: String) -> String? { nil }
    func feed(_ participantID: String, _ day: LocalDate) -> String? { days.contains(day.ordinal) ? Route.feed(day).path : nil }
    func insights(_ participantID: String) -> String { Route.insights.path }
    func consentRecord(_ participantID: String) -> String { Route.consentRecord.path }
    /// The participant's own server keeps no audit trail page: the team's site shows it.
    func auditTrail(_ participantID: String) -> String? { nil }
    func consentDocument(_ id: String) -> String? { Route.consentDocument(id: id).path }
    func signedCopy(_ participantID: String, index: Int, of count: Int) -> String? { Route.signedCopy(index: index).path }
    func educationIndex() -> String { Route.educationIndex.path }
    func note(_ slug: String) -> String { Route.education(slug: slug).path }
    func task(_ taskID: String, occurrence: Int) -> String? { Route.task(id: taskID, occurrence: occurrence).path }
    func deleteAnswers(_ taskID: String, occurrence: Int) -> String? {
        Route.deleteAnswers(task: taskID, occurrence: occurrence).path
    }
    func onboarding() -> String? { Route.onboarding(step: 1).path }
    func reconsent() -> String? { Route.reconsent.path }
    func withdraw() -> String? { Route.withdraw.path }
    func myData() -> String? { Route.myData.path }
    func calendar() -> String? { Route.calendar.path }
    func checkOff(_ taskID: String, occurrence: Int) -> String? { Route.checkOff(task: taskID, occurrence: occurrence).path }
    func logEntry(_ taskID: String) -> String? { Route.logEntry(task: taskID).path }
    func careTeam() -> String? { Route.careTeam.path }
    func language() -> String? { offersLanguage ? Route.language.path : nil }
}
