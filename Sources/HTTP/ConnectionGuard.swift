import CMicroHTTPDShim
import Foundation
import Glibc

/// Keeps connections that have not sent a whole request header from holding
/// the server: each has a deadline for its header as a whole, which a
/// client sending a line now and then cannot extend (libmicrohttpd's own
/// timeout restarts with every line), and a client may keep only so many of
/// them. Past that cap its oldest waiting connection is closed rather than
/// the new one refused, so a browser that opens a connection and sends its
/// request at once is let in even beside a thousand trickling sockets from
/// the same address, as on loopback. Only a connection that has waited a
/// fifth of the deadline is closed so: under load a prompt client's header
/// may wait a few milliseconds to be read, and must not count as trickling.
///
/// A connection is closed by shutting its socket down: libmicrohttpd then
/// reads the end of the stream and closes it on its own thread. The socket
/// is only touched with `lock` held, and libmicrohttpd reports a connection
/// closed (taking `lock`) before it closes its socket, so it is never
/// another connection's socket by then.
final class ConnectionGuard: @unchecked Sendable {
    // Unchecked: `connections` and `stopped` are only touched with `condition` locked.
    private struct Waiting {
        var socket: Int32
        var client: UInt32
        /// Since when it waits for a request header: its opening, or the end of its last response.
        var since: TimeInterval
        var isWaiting = true
        var isClosing = false
    }

    private let headerDeadline: TimeInterval
    private let waitingPerClient: Int
    private let condition = NSCondition()
    private var connections: [OpaquePointer: Waiting] = [:]
    private var stopped = false

    init(headerDeadline: TimeInterval, waitingPerClient: Int) {
        self.headerDeadline = headerDeadline
        self.waitingPerClient = waitingPerClient
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
            var count = 0
            var oldest: (connection: OpaquePointer, since: TimeInterval)?
            for (other, waiting) in connections where waiting.client == client && waiting.isWaiting && !waiting.isClosing {
                count += 1
                if waiting.since < oldest?.since ?? .infinity { oldest = (other, waiting.since) }
            }
            if count >= waitingPerClient, let oldest, now - oldest.since >= headerDeadline / 5 {
                close(oldest.connection)
            }
            connections[connection] = Waiting(socket: socket, client: client, since: now)
        }
    }

    /// The request's header is in: its deadline no longer applies.
    func headerReceived(_ connection: OpaquePointer) {
        condition.withLock { connections[connection]?.isWaiting = false }
    }

    /// A response was sent: the connection waits for the next request's header.
    func requestCompleted(_ connection: OpaquePointer) {
        let now = ProcessInfo.processInfo.systemUptime
        condition.withLock {
            connections[connection]?.isWaiting = true
            connections[connection]?.since = now
        }
    }

    func closed(_ connection: OpaquePointer) {
        condition.withLock { _ = connections.removeValue(forKey: connection) }
    }

    /// Connections open now, and how many of them wait for a header.
    var counts: (open: Int, waiting: Int) {
        condition.withLock { (connections.count, connections.values.filter(\.isWaiting).count) }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Looks every quarter of a second (or tenth of the deadline, if less),
    /// so a header is cut off at most that long after its deadline.
    private func enforceDeadlines() {
        let interval = min(0.25, headerDeadline / 10)
        condition.withLock {
            while !stopped {
                _ = condition.wait(until: Date().addingTimeInterval(interval))
                let late = ProcessInfo.processInfo.systemUptime - headerDeadline
                for (connection, waiting) in connections where waiting.isWaiting && !waiting.isClosing && waiting.since < late {
                    close(connection)
                }
            }
        }
    }

    /// With `condition` locked.
    private func close(_ connection: OpaquePointer) {
        guard let waiting = connections[connection], waiting.socket >= 0 else { return }
        connections[connection]?.isClosing = true
        shutdown(waiting.socket, Int32(SHUT_RDWR))
    }
}
