import CSQLite

/// An SQLite failure with its extended result code, message and statement.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String
    public var sql: String?

    /// The primary result code, e.g. `SQLITE_CONSTRAINT` for every constraint failure.
    public var primaryCode: Int32 { code & 0xff }

    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// The file is not a SQLite database (or is encrypted).
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
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
