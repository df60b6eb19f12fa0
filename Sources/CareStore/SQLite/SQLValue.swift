/// A value bound to or read from SQLite.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// What kind of value this is, as an error message names it.
    var typeName: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        }
    }
}
