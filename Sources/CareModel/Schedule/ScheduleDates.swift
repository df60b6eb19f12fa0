/// The days a participant's schedules count from: their enrolment, and the
/// dates the study names for each participant (`dates:` in `study.yaml`),
/// such as the day of their surgery, once they are known.
public struct ScheduleDates: Hashable, Sendable {
    public var enrollment: LocalDate
    /// By the date's id; a date not yet given is absent.
    public var named: [String: LocalDate]

    public init(enrollment: LocalDate, named: [String: LocalDate] = [:]) {
        self.enrollment = enrollment
        self.named = named
    }
}
