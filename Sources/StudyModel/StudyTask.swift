import CareModel
import Foundation
import Markup

/// A task of the care plan: when it happens and the survey it opens.
public struct StudyTask: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    public var impactsAdherence: Bool
    public var schedule: Schedule
    public var survey: [SurveyStep]
    /// The Markdown body: the task's instructions, as HTML.
    public var instructions: HTML
    /// The source file, for messages; not part of the definition.
    public var file: String = ""
    /// True for a log task (`log: true`); nil otherwise, so the definitions
    /// of every other task keep the text the store versioned.
    public var log: Bool?
    /// A log's button, such as "Log a dose"; nil for "Log an entry".
    public var button: String?
    /// Scores computed from the survey's answers; nil for none, so the
    /// definitions of tasks without scores keep the text the store versioned.
    public var scores: [Score]?
    /// What an answer raises at once; nil for none. The study's rule for
    /// telling the team, as its flags are: not part of the versioned definition.
    public var alerts: [TaskAlert]? = nil

    enum CodingKeys: String, CodingKey {
        case id, title, impactsAdherence, schedule, survey, instructions, log, button, scores
    }

    /// The task with a consent step is the onboarding task: the feed shows
    /// only it until it is done.
    public var isOnboarding: Bool {
        survey.contains { if case .consent = $0 { true } else { false } }
    }

    /// The definition as canonical JSON: what the store versions. Equal
    /// definitions give equal text, so an unchanged task is not a new version.
    public var definition: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values to JSON cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The survey's completion step: what is shown once the answers are saved.
    public var completion: CompletionStep? {
        survey.lazy.compactMap { step -> CompletionStep? in
            if case .completion(let completion) = step { completion } else { nil }
        }.last
    }

    /// The survey as a participant is asked it when the study team gave
    /// them `dates` (at `invite`): an item that sets one of them is not
    /// asked, and a form step left with no item is not shown. A date the
    /// participant gave in onboarding keeps its step, so its steps keep their numbers.
    public func asking(withDates dates: Set<String>) -> StudyTask {
        guard survey.contains(where: { step in
            if case .form(let form) = step { form.items.contains { $0.sets.map(dates.contains) ?? false } } else { false }
        }) else { return self }
        var task = self
        task.survey = survey.compactMap { step in
            guard case .form(var form) = step else { return step }
            form.items.removeAll { $0.sets.map(dates.contains) ?? false }
            return form.items.isEmpty ? nil : .form(form)
        }
        return task
    }

    /// Every form item of the survey, in order.
    public var formItems: [FormItem] {
        survey.flatMap { step -> [FormItem] in
            if case .form(let form) = step { form.items } else { [] }
        }
    }

    public init(id: String, title: String, impactsAdherence: Bool, schedule: Schedule, survey: [SurveyStep],
                instructions: HTML, file: String = "", log: Bool?, button: String?, scores: [Score]? = nil) {
        self.id = id
        self.title = title
        self.impactsAdherence = impactsAdherence
        self.schedule = schedule
        self.survey = survey
        self.instructions = instructions
        self.file = file
        self.log = log
        self.button = button
        self.scores = scores
    }

    /// The task's score with this id.
    public func score(_ id: String) -> Score? {
        scores?.first { $0.id == id }
    }
}

extension StudyTask {
    /// A task from a definition the store kept.
    public init(definition: String) throws {
        self = try JSONDecoder().decode(StudyTask.self, from: Data(definition.utf8))
    }
}
