/// A value bound to or read from SQLite.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }
}
