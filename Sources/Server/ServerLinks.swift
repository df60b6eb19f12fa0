import CareModel
import Pages

/// Links between the server's routes (SPEC §8), for one participant.
struct ServerLinks: PageLinks {
    /// Days that have a feed page: enrollment to today + 7.
    let days: ClosedRange<Int>

    var isInteractive: Bool { true }
    func asset(_ path: String) -> String { "/assets/" + path }
    func studyIndex() -> String? { nil }
    func participant(_ id: String) -> String? { nil }
    func feed(_ participantID: String, _ day: LocalDate) -> String? { days.contains(day.ordinal) ? "/feed/\(day)" : nil }
    func insights(_ participantID: String) -> String { "/insights" }
    func consentRecord(_ participantID: String) -> String { "/consent" }
    func consentDocument(_ id: String) -> String? { "/consent/\(id)" }
    func educationIndex() -> String { "/education" }
    func note(_ slug: String) -> String { "/education/\(slug)" }
    func task(_ taskID: String, occurrence: Int) -> String? { "/tasks/\(taskID)/\(occurrence)" }
    func deleteAnswers(_ taskID: String, occurrence: Int) -> String? { "/tasks/\(taskID)/\(occurrence)/delete" }
    func onboarding() -> String? { "/onboarding/1" }
}
