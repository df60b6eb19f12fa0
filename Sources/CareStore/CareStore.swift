import CareModel
import Foundation
import Support

/// The care store: one SQLite file holding participants, task versions,
/// outcomes, consent records, permission grants and the audit log.
///
/// Guarantees: WAL with `synchronous=FULL`, so a write that returned is on
/// disk; at most one live outcome per participant, task and occurrence;
/// outcomes are deleted by tombstone; consent records, grants, task versions
/// and the audit log are append-only. Safe to share between threads: calls
/// are serialized on one connection.
public final class CareStore: @unchecked Sendable {
    // Unchecked because the connection is only ever touched with `lock` held.
    private let lock = NSLock()
    private var database: Database
    /// Counts the connections opened, so a change stamp never repeats across a reopen.
    private var generation = 0
    /// The store's commit header, read for a change stamp without a transaction; nil for a store opened only to read
    /// or not in WAL mode.
    private let commitHeader: CommitHeader?
    public let path: String
    /// Opened with `readingOnly`: never created, migrated or written.
    private let readingOnly: Bool
    /// Answers a hosted study asks on every request (whose session is this,
    /// has this participant changed), kept while nothing at all is written:
    /// a write anywhere, by any connection, changes the stamp and empties it.
    let memo = Locked(Memo())

    struct Memo {
        var stamp: ChangeStamp?
        /// Set by `close()`: answers are neither kept nor given.
        var closed = false
        var answers: [String: any Sendable] = [:]
        /// Few: whatever tokens clients invent, memory stays flat.
        static let capacity = 8_192
    }

    /// Opens the store at `path`, creating and migrating it as needed. A
    /// store whose file is read-only opens for reading; its writes fail with
    /// `SQLITE_READONLY` until the file is writable again.
    public init(path: String) throws {
        self.path = path
        self.readingOnly = false
        let database = try Self.connect(path)
        self.database = database
        // After the connection, which has read and so mapped the index.
        self.commitHeader = CommitHeader(databasePath: path, watching: database.walIndex)
    }

    /// Opens an existing store to read it as it is, for a command that must
    /// leave it alone (`check`): a missing file is an error, not a new store,
    /// an older schema is read without migrating it, and every write fails.
    public init(readingOnly path: String) throws {
        self.path = path
        self.readingOnly = true
        let database = try Database(path: path, readOnly: true)
        try database.execute("PRAGMA busy_timeout = 5000")
        let version = try Self.userVersion(of: database)
        guard version <= Schema.migrations.count else {
            throw CareStoreError.newerSchema(found: version, supported: Schema.migrations.count)
        }
        self.database = database
        self.commitHeader = nil
    }

