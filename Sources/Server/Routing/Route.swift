import CareModel
import HTTP

/// Every page and action of the preview server as a value: parsed
/// from a request's method and path, and written back as a path for links.
enum Route: Equatable, Sendable {
    case root
    case feed(LocalDate)
    case onboarding(step: Int)
    /// The consent step's summary of what will be signed.
    case onboardingReview(step: Int)
    case task(id: String, occurrence: Int)
    /// GET asks to confirm; POST deletes.
    case deleteAnswers(task: String, occurrence: Int)
    /// The task's completion step, after its answers are saved.
    case taskDone(task: String, occurrence: Int)
    case insights
    case educationIndex
    case education(slug: String)
    /// The participant's own signed consent record.
    case consentRecord
    case consentDocument(id: String)
    /// The PDF of the participant's `index`th signed record (from 0): `/consent/signed-1.pdf` is the first.
    case signedCopy(index: Int)
    /// A newer version of the consent to read and sign, for those who signed an older one.
    case reconsent
    case reconsentReview
    /// What leaving the study means; a POST records it.
    case withdraw
    /// The participant's own data as a FHIR R4 Bundle, downloaded.
    case myData
    /// The participant's schedule for the next weeks as an iCalendar file, each event with a reminder.
    case calendar
    case asset(path: String)
    /// The live-reload event stream.
    case live
    /// A tap on a simple task, a checklist box or a log entry: done, or undone.
    case checkOff(task: String, occurrence: Int)
    /// A log task's new entry, now.
    case logEntry(task: String)
    /// The study's care team.
    case careTeam
    /// The study's languages; a POST stores the participant's choice.
    case language
    /// The editors' reference.
    case docs

    /// Nil for a path that names nothing, or a method the path does not take.
    /// Page names may end in `.html`, as the static site's do.
    init?(method: HTTPMethod, path: String) {
        let isPost = method == .post
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = segments.first else {
            if isPost { return nil }
            self = .root
            return
        }
        let rest = Array(segments.dropFirst())
        switch (first, rest.count) {
        case ("assets", 1...) where !isPost:
            self = .asset(path: rest.joined(separator: "/"))
        case ("_live", 0) where !isPost:
            self = .live
        case ("feed", 1) where !isPost:
            guard let day = LocalDate(iso: Self.page(rest[0])) else { return nil }
            self = .feed(day)
        case ("onboarding", 1):
            guard let step = Int(rest[0]) else { return nil }
            self = .onboarding(step: step)
        case ("onboarding", 2) where rest[1] == "review":
            guard let step = Int(rest[0]) else { return nil }
            self = .onboardingReview(step: step)
        case ("tasks", 2) where rest[1] == "log" && isPost:
            self = .logEntry(task: rest[0])
        case ("tasks", 3) where rest[2] == "check" && isPost:
            guard let occurrence = Int(rest[1]), occurrence >= 0 else { return nil }
            self = .checkOff(task: rest[0], occurrence: occurrence)
        case ("care-team", 0) where !isPost:
            self = .careTeam
        case ("docs", 0) where !isPost:
            self = .docs
        case ("tasks", 2):
            guard let occurrence = Int(rest[1]), occurrence >= 0 else { return nil }
            self = .task(id: rest[0], occurrence: occurrence)
        case ("tasks", 3) where rest[2] == "delete":
            guard let occurrence = Int(rest[1]), occurrence >= 0 else { return nil }
            self = .deleteAnswers(task: rest[0], occurrence: occurrence)
        case ("tasks", 3) where rest[2] == "done" && !isPost:
            guard let occurrence = Int(rest[1]), occurrence >= 0 else { return nil }
            self = .taskDone(task: rest[0], occurrence: occurrence)
        case ("insights", 0) where !isPost:
            self = .insights
        case ("education", 0) where !isPost:
            self = .educationIndex
        case ("education", 1) where !isPost:
            self = .education(slug: Self.page(rest[0]))
        case ("consent", 0) where !isPost:
            self = .consentRecord
        case ("consent", 1) where !isPost && rest[0].hasPrefix("signed-") && rest[0].hasSuffix(".pdf"):
            // Digits only, so that each record has one path: `signed-01.pdf` and `signed-+1.pdf` name nothing.
            let digits = rest[0].dropFirst("signed-".count).dropLast(".pdf".count)
            guard digits.first != "0", digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits), number >= 1
            else { return nil }
            self = .signedCopy(index: number - 1)
        case ("consent", 1) where !isPost:
            self = .consentDocument(id: Self.page(rest[0]))
        case ("reconsent", 0):
            self = .reconsent
        case ("reconsent", 1) where rest[0] == "review":
            self = .reconsentReview
        case ("withdraw", 0):
            self = .withdraw
        case ("my-data", 0) where !isPost:
            self = .myData
        case ("calendar.ics", 0) where !isPost:
            self = .calendar
        case ("language", 0):
            self = .language
        default:
            return nil
        }
    }

    var path: String {
        switch self {
        case .root: "/"
        case .feed(let day): "/feed/\(day)"
        case .onboarding(let step): "/onboarding/\(step)"
        case .onboardingReview(let step): "/onboarding/\(step)/review"
        case .task(let id, let occurrence): "/tasks/\(id)/\(occurrence)"
        case .deleteAnswers(let task, let occurrence): "/tasks/\(task)/\(occurrence)/delete"
        case .taskDone(let task, let occurrence): "/tasks/\(task)/\(occurrence)/done"
        case .insights: "/insights"
        case .educationIndex: "/education"
        case .education(let slug): "/education/\(slug)"
        case .consentRecord: "/consent"
        case .consentDocument(let id): "/consent/\(id)"
        case .signedCopy(let index): "/consent/signed-\(index + 1).pdf"
        case .reconsent: "/reconsent"
        case .reconsentReview: "/reconsent/review"
        case .withdraw: "/withdraw"
        case .myData: "/my-data"
        case .calendar: "/calendar.ics"
        case .language: "/language"
        case .asset(let path): "/assets/\(path)"
        case .live: "/_live"
        case .checkOff(let task, let occurrence): "/tasks/\(task)/\(occurrence)/check"
        case .logEntry(let task): "/tasks/\(task)/log"
        case .careTeam: "/care-team"
        case .docs: "/docs"
        }
    }

    /// Whether a path asks for a day's feed, even one that is not a date.
    static func isFeed(_ path: String) -> Bool {
        path.hasPrefix("/feed/")
    }

    private static func page(_ segment: String) -> String {
        segment.hasSuffix(".html") ? String(segment.dropLast(5)) : segment
    }
}
