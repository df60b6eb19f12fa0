import CareModel
import StudyModel

/// `--date surgery=2026-12-10`, as often as the study has dates: each a
/// date `study.yaml` declares, given once, a real day.
enum DateArguments {
    static func parse(_ arguments: Arguments, study: Study) throws(UsageError) -> [String: LocalDate] {
        var dates: [String: LocalDate] = [:]
        for given in arguments.all("date") {
            let parts = given.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let day = LocalDate(iso: parts[1]) else {
                throw UsageError("--date needs NAME=YYYY-MM-DD, such as surgery=2026-12-10, not '\(given)'")
            }
            guard study.date(parts[0]) != nil else {
                let known = study.dates.isEmpty ? "study.yaml declares no dates"
                    : "study.yaml declares " + study.dates.map(\.id).joined(separator: ", ")
                throw UsageError("--date names '\(parts[0])', which is no participant's date: \(known)")
            }
            guard dates[parts[0]] == nil else { throw UsageError("--date gives \(parts[0]) twice") }
            dates[parts[0]] = day
        }
        return dates
    }

    /// The days `dates` must lie within for a participant enrolled on `enrolled`.
    static func check(_ dates: [String: LocalDate], enrolledOn enrolled: LocalDate) throws(UsageError) {
        let bounds = FeedBounds.participantDate(enrolledOn: enrolled)
        for (id, day) in dates.sorted(by: { $0.key < $1.key }) where !bounds.contains(day) {
            throw UsageError("--date \(id)=\(day) is more than a year from the participant's enrolment on \(enrolled); "
                             + "give a day from \(bounds.lowerBound) to \(bounds.upperBound)")
        }
    }
}
