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
        let offset = secondsFromGMT(for: instant)
        let wall = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let seconds = ((wall % 86_400) + 86_400) % 86_400
        return (LocalDate(ordinal: (wall - seconds) / 86_400), LocalTime(hour: seconds / 3600, minute: seconds % 3600 / 60)!,
                offset)
    }
}
