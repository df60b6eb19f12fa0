import CSQLite

/// One SQLite connection. Owns its handle and the statements prepared on it;
/// not thread-safe by itself (`CareStore` serializes access).
final class Database {
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]
    let path: String

    init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
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

/// A prepared statement; finalized when released.
final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
            case .real(let real): sqlite3_bind_double(handle, index, real)
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, Statement.transient)
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Advances to the next row: true when there is one, false when done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    func row() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_NULL: values.append(.null)
            default: values.append(.text(String(cString: sqlite3_column_text(handle, column))))
            }
        }
        return Row(values: values)
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(code: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value bound to or read from SQLite.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }
}

/// One row of a query's result, by column position.
struct Row {
    var values: [SQLValue]

    subscript(_ column: Int) -> SQLValue {
        values[column]
    }
}

/// An SQLite failure with its extended result code, message and statement.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String
    public var sql: String?

    /// The primary result code, e.g. `SQLITE_CONSTRAINT` for every constraint failure.
    public var primaryCode: Int32 { code & 0xff }

    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// The storage under the store failed (full, read-only, I/O error, gone):
    /// nothing was written, and trying again later may work.
    public var isStorageFailure: Bool {
        [SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_CORRUPT].contains(primaryCode)
    }
    // Extended codes are function-like macros that Swift does not import.
    var isUniqueViolation: Bool { code == SQLITE_CONSTRAINT | (8 << 8) }
    var isForeignKeyViolation: Bool { code == SQLITE_CONSTRAINT | (3 << 8) }

    public var description: String {
        let statement = sql.map { " (in: \($0.split(separator: "\n").first.map(String.init) ?? $0))" } ?? ""
        return "SQLite error \(code): \(message)\(statement)"
    }
}
