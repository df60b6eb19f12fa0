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

    struct Failure: Error {
        var message: String
    }
}
