import Foundation

/// A JSON value built in code, for documents whose shape is a standard's
/// rather than ours (FHIR resources). Written with sorted keys, so the same
/// values give the same bytes; a field given `nil` is left out.
enum JSON: Encodable, Sendable, Equatable {
    case object([String: JSON])
    case array([JSON])
    case string(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let fields): try container.encode(fields)
        case .array(let items): try container.encode(items)
        case .string(let text): try container.encode(text)
        case .integer(let integer): try container.encode(integer)
        case .decimal(let decimal): try container.encode(decimal)
        case .boolean(let boolean): try container.encode(boolean)
        }
    }

    /// Pretty-printed text with sorted keys and a final line break.
    func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// An array, or nil for no items: FHIR allows no empty arrays.
    static func list(_ items: [JSON]) -> JSON? {
        items.isEmpty ? nil : .array(items)
    }
}

extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    init(dictionaryLiteral elements: (String, JSON?)...) {
        var fields: [String: JSON] = [:]
        for (key, value) in elements {
            fields[key] = value
        }
        self = .object(fields)
    }

    init(arrayLiteral elements: JSON...) {
        self = .array(elements)
    }

    init(stringLiteral value: String) {
        self = .string(value)
    }

    init(integerLiteral value: Int) {
        self = .integer(value)
    }

    init(booleanLiteral value: Bool) {
        self = .boolean(value)
    }
}
