import Foundation

/// The moment a site or a data package is as of (SPEC §11, one cut-off):
/// each participant's today is their own day at that moment. With one day
/// fixed for everyone (`--today`), it is the last second of that day where
/// the day ends last, among the zones of the study and its participants, so
/// nothing of that day is after it.
public enum AsOf {
    public static func moment(fixedToday: LocalDate?, now: Date, zones: [TimeZone]) -> Date {
        guard let fixedToday else { return now }
        let ends = zones.map { $0.instant(of: fixedToday.adding(days: 1), at: .midnight).addingTimeInterval(-1) }
        return ends.max() ?? TimeZone.gmt.instant(of: fixedToday.adding(days: 1), at: .midnight).addingTimeInterval(-1)
    }
}
