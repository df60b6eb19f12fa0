import Foundation

/// A person enrolled in the study, seen on their own wall clock.
public struct Participant: Hashable, Sendable {
    public var id: String
    public var name: String
    public var timeZone: TimeZone
    /// The local day of enrollment: day 1 of the study for this participant.
    public var enrolledOn: LocalDate
    /// The BCP 47 tag of the language the participant chose, such as `de-DE`;
    /// nil until they choose, when their browser's preference is followed.
    public var language: String?
    /// The participant's own dates that schedules count from (`dates:` in
    /// `study.yaml`), by id, once given; each as last set.
    public var dates: [String: LocalDate]
    /// What each date was before it last changed (surgery postponed), for
    /// the clinician's pages; absent for a date given once.
    public var earlierDates: [String: LocalDate] = [:]
    /// The dates the study team gave (`invite --date`), not the participant
    /// in onboarding: those onboarding does not ask.
    public var datesFromTheTeam: Set<String> = []

    public init(id: String, name: String, timeZone: TimeZone, enrolledOn: LocalDate, language: String? = nil,
                dates: [String: LocalDate] = [:]) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.enrolledOn = enrolledOn
        self.language = language
        self.dates = dates
    }

    /// What the participant's schedules count from.
    public var scheduleDates: ScheduleDates {
        ScheduleDates(enrollment: enrolledOn, named: dates)
    }

    /// The local day in the participant's zone at `instant`.
    public func today(at instant: Date) -> LocalDate {
        timeZone.localDate(of: instant)
    }

    /// Day of the study, counting the enrollment day as day 1.
    public func dayOfStudy(_ day: LocalDate) -> Int {
        enrolledOn.days(to: day) + 1
    }
}
