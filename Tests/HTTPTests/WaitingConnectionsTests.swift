@testable import HTTP
import Testing

/// The rule that keeps trickling clients from holding the server, on a
/// clock the test turns: a header's deadline counts from the connection's
/// opening whatever arrives meanwhile, and a client past its cap loses its
/// oldest waiting connection, not its newest.
@Suite struct WaitingConnectionsTests {
    var rule = WaitingConnections<Int>(headerDeadline: 5, perClient: 3)

    @Test mutating func aHeaderStillWaitingPastItsDeadlineIsClosedOnceAndOneThatArrivedIsNot() {
        _ = rule.open(1, client: 7, at: 0)
        _ = rule.open(2, client: 7, at: 0)
        rule.headerReceived(2)
        #expect(rule.late(at: 4.9).isEmpty)
        #expect(rule.late(at: 5.1) == [1])
        #expect(rule.late(at: 9).isEmpty, "closing already")
        #expect(rule.counts.open == 2)
        rule.closed(1)
        #expect(rule.counts == (1, 0))
    }

    @Test mutating func theDeadlineRestartsAfterAResponseForTheNextRequest() {
        _ = rule.open(1, client: 7, at: 0)
        rule.headerReceived(1)
        rule.requestCompleted(1, at: 10)
        #expect(rule.late(at: 14).isEmpty)
        #expect(rule.late(at: 15.5) == [1])
    }

    @Test mutating func pastItsCapAClientsOldestWaitingConnectionMakesRoomOnceItHasWaitedAFifthOfTheDeadline() {
        for (connection, time) in [(1, 0.0), (2, 0.1), (3, 0.2)] {
            #expect(rule.open(connection, client: 7, at: time) == nil)
        }
        #expect(rule.open(4, client: 7, at: 0.5) == nil, "none has waited a fifth of the deadline: all are prompt")
        #expect(rule.open(5, client: 8, at: 1.5) == nil, "another client's count is its own")
        #expect(rule.open(6, client: 7, at: 1.5) == 1, "the oldest, not the newest")
        #expect(rule.open(7, client: 7, at: 1.6) == 2, "a closing connection is no longer counted")
        #expect(rule.late(at: 5.25) == [3], "the rest keep their own deadlines")
    }
}
