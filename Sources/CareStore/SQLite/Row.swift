/// One row of a query's result: each column's value by the name the query
/// gives it. Its accessors throw `CareStoreError.damagedRow`, naming the
/// column and the query, when a column is missing or holds NULL or a value
/// of another type, so a damaged row is never read as a believable one.
struct Row {
    /// The statement that produced the row, for errors.
    let sql: String
    /// Column names in order, shared by every row of a statement. A query
    /// names a dozen columns, short enough that comparing names one by one
    /// is quicker than hashing the name asked for.
    let columns: [String]
    private let source: Source

    private enum Source {
        /// Each column's value, read when the statement stepped to the row;
        /// `notUTF8`: positions of text columns whose bytes are not UTF-8,
        /// which a file another program wrote may hold: reading one throws.
        case kept(values: [SQLValue], notUTF8: [Int])
        /// The statement's current row, each column read when asked: valid
        /// only until the statement steps again (`Database.forEachRow`).
        case current(Statement)
    }

    init(sql: String, columns: [String], values: [SQLValue], notUTF8: [Int] = []) {
        self.sql = sql
        self.columns = columns
        source = .kept(values: values, notUTF8: notUTF8)
    }

    init(current statement: Statement, columns: [String]) {
        sql = statement.sql
        self.columns = columns
        source = .current(statement)
    }

    /// The column's value as SQLite holds it.
    func value(_ column: String) throws -> SQLValue {
        guard let position = position(column) else {
            throw damaged(column, "is not in the result")
        }
        let value: SQLValue? = switch source {
        case .kept(let values, let notUTF8): notUTF8.contains(position) ? nil : values[position]
        case .current(let statement): statement.value(at: Int32(position))
        }
        guard let value else {
            throw damaged(column, "holds text that is not valid UTF-8, which CareFeed never writes")
        }
        return value
    }

    /// `read` of the column's text as UTF-8, in place, for a row read as it
    /// is asked; nil for a kept row, a column that is missing or holds no
    /// text, or where `read` gives nil.
    func utf8<T>(_ column: String, _ read: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard case .current(let statement) = source, let position = position(column) else { return nil }
        return statement.withText(at: Int32(position), read)
    }

    private func position(_ column: String) -> Int? {
        // Where two columns share a name, the first. Lengths first: most names differ in theirs.
        let length = column.utf8.count
        guard case .current(let statement) = source else {
            return columns.firstIndex { $0.utf8.count == length && $0 == column }
        }
        // Columns are mostly asked for in the order the query names them: the one after the last asked first.
        let next = statement.nextColumn
        if statement.namesAreDistinct, next < columns.count, columns[next].utf8.count == length, columns[next] == column {
            statement.nextColumn = next + 1
            return next
        }
        // Or the last one asked again, as a column that may be NULL is: first whether it is, then its value.
        if statement.namesAreDistinct, next > 0, next <= columns.count, columns[next - 1].utf8.count == length, columns[next - 1] == column {
            return next - 1
        }
        let position = columns.firstIndex { $0.utf8.count == length && $0 == column }
        statement.nextColumn = (position ?? -1) + 1
        return position
    }

    /// True when the column holds NULL.
    func isNull(_ column: String) throws -> Bool {
        try value(column) == .null
    }

    func text(_ column: String) throws -> String {
        switch try value(column) {
        case .text(let text): text
        case let other: throw mismatch(column, other, expected: "text")
        }
    }

    /// For a column the schema lets be NULL.
    func optionalText(_ column: String) throws -> String? {
        try isNull(column) ? nil : text(column)
    }

    func integer(_ column: String) throws -> Int64 {
        switch try value(column) {
        case .integer(let integer): integer
        case let other: throw mismatch(column, other, expected: "an integer")
        }
    }

    func int(_ column: String) throws -> Int {
        Int(try integer(column))
    }

    /// A real, or an integer as a real: widening an integer loses nothing.
    func real(_ column: String) throws -> Double {
        switch try value(column) {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        case let other: throw mismatch(column, other, expected: "a real")
        }
    }

    /// A boolean stored as the integer 0 or 1.
    func bool(_ column: String) throws -> Bool {
        switch try integer(column) {
        case 0: false
        case 1: true
        case let other: throw damaged(column, "holds \(other), not 0 or 1")
        }
    }

    /// The column's text made into a value by `parse`; `expected` names what
    /// the text should be (`a time`, `a calendar day`) when it is not.
    func parsed<T>(_ column: String, as expected: String, _ parse: (String) -> T?) throws -> T {
        let text = try text(column)
        guard let value = parse(text) else {
            throw damaged(column, "holds \"\(text)\", not \(expected)")
        }
        return value
    }

    /// For a column the schema lets be NULL.
    func optionalParsed<T>(_ column: String, as expected: String, _ parse: (String) -> T?) throws -> T? {
        try isNull(column) ? nil : parsed(column, as: expected, parse)
    }

    func damaged(_ column: String, _ problem: String) -> CareStoreError {
        .damagedRow(column: column, problem: problem, sql: sql)
    }

    // The message names the type found, not the value: a value in the wrong
    // column may be a participant's answer, and errors reach logs.
    private func mismatch(_ column: String, _ found: SQLValue, expected: String) -> CareStoreError {
        damaged(column, found == .null ? "is NULL" : "holds \(found.typeName), not \(expected)")
    }
}
