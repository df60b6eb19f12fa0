/// A calendar day with no time and no zone: the unit of a participant's feed.
///
/// Stored as the number of days since 1970-01-01 so that comparing and adding
/// days is arithmetic; converts to and from ISO-8601 `YYYY-MM-DD`.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    public let ordinal: Int

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// A valid Gregorian date, or nil for one such as February 30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.ordinal = LocalDate.ordinal(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        guard let parsed = text.utf8.withContiguousStorageIfAvailable({ LocalDate(iso: $0) })
                ?? Array(text.utf8).withUnsafeBufferPointer({ LocalDate(iso: $0) }) else { return nil }
        self = parsed
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8, in place: a store's rows hold many.
    public init?(iso bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Int(digits: bytes[0..<4]), let month = Int(digits: bytes[5..<7]),
              let day = Int(digits: bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(ordinal: ordinal + days)
    }

    /// Whole days from `self` to `other`: positive when `other` is later.
    public func days(to other: LocalDate) -> Int {
        other.ordinal - ordinal
    }

    /// 1 for Sunday through 7 for Saturday, as Foundation's `Calendar` counts.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((ordinal % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// The Sunday that begins this day's week.
    public var startOfWeek: LocalDate {
        adding(days: 1 - weekday)
    }

    /// The day that begins this day's week where weeks begin on
    /// `firstWeekday` (1 for Sunday through 7 for Saturday): Monday in
    /// Germany, Saturday in much of the Arab world.
    public func startOfWeek(firstWeekday: Int) -> LocalDate {
        adding(days: -((weekday - firstWeekday + 7) % 7))
    }

    public var description: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else { return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }
        // Written digit by digit: every link to a day page names one, and a site has hundreds of thousands.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }
            (bytes[0], bytes[1], bytes[2], bytes[3]) = (digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10))
            (bytes[4], bytes[5], bytes[6]) = (UInt8(ascii: "-"), digit(month / 10), digit(month % 10))
            (bytes[7], bytes[8], bytes[9]) = (UInt8(ascii: "-"), digit(day / 10), digit(day % 10))
            return 10
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension LocalDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a YYYY-MM-DD date: \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
