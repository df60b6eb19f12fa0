import CareModel
import Foundation
import Support

/// Dates, times and numbers in one language's CLDR formats, through ICU:
/// day and month names, date order, the 12- or 24-hour clock, the decimal
/// separator, the first day of the week. Made once per language; what it
/// has formatted is kept, so a page costs the same in every language.
public final class Formats: Sendable {
    public let tag: LanguageTag
    /// 1 for Sunday through 7 for Saturday: the day a week starts on where
    /// the language is spoken (Monday in Germany, Sunday in the US).
    public let firstWeekday: Int

    private let formatters: Locked<Formatters>
    /// How a moment's day and clock are joined; nil where ICU writes each moment itself.
    private let dateTimeGlue: DateTimeGlue?
    private let cache = ReadMostly(Cache())
    /// What this thread has looked up, so most lookups take no lock at all.
    private let local = PerThread { Cache() }

    /// Formatters are classes that are not safe to share: they are used only with their lock held.
    private struct Formatters: @unchecked Sendable {
        let day: DateFormatter
        let dayWithYear: DateFormatter
        let shortDay: DateFormatter
        let weekdayShort: DateFormatter
        let weekdayAndDay: DateFormatter
        let weekdayShortest: DateFormatter
        let weekdayInitial: DateFormatter
        let mediumDateTime: DateFormatter
        let mediumDate: DateFormatter
        let dayNumber: DateFormatter
        let time: DateFormatter
        let decimal: NumberFormatter
        let integer: NumberFormatter
        let oneDecimal: NumberFormatter
        let percent: NumberFormatter
    }

    /// What is kept, one table a kind, each by an integer: a day's ordinal, a weekday, a clock's minutes, a
    /// number's bits. Looked up by the kind's place, which costs less than a key path to a table of its own.
    private enum Kind: Int, CaseIterable {
        case day, dayWithYear, shortDay, weekday, weekdayAndDay, narrowWeekday, weekdayInitial, dayNumber, mediumDay
        case integer, time, decimal, number, percent
    }

    private struct Cache: Sendable {
        var tables = [[Int: String]](repeating: [:], count: Kind.allCases.count)
    }

    /// Values kept per kind: enough for every day and answer a study shows, bounded for a hostile one.
    static let cacheLimit = 20_000

