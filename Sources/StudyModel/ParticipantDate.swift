/// A date each participant has, named in `study.yaml`'s `dates` (the day of
/// their surgery), that schedules may count from.
public struct ParticipantDate: Hashable, Sendable {
    public var id: String
    /// What the date is, in words: "Day of surgery".
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
