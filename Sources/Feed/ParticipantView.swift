import CareModel
import StudyModel

/// One participant as one reader sees them, made once: their answers with
/// the scores worked out and every value they do not share with that reader
/// left out, the history their audit trail shows, their feed and where
/// their pages reach. Pages and exports take this view rather than the
/// store's records and a `Sharing` of their own, so none of them can show a
/// value its reader may not see.
public struct ParticipantView: Sendable {
    /// Who reads the participant's data.
    public enum Audience: Hashable, Sendable {
        /// The participant, on their own pages and in their own download: all they gave.
        case participant
        /// The study team, on the site or in an export: only what the participant shares with it.
        case studyTeam
    }

    public let participant: Participant
    public let today: LocalDate
    /// What the participant shares with the audience: what says "not shared"
    /// or "not chosen yet" where a value is left out. Its values are gone already.
    public let sharing: Sharing
    /// Live outcomes in event order, each with its scores after its answers
    /// (a score that tells of a value not shared is not worked out), and only
    /// the values the audience may see.
    public let outcomes: [Outcome]
    /// Live and deleted outcomes as stored, unscored, with only the values
    /// the audience may see: what the audit trail and exports list.
    public let history: [Outcome]
    public let consentRecords: [ConsentRecord]
    public let permissionGrants: [PermissionGrant]
    public let withdrawal: Withdrawal?
    public let auditLog: [AuditEntry]
    /// Every value their own dates were given, for the audit trail.
    public let dateChanges: [DateChange]
    public let feed: ParticipantFeed
    /// Where they stand on their today.
    public let standing: Standing

    /// - Parameter plan: the study's plan, whose versions score each outcome
    ///   and whose health permissions decide what is shared.
    public init(participant: Participant, records: ParticipantRecords, plan: CarePlan, today: LocalDate, audience: Audience) {
        self.participant = participant
        self.today = today
        let sharing = switch audience {
        case .participant: Sharing.everything
        case .studyTeam: Sharing(plan: plan, participantID: participant.id, grants: records.permissionGrants)
        }
        self.sharing = sharing
        // A score is worked out before the values it tells of are dropped, and only when all of them are shared.
        outcomes = records.liveOutcomes.map { sharing.shared(plan.scored($0, sharing: sharing)) }
        history = records.outcomes.map(sharing.shared)
        consentRecords = records.consentRecords
        permissionGrants = records.permissionGrants
        withdrawal = records.withdrawal
        auditLog = records.auditLog
        dateChanges = records.dateChanges
        feed = plan.feed(for: participant, outcomes: outcomes, today: today, withdrawal: records.withdrawal)
        standing = Standing(feed: feed, records: records.consentRecords, documents: plan.study.consentDocuments,
                            withdrawal: records.withdrawal)
    }

    /// The figures of the study index and the participant's summary page.
    public func summary(study: Study) -> ParticipantSummary {
        ParticipantSummary(participant: participant, feed: feed, outcomes: outcomes, records: consentRecords,
                           standing: standing, sharing: sharing, study: study)
    }

    /// What the participant adds to the study's overview.
    public func overview(series: [OverviewSeries], questions: [OverviewQuestion]) -> ParticipantOverview {
        ParticipantOverview(feed: feed, outcomes: outcomes, standing: standing, signed: !consentRecords.isEmpty,
                            withdrawal: withdrawal, sharing: sharing, series: series, questions: questions)
    }
}
