import Foundation

extension TimeZone {
    /// The instant at which the wall clock in this zone reads `time` on `date`.
    ///
    /// A time that occurs twice (the hour repeated when clocks go back) is its
    /// first occurrence. A time that does not exist (skipped when clocks go
    /// forward) moves forward by the gap: 02:30 on a spring-forward night is
    /// 03:30, as an alarm set for 02:30 would ring.
    public func instant(of date: LocalDate, at time: LocalTime) -> Date {
        let wall = Double(date.ordinal * 86_400 + time.secondsSinceMidnight)
        let before = secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        // No change of offset within a day either side: the wall time is the
        // instant at that offset (zones change by hours, not by days).
        if before == after {
            return Date(timeIntervalSince1970: wall - Double(before))
        }
        let candidates = [before, after]
            .map { wall - Double($0) }
            .filter { secondsFromGMT(for: Date(timeIntervalSince1970: $0)) == Int(wall - $0) }
        if let first = candidates.min() {
            return Date(timeIntervalSince1970: first)
        }
        return Date(timeIntervalSince1970: wall - Double(before))
    }

    /// The calendar day on this zone's wall clock at `instant`.
    public func localDate(of instant: Date) -> LocalDate {
        wall(of: instant).day
    }

    /// The wall-clock time in this zone at `instant`, to the minute.
    public func localTime(of instant: Date) -> LocalTime {
        wall(of: instant).time
    }

    /// The wall clock in this zone at `instant`: its day, its time to the
    /// minute, and the zone's offset from UTC then, in seconds; the zone is
    /// asked once for all three, as an audit trail's every entry needs them.
    public func wall(of instant: Date) -> (day: LocalDate, time: LocalTime, offset: Int) {
        let offset = KnownOffsets.shared.offset(of: self, at: instant)
        let wall = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let seconds = ((wall % 86_400) + 86_400) % 86_400
        return (LocalDate(ordinal: (wall - seconds) / 86_400), LocalTime(hour: seconds / 3600, minute: seconds % 3600 / 60)!,
                offset)
    }
}

/// The offsets of zones as ICU gave them, each with the span it holds for:
/// from the instant it was asked for to the zone's next change of clocks,
/// one of the transitions ICU lists for the zone (every change of its
/// offset, as `WallClock` reads them). Pages ask the wall clock of the same
/// few zones hundreds of thousands of times a build, mostly in time order,
/// and ICU's answer took several times as long as finding it here.
final class KnownOffsets: @unchecked Sendable {
    // Unchecked: what `known` points to is only read or written inside `lock`.
    static let shared = KnownOffsets()

    private struct Span {
        var from: Double
        let until: Double
        let offset: Int
    }

    private let lock = NSLock()
    /// By zone, few enough to be looked for one by one; at most `limit` of
    /// each, so that nothing asked can grow it without end. Behind a pointer,
    /// not in a stored `var`: the runtime checked every access of one for
    /// overlap, which cost as much as the lookup.
    private let known = UnsafeMutablePointer<[(identifier: String, spans: [Span])]>.allocate(capacity: 1)
    private let limit = 64

    private init() {
        known.initialize(to: [])
    }

    deinit {
        known.deinitialize(count: 1)
        known.deallocate()
    }

    func offset(of zone: TimeZone, at instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        let identifier = zone.identifier
        // A zone of a fixed offset is named to the minute ("GMT+0100" for 3,600 seconds and for 3,601), so two
        // may share a name: it is asked each time, as it is cheaply.
        guard seconds.isFinite, !TimeZone.mayShareName(identifier) else { return zone.secondsFromGMT(for: instant) }
        let (found, full): (Int?, Bool) = lock.withLock {
            guard let zone = known.pointee.first(where: { $0.identifier == identifier }) else { return (nil, known.pointee.count >= limit) }
            return (zone.spans.last { $0.from <= seconds && seconds < $0.until }?.offset, zone.spans.count >= limit)
        }
        if let found { return found }
        let offset = zone.secondsFromGMT(for: instant)
        // No room to keep its span: the zone's next change is not sought.
        guard !full else { return offset }
        let next = zone.nextDaylightSavingTimeTransition(after: instant)?.timeIntervalSince1970 ?? .infinity
        guard next > seconds else { return offset }
        lock.withLock {
            let zones = known
            guard let index = zones.pointee.firstIndex(where: { $0.identifier == identifier })
                    ?? (zones.pointee.count < limit ? zones.pointee.endIndex : nil) else { return }
            if index == zones.pointee.endIndex { zones.pointee.append((identifier, [])) }
            // Asked earlier within a span already known: the span reaches back to it.
            if let same = zones.pointee[index].spans.firstIndex(where: { $0.until == next && $0.offset == offset }) {
                zones.pointee[index].spans[same].from = min(zones.pointee[index].spans[same].from, seconds)
            } else if zones.pointee[index].spans.count < limit {
                zones.pointee[index].spans.append(Span(from: seconds, until: next, offset: offset))
            }
        }
        return offset
    }
}

extension TimeZone {
    /// Whether another zone may have the name `identifier` and other offsets: Foundation names a zone made from
    /// an offset in seconds by its hours and minutes, after "GMT" ("GMT+0100" for 3,600 seconds and for 3,601).
    /// Every other name opens one zone of ICU's, so the zone caches look a zone up by its name.
    static func mayShareName(_ identifier: String) -> Bool {
        identifier.utf8.starts(with: "GMT".utf8)
    }
}
