import CareStore
import CSQLite
import Foundation
import Testing
import TestSupport

/// `carefeed verify`: 0 and each chain's head for the demo's store as
/// written; 1 and the entry named after an answer is edited.
@Suite struct VerifyCommandTests {
    @Test func theDemosStoreVerifiesAndAnEditedAnswerIsNamed() throws {
        let folder = try TemporaryDirectory()
        let store = folder.path + "/care.sqlite"
        #expect(Run("demo", "--store", store, "--participants", "4", "--days", "10", "--today", "2026-11-30").status == 0)
        let verified = Run("verify", "--store", store)
        #expect(verified.status == 0 && verified.error.isEmpty)
        #expect(verified.out.contains("chains and 3 consent records, all as written") && verified.out.contains("  r001: "))
        let database = try CareStore(path: store)
        let answer = try #require(try database.outcomes(participantID: "r002").first { $0.taskID == "checkIn" })
        database.close()
        var sqlite: OpaquePointer?
        #expect(sqlite3_open(store, &sqlite) == SQLITE_OK)
        defer { sqlite3_close(sqlite) }
        #expect(sqlite3_exec(sqlite, "DROP TRIGGER outcome_values_no_update; "
                             + "UPDATE outcome_values SET value = 0 WHERE outcome_id = \(answer.id) AND kind = 'pain'", nil, nil, nil) == SQLITE_OK)
        let edited = Run("verify", "--store", store)
        #expect(edited.status == 1)
        #expect(edited.error.contains("participant r002, outcome.add checkIn#\(answer.occurrence)")
                && edited.error.contains("the record it logs (an answer and its values) was changed after it was logged"))
    }
}