    private static func connect(_ path: String) throws -> Database {
        let database = try Database(path: path)
        try database.execute("PRAGMA busy_timeout = 5000")
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = FULL")
        try database.execute("PRAGMA foreign_keys = ON")
        try migrate(database)
        // A store a development build left at version 8 with an index there instead gets the hosting tables now.
        if try database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'device_sessions'").isEmpty {
            try? database.transaction { try database.execute(Schema.version8) }
        }
        // A store on a read-only disk opens without them, only slower to read.
        try? database.execute(Schema.indexes)
        return database
    }

    /// Lets SQLite keep up to `megabytes` of the store's pages in memory,
    /// for a command that reads every participant's records once each, as
    /// `build` does: their rows lie interleaved through the tables, so with
    /// SQLite's default 2 MB each participant read most pages of the store
    /// again. Memory grows only as pages are read, to the store's size at most.
    public func keepPagesInMemory(megabytes: Int) throws {
        try read { try $0.execute("PRAGMA cache_size = -\(megabytes * 1024)") }
    }

    /// Closes the connection; every later call throws.
    public func close() {
        memo.update { $0 = Memo(closed: true) }
        commitHeader?.close()
        lock.withLock { database.close() }
    }

    /// The schema version this store is at.
    public func schemaVersion() throws -> Int {
        try read { try Self.userVersion(of: $0) }
    }

    /// Changes whenever this or any other connection commits a write: a
    /// reader's cache keyed by it is never stale.
    public struct ChangeStamp: Hashable, Sendable {
        enum Source: Hashable {
            /// The commit header, read without a transaction.
            case header(CommitHeader.Value)
            /// SQLite's counters, read in a transaction where the header cannot be read.
            case counters(connection: Int, otherConnections: Int64, thisConnection: Int64)
        }

        var source: Source
    }

    public func changeStamp() throws -> ChangeStamp {
        if let header = commitHeader?.read() {
            return ChangeStamp(source: .header(header))
        }
        return try read { database in
            ChangeStamp(source: .counters(connection: generation,
                                          otherConnections: try database.query("PRAGMA data_version")[0].integer("data_version"),
                                          thisConnection: database.totalChanges))
        }
    }

    /// `compute`'s answer, as last given while the store was unchanged.
    /// An answer is kept only if it is not nil, so invented tokens are not.
    /// `stamp`: the store's, read just before by the caller, to ask once for several answers.
    func remembered<T: Sendable>(_ key: String, stamp known: ChangeStamp? = nil, _ compute: () throws -> T?) throws -> T? {
        let stamp = try known ?? changeStamp()
        if let known = memo.update({ memo -> T? in
            if memo.stamp != stamp, !memo.closed { memo = Memo(stamp: stamp) }
            return memo.answers[key] as? T
        }) {
            return known
        }
        // Read after the stamp, each query in a read transaction of its own begun after it: a write between the two
        // leaves a newer answer under an older stamp, never the reverse.
        guard let answer = try compute() else { return nil }
        memo.update { memo in
            guard memo.stamp == stamp else { return }
            if memo.answers.count >= Memo.capacity { memo.answers = [:] }
            memo.answers[key] = answer
        }
        return answer
    }

    /// `ok`, or SQLite's list of what is wrong with the file.
    public func integrityCheck() throws -> [String] {
        try read { try $0.query("PRAGMA integrity_check").map { try $0.text("integrity_check") } }
    }

    // MARK: Several records at once

    /// Writes many records in one transaction, as an import or the demo
    /// does: all of them, or none when any is refused.
    public func addBatch(participants: [Participant], consentRecords: [ConsentRecord],
                         permissionGrants: [PermissionGrant], outcomes: [(outcome: NewOutcome, createdAt: Date)]) throws {
        try write { database in
            for participant in participants {
                try Self.insertParticipant(participant, into: database)
                // Given on the day they enrolled, as an invitation gives them.
                let enrolled = participant.timeZone.instant(of: participant.enrolledOn, at: LocalTime(hour: 8, minute: 0)!)
                for (id, day) in participant.dates.sorted(by: { $0.key < $1.key }) {
                    _ = try Self.setDate(id, to: day, participantID: participant.id, at: enrolled, source: .invite, in: database)
                }
            }
            for record in consentRecords {
                _ = try Self.insertConsentRecord(record, into: database)
            }
            for grant in permissionGrants {
                _ = try Self.insertPermissionGrant(grant, into: database)
            }
            for (outcome, createdAt) in outcomes {
                _ = try Self.insertOutcome(outcome, at: createdAt, into: database)
            }
        }
    }

    // MARK: Internals

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock { try body(database) }
    }

    /// Runs `body` in a transaction. A connection that opened read-only is
    /// reopened first, so a store made writable again needs no restart.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock {
            if !readingOnly, database.isReadOnly, let reopened = try? Self.connect(path), !reopened.isReadOnly {
                database = reopened
                generation += 1
                // A file put in the store's place meanwhile is another index: its commits would not move the header.
                if let commitHeader, !commitHeader.watches(database.walIndex) { commitHeader.close() }
            }
            return try database.transaction { try body(database) }
        }
    }

    /// 32 bytes from the system's generator, in hex.
    private static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The key that seals the site's build manifest; nil for a store of an
    /// older schema opened only to read, whose site is then built whole.
    public func siteKey() throws -> [UInt8]? {
        try read { database in
            guard try Self.userVersion(of: database) >= 11,
                  let hex = try database.query("SELECT key FROM site_key WHERE id = 1").first?.text("key"), hex.utf8.count == 64
            else { return nil }
            let digits = Array(hex.utf8)
            let key = stride(from: 0, to: 64, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
            // A key edited into something else is no key: the site is then built whole each time.
            return key.count == 32 ? key : nil
        }
    }

    static func userVersion(of database: Database) throws -> Int {
        try database.query("PRAGMA user_version")[0].int("user_version")
    }

    private static func migrate(_ database: Database) throws {
        let current = try userVersion(of: database)
        guard current <= Schema.migrations.count else {
            throw CareStoreError.newerSchema(found: current, supported: Schema.migrations.count)
        }
        for (index, migration) in Schema.migrations.enumerated().dropFirst(current) {
            try database.transaction {
                try database.execute(migration)
                if index + 1 == 10 {
                    // The entries the store had become the start of their chains.
                    try AuditChain.chainExisting(in: database)
                    try database.execute(Schema.version10Sealed)
                }
                if index + 1 == 11 {
                    try database.query("INSERT INTO site_key (id, key) VALUES (1, ?)", [.text(Self.newKey())])
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }
}