    public init(_ tag: LanguageTag) {
        self.tag = tag
        let locale = Locale(identifier: tag.identifier)
        func date(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        func number(fractionDigits: Int, grouping: Bool) -> NumberFormatter {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .decimal
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = fractionDigits
            formatter.usesGroupingSeparator = grouping
            return formatter
        }
        let (mediumDateTime, mediumDate, time) = (date("yMMMdjmm"), date("yMMMd"), date("jmm"))
        dateTimeGlue = DateTimeGlue(combined: mediumDateTime.string(from:), date: mediumDate.string(from:), time: time.string(from:))
        formatters = Locked(Formatters(day: date("EEEEMMMMd"), dayWithYear: date("yMMMMEEEEd"), shortDay: date("MMMd"),
                                       weekdayShort: date("EEE"), weekdayAndDay: date("EEEMMMd"),
                                       weekdayShortest: date("EEEEEE"), weekdayInitial: date("EEEEE"), mediumDateTime: mediumDateTime, mediumDate: mediumDate,
                                       dayNumber: date("d"), time: time,
                                       decimal: number(fractionDigits: 2, grouping: false),
                                       integer: number(fractionDigits: 0, grouping: true),
                                       oneDecimal: number(fractionDigits: 1, grouping: false),
                                       percent: { let formatter = NumberFormatter(); formatter.locale = locale
                                                  formatter.numberStyle = .percent; formatter.maximumFractionDigits = 0
                                                  formatter.roundingMode = .halfUp
                                                  return formatter }()))
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        firstWeekday = calendar.firstWeekday
    }

    private static func noon(_ date: LocalDate) -> Date {
        Date(timeIntervalSince1970: Double(date.ordinal) * 86_400 + 43_200)
    }

    private func cached(_ key: Int, _ kind: Kind, _ make: (Formatters) -> String) -> String {
        let table = kind.rawValue
        if let known = local.update({ $0.tables[table][key] }) { return known }
        let text = cache.read({ $0.tables[table][key] }) ?? {
            let text = formatters.update { make($0) }
            cache.update { cache in
                if cache.tables[table].count < Self.cacheLimit { cache.tables[table][key] = text }
            }
            return text
        }()
        local.update { cache in
            if cache.tables[table].count < Self.cacheLimit { cache.tables[table][key] = text }
        }
        return text
    }

    /// A number's key: its bits, so that each value is one key (-0 is made 0 before).
    private func cached(_ value: Double, _ kind: Kind, _ make: (Formatters) -> String) -> String {
        cached(Int(bitPattern: UInt(value.bitPattern)), kind, make)
    }

    /// `Thursday, March 5`, `Donnerstag, 5. März`, `3月5日木曜日`.
    public func day(_ date: LocalDate) -> String {
        cached(date.ordinal, .day) { $0.day.string(from: Self.noon(date)) }
    }

    /// `Thursday, March 5, 2026`, `Donnerstag, 5. März 2026`.
    public func dayWithYear(_ date: LocalDate) -> String {
        cached(date.ordinal, .dayWithYear) { $0.dayWithYear.string(from: Self.noon(date)) }
    }

    /// `Mar 5`, `5. März`, `3月5日`.
    public func shortDay(_ date: LocalDate) -> String {
        cached(date.ordinal, .shortDay) { $0.shortDay.string(from: Self.noon(date)) }
    }

    /// `Mar 5, 2026`, `05.03.2026`, `2026/03/05`: a day with its year, as an answer is shown.
    public func mediumDay(_ date: LocalDate) -> String {
        cached(date.ordinal, .mediumDay) { $0.mediumDate.string(from: Self.noon(date)) }
    }

    /// `Thu`, `Do.`, `木`.
    public func weekdayShort(_ date: LocalDate) -> String {
        cached(date.weekday, .weekday) { $0.weekdayShort.string(from: Self.noon(date)) }
    }

    /// `Tue, Dec 1`, `Di., 1. Dez.`, `12月1日(火)`.
    public func weekdayAndDay(_ date: LocalDate) -> String {
        cached(date.ordinal, .weekdayAndDay) { $0.weekdayAndDay.string(from: Self.noon(date)) }
    }

    /// `Tu`, `Di.`, `火`, `ثلاثاء`: a day's shortest name, as the week strip shows it.
    public func weekdayShortest(_ date: LocalDate) -> String {
        cached(date.weekday, .narrowWeekday) { $0.weekdayShortest.string(from: Self.noon(date)) }
    }

    /// `T`, `D`, `火`, `ث`: a day's narrowest name, for a week strip whose columns are narrow beside its text.
    public func weekdayInitial(_ date: LocalDate) -> String {
        cached(date.weekday, .weekdayInitial) { $0.weekdayInitial.string(from: Self.noon(date)) }
    }

    /// `5`, `٥`: the day of the month alone.
    public func dayNumber(_ date: LocalDate) -> String {
        cached(date.components.day, .dayNumber) { $0.dayNumber.string(from: Self.noon(date)) }
    }

    /// `Mar 5, 2026, 8:05 AM`, `5. März 2026, 08:05`: a moment in a log, not kept.
    public func dateAndTime(_ date: LocalDate, time clock: LocalTime) -> String {
        guard let dateTimeGlue else { return dateAndTimeFromICU(date, time: clock) }
        return dateTimeGlue.join(date: mediumDay(date), time: time(clock))
    }

    /// What `dateAndTime` gives, as ICU writes it in one piece.
    func dateAndTimeFromICU(_ date: LocalDate, time clock: LocalTime) -> String {
        let instant = Date(timeIntervalSince1970: Double(date.ordinal) * 86_400 + Double(clock.secondsSinceMidnight))
        return formatters.update { $0.mediumDateTime.string(from: instant) }
    }

    /// Whether a moment is written from its day and clock: false where ICU must write it in one piece.
    var joinsDateAndTime: Bool { dateTimeGlue != nil }

    /// `8:05 AM`, `08:05`, `8:05`: the clock the language's readers use.
    public func time(_ clock: LocalTime) -> String {
        cached(clock.hour * 60 + clock.minute, .time) { formatters in
            formatters.time.string(from: Date(timeIntervalSince1970: Double(clock.secondsSinceMidnight)))
        }
    }

    public func time(_ instant: Date, in zone: TimeZone) -> String {
        time(zone.localTime(of: instant))
    }

    /// `Monday, November 30, 2026, 4:05 PM America/New_York (GMT-5)`: an
    /// instant with its zone, for a time a reader elsewhere must place.
    public func dateTime(_ instant: Date, in zone: TimeZone) -> String {
        let offset = formatters.update { formatters in
            let formatter = DateFormatter()
            formatter.locale = formatters.day.locale
            formatter.timeZone = zone
            formatter.dateFormat = "O"
            return formatter.string(from: instant)
        }
        return "\(dayWithYear(zone.localDate(of: instant))), \(time(instant, in: zone)) \(zone.identifier) (\(offset))"
    }

    /// `7.5`, `7,5`, `7`: at most two decimals, none needless, no grouping.
    public func decimal(_ value: Double) -> String {
        // -0.001 is written 0, never -0.
        let value = (value * 100).rounded() == 0 ? 0 : value
        return cached(value, .decimal) { $0.decimal.string(from: NSNumber(value: value)) ?? String(value) }
    }

    /// `42`, `7.5` or `7,5`: a scale's end, with one decimal at most.
    public func number(_ value: Double) -> String {
        // -0 is written 0, and is one key with 0.
        let value = value == 0 ? 0 : value
        return cached(value, .number) { $0.oneDecimal.string(from: NSNumber(value: value)) ?? String(value) }
    }

    /// `1,234`, `1.234`: a count.
    public func integer(_ value: Int) -> String {
        cached(value, .integer) { $0.integer.string(from: NSNumber(value: value)) ?? String(value) }
    }

    /// `68%`, `68 %`, `٦٨٪`: a fraction from 0 to 1, in whole per cent.
    public func percent(_ fraction: Double) -> String {
        let fraction = fraction == 0 ? 0 : fraction
        return cached(fraction, .percent) { $0.percent.string(from: NSNumber(value: fraction)) ?? String(fraction) }
    }
}
