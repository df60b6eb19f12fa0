import CareModel
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

    public init(title: String, text: String?, image: String?, items: [IconItem]) {
        self.title = title
        self.text = text
        self.image = image
        self.items = items
    }
}

/// A line with an icon, as in "Before you join".
public struct IconItem: Hashable, Sendable, Codable {
    /// An SF Symbol name such as `heart.fill`, drawn with the project's own icon.
    public var icon: String
    public var text: String
    public var detail: String?

    public init(icon: String, text: String, detail: String?) {
        self.icon = icon
        self.text = text
        self.detail = detail
    }
}

public struct FormStep: Hashable, Sendable, Codable {
    public var title: String?
    public var text: String?
    public var items: [FormItem]
    /// When the step is asked; nil for always.
    public var showIf: Condition?

    public init(title: String?, text: String?, items: [FormItem], showIf: Condition? = nil) {
        self.title = title
        self.text = text
        self.items = items
        self.showIf = showIf
    }
}

/// A question; its answer is stored as an outcome value of kind `id`.
public struct FormItem: Hashable, Sendable, Codable {
    public var id: String
    public var text: String
    public var isRequired: Bool
    public var answer: AnswerFormat
    /// What a device may measure for a numeric answer, which the participant
    /// may also type.
    public var measure: Measure?
    /// When the item is asked; nil for always.
    public var showIf: Condition?
    /// True when "Prefer not to answer" is offered; nil otherwise, so the
    /// definitions of every other item keep the text the store versioned.
    public var preferNotToAnswer: Bool?
    /// The participant's date (`dates:` in `study.yaml`) a date answer
    /// gives, in onboarding: asked only when the participant has no value yet.
    public var sets: String?
    /// The answer a question about the consent expects, before it is signed
    /// (ResearchKit's consent review quiz), as stored: `true`, `false` or a
    /// choice's value. A wrong answer shows `explain` and is asked again.
    public var expect: String?
    public var explain: String?

    public init(id: String, text: String, isRequired: Bool, answer: AnswerFormat, measure: Measure?,
                showIf: Condition? = nil, preferNotToAnswer: Bool = false, sets: String? = nil,
                expect: String? = nil, explain: String? = nil) {
        self.id = id
        self.text = text
        self.isRequired = isRequired
        self.answer = answer
        self.measure = measure
        self.showIf = showIf
        self.preferNotToAnswer = preferNotToAnswer ? true : nil
        self.sets = sets
        self.expect = expect
        self.explain = explain
    }

    /// Whether `values`, this item's answer, is the one it expects; true for an item that expects none.
    public func isExpected(_ values: [OutcomeValue]) -> Bool {
        guard let expect else { return true }
        return values.count == 1 && values[0].value.text == expect
    }

    /// Whether "Prefer not to answer" is offered.
    public var offersPreferNotToAnswer: Bool { preferNotToAnswer == true }

    /// What a form sends for "Prefer not to answer", under the item's own
    /// name; no choice may store it as its value.
    public static let preferNotToAnswerValue = "preferNotToAnswer"
}

/// A value a device measures with its sensors, as a ResearchKit active task does.
public enum Measure: String, Hashable, Sendable, Codable, CaseIterable {
    /// The knee's bend in degrees, from the phone's motion sensors, as
    /// ResearchKit's knee range-of-motion task measures it.
    case kneeFlexion
}

public struct ConsentStep: Hashable, Sendable, Codable {
    /// Id of the consent document to sign.
    public var document: String

    public init(document: String) {
        self.document = document
    }
}

public struct PermissionsStep: Hashable, Sendable, Codable {
    public var title: String?
    public var text: String?
    public var items: [PermissionItem]

    public init(title: String?, text: String?, items: [PermissionItem]) {
        self.title = title
        self.text = text
        self.items = items
    }
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

    public init(id: String, kind: Kind, title: String, text: String?, types: [String]) {
        self.id = id
        self.kind = kind
        self.title = title
        self.text = text
        self.types = types
    }
}

public struct ModelStep: Hashable, Sendable, Codable {
    /// Slug of the education note whose model opens.
    public var education: String

    public init(education: String) {
        self.education = education
    }
}

public struct CompletionStep: Hashable, Sendable, Codable {
    public var title: String
    public var text: String?

    public init(title: String, text: String?) {
        self.title = title
        self.text = text
    }
}
