import Foundation
import Glibc

/// Closes a connection refused before its body was read as nginx's lingering
/// close does: the answer is sent and the sending side shut, then whatever the
/// client still sends is read and dropped until it stops, so the client,
/// which often writes its whole request before it reads, reads the answer.
/// Closing a socket with unread bytes would reset the connection instead, and
/// the reset can overtake the answer on its way.
///
/// One thread polls every lingering socket. A socket lingers until the client
/// closes, or is silent for `idleSeconds`, or `totalSeconds` pass; past
/// `capacity` sockets, a new one is closed at once.
final class LingeringClose: @unchecked Sendable {
    // Unchecked: `sockets`, `isStopped` and `thread` are only touched with `lock` held.
    private struct Lingering {
        let socket: Int32
        let closesAt: TimeInterval
        var silentSince: TimeInterval
    }

    let idleSeconds: TimeInterval
    let totalSeconds: TimeInterval
    let capacity: Int
    private let lock = NSLock()
    private var sockets: [Lingering] = []
    private var isStopped = false
    private var thread: Thread?

    init(idleSeconds: TimeInterval = 2, totalSeconds: TimeInterval = 5, capacity: Int = 256) {
        self.idleSeconds = idleSeconds
        self.totalSeconds = totalSeconds
        self.capacity = capacity
    }

    /// Takes `socket`, a duplicate this object now owns and closes.
    func linger(_ socket: Int32) {
        shutdown(socket, Int32(SHUT_WR))
        let now = ProcessInfo.processInfo.systemUptime
        let taken = lock.withLock { () -> Bool in
            guard !isStopped, sockets.count < capacity else { return false }
            sockets.append(Lingering(socket: socket, closesAt: now + totalSeconds, silentSince: now))
            if thread == nil {
                let started = Thread { [self] in self.drain() }
                started.name = "carefeed-lingering-close"
                started.stackSize = 128 * 1024
                thread = started
                started.start()
            }
            return true
        }
        if !taken {
            close(socket)
        }
    }

    /// Sockets lingering now.
    var count: Int {
        lock.withLock { sockets.count }
    }

    /// Closes every lingering socket, within a tenth of a second; later ones
    /// are closed at once.
    func stop() {
        lock.withLock { isStopped = true }
    }

    /// Polls a tenth of a second at a time, so a socket handed over meanwhile
    /// waits at most that long for its first read; the thread ends when no
    /// socket lingers and starts again with the next. Only this thread reads
    /// or closes a socket once it is taken.
    private func drain() {
        var discard = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (current, ending) = lock.withLock { () -> ([Lingering], Bool) in
                guard !isStopped, !sockets.isEmpty else {
                    thread = nil
                    defer { sockets = [] }
                    return (sockets, true)
                }
                return (sockets, false)
            }
            if ending {
                current.forEach { close($0.socket) }
                return
            }
            var ready = current.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            _ = poll(&ready, nfds_t(ready.count), 100)
            let now = ProcessInfo.processInfo.systemUptime
            var finished: Set<Int32> = []
            var heard: Set<Int32> = []
            for (index, entry) in current.enumerated() {
                if ready[index].revents != 0 {
                    if readUntilEmpty(entry.socket, into: &discard) {
                        finished.insert(entry.socket)
                    } else {
                        heard.insert(entry.socket)
                    }
                }
                if now >= entry.closesAt || (!heard.contains(entry.socket) && now - entry.silentSince >= idleSeconds) {
                    finished.insert(entry.socket)
                }
            }
            lock.withLock {
                sockets.removeAll { finished.contains($0.socket) }
                for index in sockets.indices where heard.contains(sockets[index].socket) {
                    sockets[index].silentSince = now
                }
            }
            finished.forEach { close($0) }
        }
    }

    /// Reads what has arrived, a megabyte at most, so one flooding client
    /// cannot keep the thread from the others; true when the client has
    /// closed or the connection failed, so the socket is done.
    private func readUntilEmpty(_ socket: Int32, into buffer: inout [UInt8]) -> Bool {
        for _ in 0..<16 {
            let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
        return false
    }
}
