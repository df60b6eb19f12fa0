import CareModel

/// How a form item is answered, and so what kind of value its answer is stored as.
public enum AnswerFormat: Hashable, Sendable, Codable {
    /// Nothing selected until the participant chooses.
    case scale(min: Double, max: Double, step: Double, minLabel: String?, maxLabel: String?)
    case numeric(min: Double?, max: Double?, decimals: Int, unit: String?)
    case boolean
    case choice(options: [ChoiceOption], multiple: Bool)
    case text(maxLength: Int?)
    /// A calendar day, within `min` and `max` where given.
    case date(min: LocalDate?, max: LocalDate?)
    /// A wall-clock time, `HH:MM`.
    case timeOfDay

    /// The unit stored with the value.
    public var unit: String? {
        if case .numeric(_, _, _, let unit) = self { unit } else { nil }
    }

    /// Whether answers are numbers that a chart can plot.
    public var isNumeric: Bool {
        switch self {
        case .scale, .numeric, .boolean: true
        case .choice, .text, .date, .timeOfDay: false
        }
    }
}

extension AnswerFormat {
    /// The stored value for a number given to this format: an integer where
    /// the format only allows whole numbers, a decimal otherwise, a boolean
    /// for yes/no (non-zero is yes); nil for formats that take text, and for
    /// a whole number too large to store.
    public func value(_ number: Double) -> OutcomeValue.Value? {
        switch self {
        case .scale, .numeric:
            isWholeNumbers ? Int(exactly: number.rounded()).map(OutcomeValue.Value.integer) : .decimal(number)
        case .boolean:
            .boolean(number != 0)
        case .choice, .text, .date, .timeOfDay:
            nil
        }
    }
}

/// One option of a choice, as a ResearchKit text choice: `text` is shown,
/// `value` is stored, so the wording can change without changing the data.
/// A plain option's value is its text.
public struct ChoiceOption: Hashable, Sendable, Codable {
    public var value: String
    public var text: String

    public init(value: String, text: String) {
        self.value = value
        self.text = text
    }

    /// A plain option, whose value is its text.
    public init(_ text: String) {
        self.init(value: text, text: text)
    }

    private enum CodingKeys: String, CodingKey {
        case value, text
    }

    // A plain option is encoded as its text alone, as options were before
    // they had values, so a stored task definition reads the same.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text)
        } else {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(value: try container.decode(String.self, forKey: .value),
                      text: try container.decode(String.self, forKey: .text))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if value == text {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            try container.encode(text, forKey: .text)
        }
    }
}
