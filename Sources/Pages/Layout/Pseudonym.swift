import CareModel

/// How the clinicians' site names a participant: by study ID only, unless
/// the site is built with names for a team allowed to see them.
enum Pseudonym {
    /// `Participant r001`, or `Maya Alvarez (r001)` with names.
    static func label(_ participant: Participant, reader: Reader) -> String {
        reader.showsNames ? reader.words(.nameAndID, ["name": participant.name, "id": participant.id])
            : reader.words(.participantID, ["id": participant.id])
    }

    /// A page's heading and title: `Participant r001`, or `Maya Alvarez` with names.
    static func heading(_ participant: Participant, reader: Reader) -> String {
        reader.showsNames ? participant.name : reader.words(.participantID, ["id": participant.id])
    }
}
