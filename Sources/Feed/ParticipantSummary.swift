import CareModel
import StudyModel

/// A participant's figures for the study index and their summary page,
/// computed from the store, with the day each latest value was answered.
public struct ParticipantSummary: Sendable {
    public var participant: Participant
    public var today: LocalDate
    public var isOnboarded: Bool
    /// Adherence over the last seven days up to today, and over the whole study.
    public var lastSevenDays: AdherenceRing?
    public var overall: AdherenceRing?
    /// The latest answer of each value the study charts and the participant shares, by series.
    public var latest: [(series: ChartSeries, value: OutcomeValue, day: LocalDate)]
    /// The charted series the participant declined to share: shown as "Not shared", never a value.
    public var notShared: [ChartSeries]
    /// The charted series whose sharing the participant has not chosen yet
    /// (before joining): not shown either, and never called a decline.
    public var notChosen: [ChartSeries]
    public var consentVersion: String?
    public var standing: Standing
    /// The last day with an answer to any task; nil when there is none.
    public var lastAnswer: LocalDate?
    /// The study's flags raised for the participant, and those not checked
    /// because they read a value the participant does not share.
    public var flags: [ParticipantFlag]

    public init(participant: Participant, today: LocalDate, isOnboarded: Bool, lastSevenDays: AdherenceRing?,
                overall: AdherenceRing?, latest: [(series: ChartSeries, value: OutcomeValue, day: LocalDate)],
                notShared: [ChartSeries], notChosen: [ChartSeries] = [], consentVersion: String?, standing: Standing,
                lastAnswer: LocalDate?, flags: [ParticipantFlag]) {
        self.participant = participant
        self.today = today
        self.isOnboarded = isOnboarded
        self.lastSevenDays = lastSevenDays
        self.overall = overall
        self.latest = latest
        self.notShared = notShared
        self.notChosen = notChosen
        self.consentVersion = consentVersion
        self.standing = standing
        self.lastAnswer = lastAnswer
        self.flags = flags
    }

    /// The figures of `participant` as their feed and records show them
    /// today, with only the values `sharing` lets the study team see.
    public init(participant: Participant, feed: ParticipantFeed, outcomes: [Outcome], records: [ConsentRecord],
                standing: Standing, sharing: Sharing, study: Study) {
        self.participant = participant
        today = feed.today
        isOnboarded = feed.isOnboarded(on: feed.today)
        // Up to their today, by the rule the overview and events.csv count by: an event still open is not due yet.
        let rings = feed.adherence(ofRanges: [
            (max(participant.enrolledOn, feed.today.adding(days: -6)), feed.today),
            (max(participant.enrolledOn, FeedBounds.enrolment(today: feed.today).lowerBound), feed.today),
        ])
        (lastSevenDays, overall) = (rings[0], rings[1])
        var latest: [(ChartSeries, OutcomeValue, LocalDate)] = []
        var notShared: [ChartSeries] = [], notChosen: [ChartSeries] = []
        var seen: Set<String> = []
        // A log's entries a day have no latest value: their chart shows them.
        for series in study.insights.flatMap(\.series) where series.measure != .entries
            && seen.insert(series.task + "/" + series.value).inserted {
            switch sharing.withholding(series) {
            case .declined?:
                notShared.append(series)
                continue
            case .notChosen?:
                notChosen.append(series)
                continue
            case nil:
                break
            }
            let answered = outcomes.filter { !$0.isDeleted && $0.taskID == series.task && $0.value(series.value) != nil }
                .max { ($0.eventDay, $0.eventStart) < ($1.eventDay, $1.eventStart) }
            if let answered, let value = answered.value(series.value) {
                latest.append((series, value, answered.eventDay))
            }
        }
        self.latest = latest
        self.notShared = notShared
        self.notChosen = notChosen
        consentVersion = records.last.map(\.version)
        self.standing = standing
        lastAnswer = outcomes.filter { !$0.isDeleted && $0.eventDay <= feed.today }.map(\.eventDay).max()
        // An alert an answer raised comes first: it is what the team should see at once.
        flags = ParticipantFlag.alerts(study, feed: feed, outcomes: outcomes)
            + ParticipantFlag.check(study.flags, feed: feed, outcomes: outcomes, sharing: sharing)
            + ParticipantFlag.missedVisits(feed)
    }

    /// The flags that are raised, without those not checked.
    public var raisedFlags: [ParticipantFlag] {
        flags.filter(\.isRaised)
    }
}
