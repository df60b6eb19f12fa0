import CareModel
import Foundation

/// The CareModel values the store keeps as text: instants as `Timestamp.utc`
/// writes them, local days as `YYYY-MM-DD`, zones by identifier.
extension Row {
    func date(_ column: String) throws -> Date {
        // Read in place where it parses; anything else goes the way that names what is wrong.
        if let date = utf8(column, Timestamp.parse(utf8:)) { return date }
        return try parsed(column, as: "a time", Timestamp.parse)
    }

    /// For a column the schema lets be NULL.
    func optionalDate(_ column: String) throws -> Date? {
        try optionalParsed(column, as: "a time", Timestamp.parse)
    }

    func localDate(_ column: String) throws -> LocalDate {
        // In place too: every outcome has its event's day.
        if let day = utf8(column, { LocalDate(iso: $0) }) { return day }
        return try parsed(column, as: "a calendar day") { LocalDate(iso: $0) }
    }

    func localTime(_ column: String) throws -> LocalTime {
        try parsed(column, as: "a time of day") { LocalTime($0) }
    }

    /// For a column the schema lets be NULL.
    func optionalLocalDate(_ column: String) throws -> LocalDate? {
        try optionalParsed(column, as: "a calendar day") { LocalDate(iso: $0) }
    }

    func timeZone(_ column: String) throws -> TimeZone {
        try parsed(column, as: "a time zone identifier", TimeZone.init(identifier:))
    }
}
