import Foundation

/// A zone's wall clock over a span of days, for turning many wall times
/// into instants with a few lookups rather than two for each. The span is
/// cut where the zone's clocks change, at the transitions ICU lists for the
/// zone (every change of its offset); within a part, one offset holds. A
/// wall time whose day either side lies in one part is that offset from the
/// wall time, exactly what `TimeZone.instant(of:at:)` finds; any other, and
/// any outside the span, is asked of `instant(of:at:)` itself.
struct WallClock {
    /// Where a part of the span starts (as seconds since 1970) and its offset.
    private typealias Part = (start: Double, offset: Int)

    let zone: TimeZone
    private let from: LocalDate
    private let to: LocalDate
    /// Found when first needed: a span may turn out to have no events.
    private var parts: [Part]?

    /// For wall times on the days `from ... to`: a schedule's events on the
    /// days `from ..< to`, and the midnight that ends the last of them.
    init(_ zone: TimeZone, from: LocalDate, to: LocalDate) {
        self.zone = zone
        self.from = from
        self.to = to
    }

    mutating func instant(of date: LocalDate, at time: LocalTime) -> Date {
        guard date >= from, date <= to else { return zone.instant(of: date, at: time) }
        let parts = parts ?? Self.parts(of: zone, from: from, to: to)
        self.parts = parts
        let wall = Double(date.ordinal * 86_400 + time.secondsSinceMidnight)
        // `instant(of:at:)` reads the offset a day before and a day after the wall time.
        let before = Self.part(of: wall - 86_400, in: parts), after = Self.part(of: wall + 86_400, in: parts)
        guard before == after else { return zone.instant(of: date, at: time) }
        return Date(timeIntervalSince1970: wall - Double(parts[before].offset))
    }

    /// The span and two days either side, which covers a day either side of
    /// every wall time in it, cut at each change of the zone's clocks.
    private static func parts(of zone: TimeZone, from: LocalDate, to: LocalDate) -> [Part] {
        var start = Date(timeIntervalSince1970: Double(from.ordinal - 2) * 86_400)
        let end = Date(timeIntervalSince1970: Double(to.ordinal + 2) * 86_400)
        var parts: [Part] = [(start.timeIntervalSince1970, zone.secondsFromGMT(for: start))]
        while let change = zone.nextDaylightSavingTimeTransition(after: start), change <= end {
            parts.append((change.timeIntervalSince1970, zone.secondsFromGMT(for: change)))
            start = change
        }
        return parts
    }

    /// The place of the part holding `instant`: the last that starts at or before it.
    private static func part(of instant: Double, in parts: [Part]) -> Int {
        var index = 0
        while index + 1 < parts.count, parts[index + 1].start <= instant { index += 1 }
        return index
    }
}
