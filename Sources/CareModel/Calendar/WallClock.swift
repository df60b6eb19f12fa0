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
    fileprivate typealias Part = (start: Double, offset: Int)

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
        KnownTransitions.shared.parts(of: zone, from: Double(from.ordinal - 2) * 86_400, through: Double(to.ordinal + 2) * 86_400)
    }

    /// The zone's offset at `start`, then each change of its clocks after it up to `end`, with the offset from then on.
    fileprivate static func asked(_ zone: TimeZone, from start: Double, through end: Double) -> [Part] {
        var start = Date(timeIntervalSince1970: start)
        let end = Date(timeIntervalSince1970: end)
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

/// Each zone's changes of clocks over the span asked of it so far, grown as
/// later spans need: a schedule's events are worked out for each task and
/// range, over the same few zones and years, and asking ICU for the changes
/// each time cost more than placing the events.
final class KnownTransitions: @unchecked Sendable {
    // Unchecked: what `known` points to is only read or written inside `lock`.
    static let shared = KnownTransitions()

    /// From `parts.first.start` through `through`: the offset at the start, and each change after it.
    private struct Span {
        var parts: [(start: Double, offset: Int)]
        var through: Double
    }

    private let lock = NSLock()
    /// By zone, looked for one by one; at most `limit` zones, so nothing asked grows it without end.
    /// Behind a pointer: the runtime checks every access of a stored `var` for overlap.
    private let known = UnsafeMutablePointer<[(identifier: String, span: Span)]>.allocate(capacity: 1)
    private let limit = 64
    /// Two hundred years, in seconds: the most a zone's known span grows to.
    private static let widest = 200 * 366 * 86_400.0

    /// `shared` is the one a program uses; a test makes its own, to see what it keeps.
    init() {
        known.initialize(to: [])
    }

    deinit {
        known.deinitialize(count: 1)
        known.deallocate()
    }

    /// The span kept of the zone named `identifier`: where it starts, where it ends, and how many parts it has.
    func kept(_ identifier: String) -> (from: Double, through: Double, parts: Int)? {
        lock.withLock { known.pointee.first { $0.identifier == identifier }.map { ($0.span.parts[0].start, $0.span.through, $0.span.parts.count) } }
    }

    /// What `WallClock.asked` gives for the span, from the changes known.
    func parts(of zone: TimeZone, from start: Double, through end: Double) -> [(start: Double, offset: Int)] {
        let identifier = zone.identifier
        // A span wider than the most kept, or far from the one known (a date mistyped by centuries), is asked
        // alone; so is a zone of a fixed offset, which may share its name with another (`TimeZone.mayShareName`).
        guard start.isFinite, end.isFinite, start <= end, end - start <= Self.widest,
              !TimeZone.mayShareName(identifier) else { return WallClock.asked(zone, from: start, through: end) }
        let span: Span? = lock.withLock { known.pointee.first { $0.identifier == identifier }?.span }
        if let span, max(end, span.through) - min(start, span.parts[0].start) > Self.widest {
            return WallClock.asked(zone, from: start, through: end)
        }
        var grown = span ?? Span(parts: WallClock.asked(zone, from: start, through: end), through: end)
        if let span {
            if start < span.parts[0].start {
                // The changes before the span, up to its start; the span's own first part begins at a change or not.
                let before = WallClock.asked(zone, from: start, through: span.parts[0].start)
                grown.parts = before + span.parts.dropFirst().filter { $0.start > before.last!.start }
            }
            if end > span.through {
                grown.parts += WallClock.asked(zone, from: span.through, through: end).dropFirst()
                grown.through = end
            }
        }
        if span == nil || grown.parts.count != span!.parts.count || grown.through != span!.through
            || grown.parts[0].start != span!.parts[0].start {
            lock.withLock {
                if let index = known.pointee.firstIndex(where: { $0.identifier == identifier }) {
                    known.pointee[index].span = grown
                } else if known.pointee.count < limit {
                    known.pointee.append((identifier, grown))
                }
            }
        }
        // The offset at `start`: that of the last change at or before it, else the span's first.
        let first = grown.parts.lastIndex { $0.start <= start } ?? 0
        var parts = [(start: start, offset: grown.parts[first].offset)]
        parts += grown.parts[(first + 1)...].prefix { $0.start <= end }
        return parts
    }
}
