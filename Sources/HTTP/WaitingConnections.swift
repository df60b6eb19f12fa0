import Foundation

/// The rule `ConnectionGuard` enforces, as a value: which connections still
/// waiting for a request header are closed, given the time. A connection's
/// header has a deadline as a whole, from its opening or the end of its last
/// response; a client keeps at most `perClient` connections waiting, and a
/// new one past that closes its oldest, once that one has waited a fifth of
/// the deadline (under load a prompt client's header may wait a moment to
/// be read, and must not count as trickling).
struct WaitingConnections<Connection: Hashable> {
    struct Waiting {
        var client: UInt32
        /// Since when it waits for a request header.
        var since: TimeInterval
        var isWaiting = true
        /// Closed by the rule: shut down, and no longer counted.
        var isClosing = false
    }

    let headerDeadline: TimeInterval
    let perClient: Int
    private(set) var connections: [Connection: Waiting] = [:]

    init(headerDeadline: TimeInterval, perClient: Int) {
        self.headerDeadline = headerDeadline
        self.perClient = perClient
    }

    /// A new connection of `client` at `now`; returns the connection to
    /// close to make room for it, if any.
    mutating func open(_ connection: Connection, client: UInt32, at now: TimeInterval) -> Connection? {
        var count = 0
        var oldest: (connection: Connection, since: TimeInterval)?
        for (other, waiting) in connections where waiting.client == client && waiting.isWaiting && !waiting.isClosing {
            count += 1
            if waiting.since < oldest?.since ?? .infinity { oldest = (other, waiting.since) }
        }
        connections[connection] = Waiting(client: client, since: now)
        guard count >= perClient, let oldest, now - oldest.since >= headerDeadline / 5 else { return nil }
        connections[oldest.connection]?.isClosing = true
        return oldest.connection
    }

    /// The request's header is in: its deadline no longer applies.
    mutating func headerReceived(_ connection: Connection) {
        connections[connection]?.isWaiting = false
    }

    /// A response was sent at `now`: the connection waits for the next request's header.
    mutating func requestCompleted(_ connection: Connection, at now: TimeInterval) {
        connections[connection]?.isWaiting = true
        connections[connection]?.since = now
    }

    mutating func closed(_ connection: Connection) {
        connections[connection] = nil
    }

    /// The connections whose header is past its deadline at `now`, each
    /// given once: from then on they are closing.
    mutating func late(at now: TimeInterval) -> [Connection] {
        let late = connections.filter { $0.value.isWaiting && !$0.value.isClosing && now - $0.value.since > headerDeadline }
            .map(\.key)
        for connection in late { connections[connection]?.isClosing = true }
        return late
    }

    /// Connections open now, and how many of them wait for a header.
    var counts: (open: Int, waiting: Int) {
        (connections.count, connections.values.filter(\.isWaiting).count)
    }
}
