import Foundation
import Glibc
@testable import HTTP
import Testing

/// The lingering close on a socket pair: the peer reads the end of the
/// answer at once, may go on writing, and the lingering socket is closed
/// when the peer closes, falls silent, or its time is up.
@Suite struct LingeringCloseTests {
    func pair() -> (lingering: Int32, peer: Int32) {
        var ends: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// Whether `peer` reads the end of the stream within `seconds`.
    func readsEnd(_ peer: Int32, within seconds: Int32 = 2) -> Bool {
        var ready = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, seconds * 1000) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(peer, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    func waitUntilNoneLinger(_ lingering: LingeringClose, seconds: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while lingering.count > 0, Date() < deadline { usleep(20_000) }
        return lingering.count == 0
    }

    @Test func thePeerKeepsWritingUntilItClosesAndIsNeverReset() {
        let lingering = LingeringClose(idleSeconds: 2, totalSeconds: 5)
        let (socket, peer) = pair()
        defer { close(peer) }
        lingering.linger(socket)
        #expect(readsEnd(peer), "the sending side is shut at once")
        let chunk = [UInt8](repeating: 1, count: 256 * 1024)
        for _ in 0..<16 {
            #expect(send(peer, chunk, chunk.count, Int32(MSG_NOSIGNAL)) == chunk.count)
        }
        #expect(lingering.count == 1)
        shutdown(peer, Int32(SHUT_WR))
        #expect(waitUntilNoneLinger(lingering))
    }

    @Test func aSilentPeerIsLetGoAfterTheIdleTime() {
        let lingering = LingeringClose(idleSeconds: 0.3, totalSeconds: 5)
        let (socket, peer) = pair()
        defer { close(peer) }
        lingering.linger(socket)
        #expect(lingering.count == 1)
        #expect(waitUntilNoneLinger(lingering))
    }

    @Test func aPeerThatNeverStopsIsLetGoAfterTheTotalTime() {
        let lingering = LingeringClose(idleSeconds: 1, totalSeconds: 0.5)
        let (socket, peer) = pair()
        defer { close(peer) }
        lingering.linger(socket)
        let chunk = [UInt8](repeating: 1, count: 4096)
        let deadline = Date().addingTimeInterval(3)
        while lingering.count > 0, Date() < deadline {
            _ = send(peer, chunk, chunk.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            usleep(10_000)
        }
        #expect(lingering.count == 0)
    }

    @Test func pastItsCapacityOrOnceStoppedASocketIsClosedAtOnce() {
        let lingering = LingeringClose(capacity: 1)
        let (first, firstPeer) = pair()
        let (second, secondPeer) = pair()
        defer { close(firstPeer); close(secondPeer) }
        lingering.linger(first)
        lingering.linger(second)
        #expect(lingering.count == 1)
        #expect(readsEnd(secondPeer))
        lingering.stop()
        #expect(waitUntilNoneLinger(lingering))
        #expect(readsEnd(firstPeer))
    }
}
