import CareModel
import Foundation

/// A participant's own dates, such as the day of their surgery: each value
/// given is kept, the last one counts, and every change is in the audit log.
extension CareStore {
    /// Gives a participant's date `dateID` the value `day`; a value equal to
    /// the present one changes nothing. Returns whether it changed.
    @discardableResult
    public func setDate(_ dateID: String, to day: LocalDate, participantID: String, at instant: Date,
                        source: DateSource) throws -> Bool {
        try write { database in try Self.setDate(dateID, to: day, participantID: participantID, at: instant,
                                                 source: source, in: database) }
    }

    static func setDate(_ dateID: String, to day: LocalDate, participantID: String, at instant: Date, source: DateSource,
                        in database: Database) throws -> Bool {
        let before = try database.query("""
            SELECT day FROM participant_dates WHERE participant_id = ? AND date_id = ? ORDER BY set_at DESC, rowid DESC LIMIT 1
            """, [.text(participantID), .text(dateID)]).first.map { try $0.localDate("day") }
        guard before != day else { return false }
        try database.query("""
            INSERT INTO participant_dates (participant_id, date_id, day, set_at, source) VALUES (?, ?, ?, ?, ?)
            """, [.text(participantID), .text(dateID), .text(day.description), .text(Timestamp.utc(instant)), .text(source.rawValue)])
        try audit(database, at: instant, participantID: participantID, action: .participantDate,
                  subject: .participant(id: participantID),
                  detail: "\(dateID) \(day)" + (before.map { " (was \($0))" } ?? ""))
        return true
    }

    /// Every value the participant's dates were given, oldest first.
    public func dateHistory(participantID: String) throws -> [DateChange] {
        try read { database in try Self.dateChanges(in: database, participantID: participantID) }
    }

    static func dateChanges(in database: Database, participantID: String) throws -> [DateChange] {
        try database.query("""
            SELECT date_id, day, set_at, source FROM participant_dates WHERE participant_id = ? ORDER BY set_at, rowid
            """, [.text(participantID)]).map { row in
            DateChange(participantID: participantID, dateID: try row.text("date_id"), day: try row.localDate("day"),
                       setAt: try row.date("set_at"), source: try row.parsed("source", as: "who gave a date", DateSource.init(rawValue:)))
        }
    }

    /// The present value of every participant's dates, by participant, and
    /// what each was before it last changed, and which the study team gave.
    static func presentDates(in database: Database, participantID: String? = nil) throws -> [String: HeldDates] {
        var dates: [String: HeldDates] = [:]
        let filter = participantID == nil ? "" : "WHERE participant_id = ?"
        for row in try database.query("""
            SELECT participant_id, date_id, day, source FROM participant_dates \(filter) ORDER BY set_at, rowid
            """, participantID.map { [.text($0)] } ?? []) {
            let participant = try row.text("participant_id"), id = try row.text("date_id")
            var entry = dates[participant] ?? HeldDates()
            if let before = entry.present[id] { entry.earlier[id] = before }
            entry.present[id] = try row.localDate("day")
            if try row.text("source") == DateSource.participant.rawValue { entry.fromTheTeam.remove(id) } else { entry.fromTheTeam.insert(id) }
            dates[participant] = entry
        }
        return dates
    }
}

/// A participant's dates as the store holds them: each as last given, what
/// it was before, and which the study team gave.
struct HeldDates {
    var present: [String: LocalDate] = [:]
    var earlier: [String: LocalDate] = [:]
    var fromTheTeam: Set<String> = []

    /// `participant` with these dates.
    func given(to participant: Participant) -> Participant {
        var participant = participant
        participant.dates = present
        participant.earlierDates = earlier
        participant.datesFromTheTeam = fromTheTeam
        return participant
    }
}
