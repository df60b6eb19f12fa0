import CareModel
import Foundation

/// The one cut-off (SPEC §11): each participant's rows and figures run up to
/// their own today, in their zone, as the site's index and overview count;
/// `--today` makes it one day for everyone.
extension DataPackage {
    /// The participant's today, as their own feed counts it.
    func today(of participant: Participant) -> LocalDate {
        fixedToday ?? participant.today(at: now)
    }

    /// What the descriptions say the package is as of: a day, since
    /// everything in it is worked out by days. Two exports of one store
    /// give the same bytes with `--today`; without it they differ in
    /// `created` alone until a participant's own day turns.
    var asOf: String {
        fixedToday.map { "on \($0)" } ?? "on the day of the export, \(TimeZone.gmt.localDate(of: now)) (UTC)"
    }

    /// The descriptor's `created`: the moment the package is as of, as a
    /// build's "data as of" names it (`AsOf`). With `--today`, the end of
    /// that day, so that one store and one day give the same bytes.
    var created: String {
        Self.datetime(AsOf.moment(fixedToday: fixedToday, now: now,
                                  zones: [plan.study.timeZone] + export.participants.map(\.timeZone)))
    }
}
