import CMicroHTTPDShim
import Foundation
import Glibc

/// Keeps connections that have not sent a whole request header from holding
/// the server, by the rule of `WaitingConnections`: each has a deadline for
/// its header as a whole, which a client sending a line now and then cannot
/// extend (libmicrohttpd's own timeout restarts with every line), and a
/// client may keep only so many of them. Past that cap its oldest waiting
/// connection is closed rather than the new one refused, so a browser that
/// opens a connection and sends its request at once is let in even beside a
/// thousand trickling sockets from the same address, as on loopback.
///
/// A connection is closed by shutting its socket down: libmicrohttpd then
/// reads the end of the stream and closes it on its own thread. The socket
/// is only touched with `lock` held, and libmicrohttpd reports a connection
/// closed (taking `lock`) before it closes its socket, so it is never
/// another connection's socket by then.
final class ConnectionGuard: @unchecked Sendable {
    // Unchecked: `waiting`, `sockets` and `stopped` are only touched with `condition` locked.
    private var waiting: WaitingConnections<OpaquePointer>
    private var sockets: [OpaquePointer: Int32] = [:]
    /// Connections answered before their body was read, closed lingering.
    private var lingering: Set<OpaquePointer> = []
    let lingeringClose = LingeringClose()
    private let condition = NSCondition()
    private var stopped = false

    init(headerDeadline: TimeInterval, waitingPerClient: Int) {
        waiting = WaitingConnections(headerDeadline: headerDeadline, perClient: waitingPerClient)
        let thread = Thread { [self] in self.enforceDeadlines() }
        thread.name = "carefeed-header-deadline"
        thread.stackSize = 128 * 1024
        thread.start()
    }

    func opened(_ connection: OpaquePointer) {
        let socket = carefeed_httpd_connection_socket(connection)
        let client = carefeed_httpd_connection_client(connection)
        let now = ProcessInfo.processInfo.systemUptime
        condition.withLock {
            sockets[connection] = socket
            if let oldest = waiting.open(connection, client: client, at: now) {
                shutDown(oldest)
            }
        }
    }

    /// The request's header is in: its deadline no longer applies.
    func headerReceived(_ connection: OpaquePointer) {
        condition.withLock { waiting.headerReceived(connection) }
    }

    /// A response was sent: the connection waits for the next request's header.
    func requestCompleted(_ connection: OpaquePointer) {
        let now = ProcessInfo.processInfo.systemUptime
        condition.withLock { waiting.requestCompleted(connection, at: now) }
    }

    /// The connection's answer was queued before its body was read: when
    /// libmicrohttpd closes it, the client's remaining bytes are read and
    /// dropped first (`LingeringClose`).
    func lingers(_ connection: OpaquePointer) {
        condition.withLock { _ = lingering.insert(connection) }
    }

    /// Reported before libmicrohttpd closes the socket, so a duplicate of it
    /// keeps the connection open for `lingeringClose`.
    func closed(_ connection: OpaquePointer) {
        let kept = condition.withLock { () -> Int32 in
            waiting.closed(connection)
            defer { sockets[connection] = nil }
            guard lingering.remove(connection) != nil, let socket = sockets[connection], socket >= 0 else { return -1 }
            return fcntl(socket, F_DUPFD_CLOEXEC, 0)
        }
        if kept >= 0 {
            lingeringClose.linger(kept)
        }
    }

    /// Connections open now, and how many of them wait for a header.
    var counts: (open: Int, waiting: Int) {
        condition.withLock { waiting.counts }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        lingeringClose.stop()
    }

    /// Looks every quarter of a second (or tenth of the deadline, if less),
    /// so a header is cut off at most that long after its deadline.
    private func enforceDeadlines() {
        let interval = min(0.25, waiting.headerDeadline / 10)
        condition.withLock {
            while !stopped {
                _ = condition.wait(until: Date().addingTimeInterval(interval))
                for connection in waiting.late(at: ProcessInfo.processInfo.systemUptime) {
                    shutDown(connection)
                }
            }
        }
    }

    /// With `condition` locked.
    private func shutDown(_ connection: OpaquePointer) {
        guard let socket = sockets[connection], socket >= 0 else { return }
        shutdown(socket, Int32(SHUT_RDWR))
    }
}
