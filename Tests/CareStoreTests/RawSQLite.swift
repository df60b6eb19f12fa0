import CSQLite

/// A second, plain connection to a store file, to try what the store API
/// never does (UPDATE a consent record, DELETE an audit row) and see SQLite refuse it.
final class RawSQLite {
    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure(message: "cannot open \(path)") }
    }

    deinit {
        sqlite3_close(handle)
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw Failure(message: message.map { String(cString: $0) } ?? "error \(code)")
        }
    }

    /// Takes a store back to schema version 3: the audit log without its
    /// typed subject columns, as CareFeed wrote it before them.
    func dropTypedAuditColumns() throws {
        try execute(["task_id", "occurrence", "outcome_id", "task_version", "document_id", "document_version", "permission_id"]
            .map { "ALTER TABLE audit_log DROP COLUMN \($0);" }.joined() + "PRAGMA user_version = 3")
    }

    struct Failure: Error {
        var message: String
    }
}
