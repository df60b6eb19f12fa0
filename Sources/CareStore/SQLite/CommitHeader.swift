import CSQLiteShim
import Foundation

/// The header SQLite keeps at the start of a WAL store's shared-memory
/// index, read without a transaction.
///
/// Every commit, by any connection in any process, rewrites it: the commit
/// becomes visible to readers at the moment the header's two copies are
/// written (the second copy first, then the first). Its salts change with
/// every restart of the log and its last frame and checksum with every
/// commit, so while this process keeps the index open it never comes back to
/// a value it had. Reading it before the data therefore tells exactly
/// whether anything was committed since it was last seen, for the price of
/// 96 bytes read from memory, where `PRAGMA data_version` opens a read
/// transaction and takes and releases a lock on the index.
///
/// The index is the one SQLite maps, reached through a connection of this
/// header's own, so no file of SQLite's is opened or closed behind its back
/// (closing any descriptor of a file drops the process's locks on it). A
/// header mid-write reads as nil, and the caller asks SQLite instead; a
/// header read just before a commit only makes a cache read again what had
/// not changed, never keep what had.
final class CommitHeader: @unchecked Sendable {
    // Unchecked because `connection` and `index` change only in `close()`, with `lock` held for writing.
    /// One copy of the header: equal values mean no commit between the reads.
    struct Value: Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

        static func == (a: Value, b: Value) -> Bool {
            a.words == b.words
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.2)
        }
    }

    /// Open only to keep SQLite's mapping of the index: the mapping lasts while it does.
    private var connection: Database?
    private var index: UnsafeRawPointer?
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    /// The header of the store at `databasePath`, whose index SQLite maps at
    /// `watched` for the caller's connection: nil unless this header's own
    /// connection finds that very index (the same file, in WAL mode, with
    /// normal locking, through the unix VFS).
    init?(databasePath: String, watching watched: UnsafeRawPointer?) {
        guard let watched, let connection = try? Database(path: databasePath, mustExist: true) else { return nil }
        // A store another process is recovering is read once it is done, as the store's own connection waits for it.
        try? connection.execute("PRAGMA busy_timeout = 5000")
        guard (try? connection.query("PRAGMA journal_mode").first?.text("journal_mode")) == "wal",
              (try? connection.query("PRAGMA locking_mode").first?.text("locking_mode")) == "normal",
              // A read opens the log and maps the index.
              (try? connection.query("SELECT count(*) FROM sqlite_master")) != nil,
              connection.walIndex == watched else {
            return nil
        }
        self.connection = connection
        self.index = watched
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        close()
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// The header as it stands, or nil when its two copies disagree (a commit
    /// is writing it), or after `close()`.
    func read() -> Value? {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        guard let index else { return nil }
        var value = Value()
        let agreed = withUnsafeMutableBytes(of: &value.words) { carefeed_wal_header(index, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return agreed == 1 ? value : nil
    }

    /// True while this header reads the index SQLite maps at `other`.
    func watches(_ other: UnsafeRawPointer?) -> Bool {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return index != nil && index == other
    }

    /// Lets the index go; later reads are nil. Safe while other threads read.
    func close() {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        index = nil
        connection?.close()
        connection = nil
    }
}
