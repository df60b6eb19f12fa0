import CareModel

/// A task of the care plan as the feed reads it: its names, whether it counts toward
/// adherence, whether it is the onboarding task, and its schedules over time.
public struct PlannedTask: Hashable, Sendable {
    public var id: String
    public var title: String
    public var impactsAdherence: Bool
    /// The onboarding task gates the feed until it has an outcome and is then
    /// hidden, as ResearchKit onboarding precedes a CareKit feed.
    public var isOnboarding: Bool
    public var timeline: ScheduleTimeline
    /// How its cards work; a log never counts toward adherence.
    public var kind: TaskKind

    public init(id: String, title: String, impactsAdherence: Bool = true, isOnboarding: Bool = false,
                timeline: ScheduleTimeline, kind: TaskKind = .survey) {
        self.id = id
        self.title = title
        self.impactsAdherence = impactsAdherence
        self.isOnboarding = isOnboarding
        self.timeline = timeline
        self.kind = kind
    }
}
