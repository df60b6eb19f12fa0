import Foundation
import Glibc
import Support

/// Whether any process wrote the store's files since a stamp was read, in
/// one system call and no lock: the kernel's inotify watches the store's
/// folder. A commit, by this process or another, writes the write-ahead log
/// with `write`, and the kernel queues that event before `write` returns,
/// so a commit finished before a request's check is one the check sees;
/// asking SQLite instead (`PRAGMA data_version`) opened a read transaction
/// under the store's lock on every request, which two threads waited on.
/// Any event in the folder counts, so a stamp may change with no change to
/// the data (an answer is then worked out again), never the reverse.
final class StoreWatch: Sendable {
    private let descriptor: Int32
    /// Counts the writes seen: the stamp.
    private let writes = Locked(Int64(0))
    /// Held while the queue is drained, so no thread finds it empty before the count went up.
    private let draining = Locked(())

    /// Nil where the folder cannot be watched (no inotify, too many watches): the store then asks SQLite.
    init?(folderOf path: String) {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
        guard inotify_add_watch(descriptor, resolved, events) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The writes seen so far, counting those whose events wait now.
    func stamp() -> Int64 {
        var waiting: Int32 = 0
        if ioctl(descriptor, UInt(FIONREAD), &waiting) == 0, waiting == 0 {
            return writes.value
        }
        return draining.update { _ in
            // Counted before the events are taken: a thread that then finds none reads the new count.
            let count = writes.update { writes -> Int64 in
                writes += 1
                return writes
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(descriptor, &buffer, buffer.count) > 0 {}
            return count
        }
    }

    /// Counts a change the folder's events do not show: the connection reopened.
    func count() {
        writes.update { $0 += 1 }
    }
}
