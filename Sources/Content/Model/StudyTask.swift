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

    enum CodingKeys: String, CodingKey {
        case id, title, impactsAdherence, schedule, survey, instructions
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

    /// Every form item of the survey, in order.
    public var formItems: [FormItem] {
        survey.flatMap { step -> [FormItem] in
            if case .form(let form) = step { form.items } else { [] }
        }
    }
}

/// One screen of a survey, as a ResearchKit `ORKStep`.
public enum SurveyStep: Hashable, Sendable, Codable {
    case instruction(InstructionStep)
    case form(FormStep)
    case consent(ConsentStep)
    case permissions(PermissionsStep)
    case model(ModelStep)
    case completion(CompletionStep)

    public var type: String {
        switch self {
        case .instruction: "instruction"
        case .form: "form"
        case .consent: "consent"
        case .permissions: "permissions"
        case .model: "model"
        case .completion: "completion"
        }
    }
}

public struct InstructionStep: Hashable, Sendable, Codable {
    public var title: String
    public var text: String?
    /// A path under the public folder.
    public var image: String?
    public var items: [IconItem]
}

/// A line with an icon, as in "Before you join".
public struct IconItem: Hashable, Sendable, Codable {
    /// An SF Symbol name such as `heart.fill`, drawn with the project's own icon.
    public var icon: String
    public var text: String
    public var detail: String?
}

public struct FormStep: Hashable, Sendable, Codable {
    public var title: String?
    public var text: String?
    public var items: [FormItem]
}

/// A question; its answer is stored as an outcome value of kind `id`.
public struct FormItem: Hashable, Sendable, Codable {
    public var id: String
    public var text: String
    public var isRequired: Bool
    public var answer: AnswerFormat
}

public enum AnswerFormat: Hashable, Sendable, Codable {
    /// Nothing selected until the participant chooses.
    case scale(min: Double, max: Double, step: Double, minLabel: String?, maxLabel: String?)
    case numeric(min: Double?, max: Double?, decimals: Int, unit: String?)
    case boolean
    case choice(options: [String], multiple: Bool)
    case text(maxLength: Int?)

    /// The unit stored with the value.
    public var unit: String? {
        if case .numeric(_, _, _, let unit) = self { unit } else { nil }
    }

    /// Whether answers are numbers that a chart can plot.
    public var isNumeric: Bool {
        switch self {
        case .scale, .numeric, .boolean: true
        case .choice, .text: false
        }
    }
}

public struct ConsentStep: Hashable, Sendable, Codable {
    /// Id of the consent document to sign.
    public var document: String
}

public struct PermissionsStep: Hashable, Sendable, Codable {
    public var title: String?
    public var text: String?
    public var items: [PermissionItem]
}

public struct PermissionItem: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        case health
        case notifications
        case motion
    }

    public var id: String
    public var kind: Kind
    public var title: String
    public var text: String?
    /// For health data: the values (form item ids) or tasks shared.
    public var types: [String]
}

public struct ModelStep: Hashable, Sendable, Codable {
    /// Slug of the education note whose model opens.
    public var education: String
}

public struct CompletionStep: Hashable, Sendable, Codable {
    public var title: String
    public var text: String?
}

extension StudyTask {
    /// A task from a definition the store kept.
    public init(definition: String) throws {
        self = try JSONDecoder().decode(StudyTask.self, from: Data(definition.utf8))
    }
}

extension AnswerFormat {
    /// The stored value for a number given to this format: an integer where
    /// the format only allows whole numbers, a decimal otherwise, a boolean
    /// for yes/no (non-zero is yes); nil for formats that take text, and for
    /// a whole number too large to store.
    public func value(_ number: Double) -> OutcomeValue.Value? {
        switch self {
        case .scale(_, _, let step, _, _):
            step == step.rounded() ? Int(exactly: number.rounded()).map(OutcomeValue.Value.integer) : .decimal(number)
        case .numeric(_, _, let decimals, _):
            decimals == 0 ? Int(exactly: number.rounded()).map(OutcomeValue.Value.integer) : .decimal(number)
        case .boolean:
            .boolean(number != 0)
        case .choice, .text:
            nil
        }
    }
}
