import CSQLite
import Glibc

/// A prepared statement; finalized when released.
final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    let sql: String
    /// Result column names, in order.
    private let columns: [String]
    /// Whether no two result columns share a name, so that a column found is the only one of its name.
    let namesAreDistinct: Bool
    /// Where a row read as it is asked looks first for the next column asked:
    /// the one after the last found, as reads mostly go in the query's order.
    var nextColumn = 0

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
        columns = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        namesAreDistinct = Set(columns).count == columns.count
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

    /// The current row, after `step` returned true.
    func row() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLValue] = []
        var notUTF8: [Int] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            if let value = value(at: column) {
                values.append(value)
            } else {
                notUTF8.append(Int(column))
                values.append(.text(""))
            }
        }
        return Row(sql: sql, columns: columns, values: values, notUTF8: notUTF8)
    }

    /// The current row, read column by column as it is asked: valid only
    /// until the statement steps again.
    func currentRow() -> Row {
        Row(current: self, columns: columns)
    }

    /// `read` of a text column's bytes, in place; nil for any other type.
    func withText<T>(at column: Int32, _ read: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        return read(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// A column of the current row; nil for text whose bytes are not UTF-8.
    func value(at column: Int32) -> SQLValue? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_NULL: return .null
        default:
            // By its length, not up to a NUL: a file another program wrote may hold one, which a check must see.
            // The text first, then its length, as SQLite asks.
            // Bytes that are not UTF-8 are kept out of every reading rather than silently replaced.
            let text = sqlite3_column_text(handle, column)
            let bytes = Int(sqlite3_column_bytes(handle, column))
            guard let text else { return .text("") }
            return Self.validUTF8(UnsafeBufferPointer(start: text, count: bytes)).map { .text($0) }
        }
    }

    /// The text the bytes spell, or nil where they are not UTF-8. Decoding
    /// replaces what is not UTF-8, so text equal to its bytes was valid:
    /// decoding is the standard library's fast path, where `String(validating:)`
    /// took a generic one that was a tenth of reading a participant's records.
    static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var decoded = String(decoding: bytes, as: UTF8.self)
        let same = decoded.withUTF8 { text in
            text.count == bytes.count && (bytes.isEmpty || memcmp(text.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return same ? decoded : nil
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
