import Foundation

/// The header SQLite keeps at the start of a WAL store's shared-memory
/// index (`store.sqlite-shm`), read without a transaction.
///
/// Every commit, by any connection in any process, rewrites it: the commit
/// becomes visible to readers at the moment the header's two copies are
/// written (second copy first, then the first), and its change counter,
/// last frame and checksums never come back to an earlier value while the
/// file lives. So reading the header before reading the data tells exactly
/// whether anything was committed since the header was last seen, for the
/// price of one `pread`, where `PRAGMA data_version` opens a read transaction
/// and takes and releases a lock on the index. The layout is SQLite's
/// documented file format (https://sqlite.org/walformat.html, "The WAL-Index
/// Header"), which every SQLite since 3.7.0 shares with every other, since
/// processes of different versions use one index.
///
/// A header mid-write, or not in that format, reads as nil: the caller then
/// asks SQLite with a transaction instead. A header torn between two commits
/// can only differ from the last one seen, so it makes a cache reread what
/// had not changed, never keep what had.
final class CommitHeader: Sendable {
    /// One copy of the header: equal values mean no commit between the reads.
    struct Value: Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        static func == (a: Value, b: Value) -> Bool {
            a.words == b.words
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.2)
        }
    }

    private let descriptor: Int32

    /// Opens the index beside `databasePath`, which an open connection in
    /// WAL mode has made; nil when there is none to read.
    init?(databasePath: String) {
        let descriptor = open(databasePath + "-shm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The header as it stands, or nil when its two copies disagree (a
    /// commit is being written) or it is not a header SQLite made.
    func read() -> Value? {
        var copies = (Value(words: (0, 0, 0, 0, 0, 0)), Value(words: (0, 0, 0, 0, 0, 0)))
        let count = withUnsafeMutableBytes(of: &copies) { pread(descriptor, $0.baseAddress, $0.count, 0) }
        // iVersion, the first four bytes, is 3,007,000, and isInit, byte 12, is 1 once SQLite has built the index.
        let (version, initialized) = withUnsafeBytes(of: copies.0) { ($0.load(as: UInt32.self), $0[12]) }
        guard count == MemoryLayout.size(ofValue: copies), copies.0 == copies.1,
              version == 3_007_000, initialized == 1 else { return nil }
        return copies.0
    }
}
