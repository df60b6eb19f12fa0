import Assets
import CareModel
import Content
import StudyModel
import Feed
import Foundation
import Words

extension ParticipantApp {
    public struct Configuration: Sendable {
        public var participantID: String
        /// Fixed today for previews and tests; nil for the real date in the participant's zone.
        public var today: LocalDate?
        /// The server's secret: each session's form token is derived from it.
        public var secret: String
        /// A Host name answered besides the loopback names: the `--host` given.
        public var host: String?
        /// Whether the participant is the editor's preview, made by `serve`
        /// when none is named: each content change shows at once (see
        /// `CarePlan.previewing(from:)`), and every page says it is a preview.
        public var previewsEdits = false
        /// Set by `host`: every participant of the store, each by their own
        /// device session; `participantID` is then unused.
        public var hosting: Hosting?
        /// The server's one clock: every time it records and every "today" it works out is read from it.
        public var now: @Sendable () -> Date

        /// The computer's clock.
        public static let systemClock: @Sendable () -> Date = { Date() }

        public init(participantID: String, today: LocalDate?, secret: String, host: String? = nil,
                    now: @escaping @Sendable () -> Date = systemClock) {
            self.participantID = participantID
            self.today = today
            self.secret = secret
            self.host = host
            self.now = now
        }

        /// The participant's today at `now`: the fixed day of a preview, or the date in their zone.
        func today(of participant: Participant, at now: Date) -> LocalDate {
            today ?? participant.today(at: now)
        }
    }

    /// The content in force, and the errors of the last reload that failed.
    public struct ContentState: Sendable {
        public var plan: CarePlan
        public var assets: Assets
        public var diagnostics: [Diagnostic]
        /// The plan in each of the study's other languages, made once per content.
        let translatedPlans: [LanguageTag: CarePlan]

        public init(plan: CarePlan, assets: Assets, diagnostics: [Diagnostic] = []) {
            self.plan = plan
            self.assets = assets
            self.diagnostics = diagnostics
            translatedPlans = plan.study.translations.mapValues(plan.translated(to:))
        }

        /// The plan as a reader of `language` sees it.
        func plan(in language: LanguageTag) -> CarePlan {
            translatedPlans[language] ?? plan
        }
    }
}
