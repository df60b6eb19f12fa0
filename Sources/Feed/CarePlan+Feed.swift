import CareModel
import StudyModel

extension CarePlan {
    /// The feed of one participant.
    public func feed(for participant: Participant, outcomes: [Outcome], today: LocalDate,
                     withdrawal: Withdrawal? = nil) -> ParticipantFeed {
        ParticipantFeed(participant: participant, tasks: tasks, outcomes: outcomes, today: today, withdrawal: withdrawal)
    }
}
