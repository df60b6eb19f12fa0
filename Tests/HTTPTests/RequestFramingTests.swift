@testable import HTTP
import Testing

/// The header checks made before a body is read, as values.
@Suite struct RequestFramingTests {
    func status(_ headers: [(String, String)]) -> HTTPStatus? {
        RequestFraming.refusal(headers.map { (name: $0.0, value: $0.1) }, maximumBodyBytes: 1024)?.status
    }

    @Test func oneWayOfFramingIsTaken() {
        #expect(status([("Host", "localhost")]) == nil)
        #expect(status([("Host", "localhost"), ("Content-Length", "1024")]) == nil)
        #expect(status([("Host", "localhost"), ("transfer-encoding", " Chunked ")]) == nil)
    }

    @Test func aLengthOverTheLimitOrNotANumberIsRefused() {
        #expect(status([("Content-Length", "1025")]) == 413)
        #expect(status([("Content-Length", "99999999999999999999999999")]) == 413)
        #expect(status([("Content-Length", "12abc")]) == 400)
        #expect(status([("Content-Length", "-1")]) == 400)
    }

    @Test func twoWaysOfFramingOrTwoHostsAreRefused() {
        #expect(status([("Host", "a"), ("HOST", "b")]) == 400)
        #expect(status([("Content-Length", "3"), ("content-length", "3")]) == 400)
        #expect(status([("Content-Length", "3"), ("Transfer-Encoding", "chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "gzip, chunked")]) == 400)
        #expect(status([("Transfer-Encoding", "xchunked")]) == 400)
    }

    @Test func aRefusalClosesTheConnection() {
        let refusal = RequestFraming.refusal([(name: "Content-Length", value: "5000")], maximumBodyBytes: 1024)
        #expect(refusal?.header("Connection") == "close")
    }
}
