import CareModel
import Foundation

extension CareStore {
    /// Records a participant's withdrawal and its audit row; a second one is refused.
    public func withdraw(_ withdrawal: Withdrawal) throws {
        try write { database in
            guard try database.query("SELECT 1 FROM withdrawals WHERE participant_id = ?",
                                     [.text(withdrawal.participantID)]).isEmpty else {
                throw CareStoreError.alreadyWithdrawn(withdrawal.participantID)
            }
            try Self.insertWithdrawal(withdrawal, into: database)
        }
    }

    static func insertWithdrawal(_ withdrawal: Withdrawal, into database: Database) throws {
        try database.query("INSERT INTO withdrawals (participant_id, withdrawn_at, reason) VALUES (?, ?, ?)",
                           [.text(withdrawal.participantID), .text(Timestamp.utc(withdrawal.withdrawnAt)),
                            withdrawal.reason.map(SQLValue.text) ?? .null])
        try audit(database, at: withdrawal.withdrawnAt, participantID: withdrawal.participantID,
                  action: .participantWithdraw, subject: .participant(id: withdrawal.participantID), detail: withdrawal.reason)
    }

    /// Every withdrawal, or one participant's.
    public func withdrawals(participantID: String? = nil) throws -> [Withdrawal] {
        try read { try Self.withdrawals(in: $0, participantID: participantID) }
    }

    static func withdrawals(in database: Database, participantID: String?) throws -> [Withdrawal] {
        let filter = participantID == nil ? "" : "WHERE participant_id = ?"
        return try database.query("SELECT participant_id, withdrawn_at, reason FROM withdrawals \(filter) ORDER BY participant_id",
                                  participantID.map { [.text($0)] } ?? []).map(Withdrawal.init(row:))
    }
}

extension Withdrawal {
    /// Reads a row of `withdrawals`.
    init(row: Row) throws {
        self.init(participantID: try row.text("participant_id"), withdrawnAt: try row.date("withdrawn_at"),
                  reason: try row.optionalText("reason"))
    }
}
