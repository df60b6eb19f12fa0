/// How far a participant's days reach, written once for every path: the
/// days their pages show, the enrolment days a store may hold, the most
/// day feeds a participant can have.
public enum FeedBounds {
    /// Ten years, in days: the furthest back an enrolment can lie.
    public static let tenYears = 3653
    /// A year, in days: the furthest ahead a participant can be enrolled, and
    /// how far before enrolment a schedule can start.
    public static let yearAhead = 366
    /// The days past today a participant's feed shows: the week ahead.
    public static let weekAhead = 7
    /// The most day feeds one participant has: ten years and the week ahead,
    /// far more than a study runs, far fewer than a wrong enrolment day gives.
    public static let mostFeedDays = tenYears + weekAhead + 1

    /// The enrolment days a study can have on `today`: ten years back to a year ahead.
    public static func enrolment(today: LocalDate) -> ClosedRange<LocalDate> {
        today.adding(days: -tenYears)...today.adding(days: yearAhead)
    }

    /// The days a participant's own date (their surgery) may be: within a
    /// year of their enrolment, either way.
    public static func participantDate(enrolledOn: LocalDate) -> ClosedRange<LocalDate> {
        enrolledOn.adding(days: -yearAhead)...enrolledOn.adding(days: yearAhead)
    }

    /// The days a participant has a page for: enrolment to a week past
    /// today (or past enrolment, for one enrolled ahead).
    public static func pageDays(enrolledOn: LocalDate, today: LocalDate) -> ClosedRange<LocalDate> {
        enrolledOn...max(today, enrolledOn).adding(days: weekAhead)
    }
}
