import CSQLite
import CSQLiteShim

/// One SQLite connection. Owns its handle and the statements prepared on it;
/// not thread-safe by itself (`CareStore` serializes access).
final class Database {
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]
    let path: String

    /// Opens `path`, creating it unless `readOnly`, which also never writes
    /// to it, or `mustExist`.
    init(path: String, readOnly: Bool = false, mustExist: Bool = false) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (mustExist ? 0 : SQLITE_OPEN_CREATE)) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: "cannot open \(path): \(message)", sql: nil)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes the connection; later calls throw.
    func close() {
        statements.removeAll()
        if let handle {
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws {
        let handle = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, message: message.map { String(cString: $0) } ?? "unknown error", sql: sql)
        }
    }

    /// Runs a statement with parameters and returns its rows.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// Runs a statement with parameters and gives `body` each row in turn,
    /// read from SQLite only as far as `body` asks: for the largest reads,
    /// where copying every column of every row first cost a fifth of them.
    /// A row is valid only inside `body`, which must not query the database.
    func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            try body(statement.currentRow())
        }
    }

    /// Runs `body` reading one snapshot of the database: what other
    /// connections commit meanwhile is not seen.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { if let handle, sqlite3_get_autocommit(handle) == 0 { try? execute("COMMIT") } }
        return try body()
    }

    /// Runs `body` in an immediate transaction: all of it is committed, or
    /// none of it when it throws.

    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if let handle, sqlite3_get_autocommit(handle) == 0 {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// Rows changed by this connection since it opened.
    var totalChanges: Int64 {
        handle.map { Int64(sqlite3_total_changes($0)) } ?? 0
    }

    /// True when SQLite opened the file for reading only, e.g. because it is not writable.
    var isReadOnly: Bool {
        handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? false
    }

    /// SQLite's mapping of the first region of the WAL index, while this
    /// connection is open; nil when there is none. See `CommitHeader`.
    var walIndex: UnsafeRawPointer? {
        handle.flatMap { carefeed_wal_index($0) }
    }

    var lastInsertedRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    private func open() throws -> OpaquePointer {
        guard let handle else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "the store \(path) is closed", sql: nil)
        }
        return handle
    }

    private func prepared(_ sql: String) throws -> Statement {
        if let statement = statements[sql] {
            return statement
        }
        let handle = try open()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
        let prepared = Statement(handle: statement, connection: handle, sql: sql)
        statements[sql] = prepared
        return prepared
    }
}
