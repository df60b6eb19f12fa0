import CareModel
import Content

/// A participant's figures for the study index and their summary page,
/// computed from the store, with the day each latest value was answered.
public struct ParticipantSummary: Sendable {
    public var participant: Participant
    public var today: LocalDate
    public var isOnboarded: Bool
    /// Adherence over the last seven days up to today, and over the whole study.
    public var lastSevenDays: AdherenceRing?
    public var overall: AdherenceRing?
    /// The latest answer of each value the study charts, by series.
    public var latest: [(series: ChartSeries, value: OutcomeValue, day: LocalDate)]
    public var consentVersion: String?

    public init(participant: Participant, today: LocalDate, isOnboarded: Bool, lastSevenDays: AdherenceRing?,
                overall: AdherenceRing?, latest: [(series: ChartSeries, value: OutcomeValue, day: LocalDate)],
                consentVersion: String?) {
        self.participant = participant
        self.today = today
        self.isOnboarded = isOnboarded
        self.lastSevenDays = lastSevenDays
        self.overall = overall
        self.latest = latest
        self.consentVersion = consentVersion
    }

    /// The figures of `participant` as their feed and records show them today.
    public init(participant: Participant, feed: ParticipantFeed, outcomes: [Outcome], records: [ConsentRecord],
                study: Study) {
        self.participant = participant
        today = feed.today
        isOnboarded = feed.isOnboarded(on: feed.today)
        // Today is still open, so adherence counts the days before it.
        lastSevenDays = feed.adherence(from: max(participant.enrolledOn, feed.today.adding(days: -7)), to: feed.today)
        overall = feed.adherence(from: participant.enrolledOn, to: feed.today)
        var latest: [(ChartSeries, OutcomeValue, LocalDate)] = []
        var seen: Set<String> = []
        for series in study.insights.flatMap(\.series) where seen.insert(series.task + "/" + series.value).inserted {
            let answered = outcomes.filter { !$0.isDeleted && $0.taskID == series.task && $0.value(series.value) != nil }
                .max { ($0.eventDay, $0.eventStart) < ($1.eventDay, $1.eventStart) }
            if let answered, let value = answered.value(series.value) {
                latest.append((series, value, answered.eventDay))
            }
        }
        self.latest = latest
        consentVersion = records.last.map { "Version \($0.version)" }
    }
}
