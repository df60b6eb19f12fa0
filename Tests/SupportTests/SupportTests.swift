import Foundation
import Support
import Testing

/// The small tools under everything: the byte search, the map on every
/// core, joined strings, the locked value, each thread's own value, and libcrypto's digests
/// against their published vectors.
@Suite struct SupportTests {
    /// Each thread changes a value of its own, kept from one call to the next, and frees it when it ends.
    @Test func eachThreadKeepsItsOwnValue() async {
        let counts = PerThread<(counted: Counted, count: Int)> { (Counted(), 0) }
        let totals = Locked<[Int]>([])
        let threads = (0..<4).map { _ in
            Thread {
                for _ in 0..<1_000 { counts.update { $0.count += 1 } }
                let count = counts.update { $0.count }
                totals.update { $0.append(count) }
            }
        }
        threads.forEach { $0.start() }
        let deadline = ContinuousClock.now + .seconds(10)
        while totals.update({ $0.count }) < 4 || Counted.alive.update({ $0 }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        #expect(totals.update { $0 } == [1_000, 1_000, 1_000, 1_000])
        #expect(Counted.alive.update { $0 } == 0, "each thread's value is freed when the thread ends")
    }

    @Test func partsAreJoinedInOrderIntoOneString() {
        #expect(String.joined("../", "participants/", "r001", "/feed/", "2026-03-05", ".html") == "../participants/r001/feed/2026-03-05.html")
        #expect(String.joined(["Schmerz: ", "3", " · ", "schlafen: 7 Stunden", ""]) == "Schmerz: 3 · schlafen: 7 Stunden")
        #expect(String.joined("", "", "") == "", "parts that are all empty make an empty string")
        #expect(String.joined([String]()) == "")
    }

    @Test func theByteSearchFindsTheFirstMatchAtOrAfterItsStart() {
        let bytes = Array("<p>one</p><p>two</p>".utf8)
        #expect(bytes.firstIndex(of: Array("<p>".utf8)) == 0)
        #expect(bytes.firstIndex(of: Array("<p>".utf8), from: 1) == 10)
        #expect(bytes.firstIndex(of: Array("</p>".utf8), from: 17) == nil, "the last match starts before the start")
        #expect(bytes.firstIndex(of: Array("two</p>".utf8)) == 13)
        #expect(bytes.firstIndex(of: Array("three".utf8)) == nil)
        #expect(bytes.firstIndex(of: []) == nil)
        #expect(Array("ab".utf8).firstIndex(of: Array("abc".utf8)) == nil, "a needle longer than the bytes")
        // A slice counts from its own start; bytes not side by side in memory take the byte-by-byte way.
        #expect(bytes[3...].firstIndex(of: Array("<p>".utf8)) == 10)
        #expect(bytes[3...].firstIndex(of: Array("<p>".utf8), from: 11) == nil)
        #expect(bytes.lazy.map { $0 }.firstIndex(of: Array("two".utf8)) == 13)
    }

    /// Against the plainest search, on bytes of few kinds, so that near misses are many.
    @Test func theByteSearchAgreesWithThePlainestSearch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let start = Int.random(in: 0...42, using: &generator)
            let plain = bytes.count < needle.count ? nil : (start...max(start, bytes.count - needle.count)).first { index in
                index + needle.count <= bytes.count && Array(bytes[index..<index + needle.count]) == needle
            }
            #expect(bytes.firstIndex(of: needle, from: start) == plain, "\(bytes) \(needle) \(start)")
            #expect(bytes.lazy.map { $0 }.firstIndex(of: needle, from: start) == plain)
            // A slice of the same bytes, counted from its own start.
            let cut = Int.random(in: 0...bytes.count, using: &generator)
            let slice = bytes[cut...]
            let inSlice = bytes.count - cut < needle.count ? nil : (max(start, cut)...max(start, cut, bytes.count - needle.count)).first { index in
                index + needle.count <= bytes.count && Array(bytes[index..<index + needle.count]) == needle
            }
            #expect(slice.firstIndex(of: needle, from: start) == inSlice, "\(bytes) \(cut) \(needle) \(start)")
        }
    }

    @Test func theConcurrentMapKeepsTheOrderOfItsElements() {
        let squares = concurrentMap(Array(0..<10_000)) { $0 * $0 }
        #expect(squares == (0..<10_000).map { $0 * $0 })
        #expect(concurrentMap([Int]()) { $0 }.isEmpty)
    }

    @Test func aLockedValueLosesNoUpdateFromManyThreads() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in counter.update { $0 += 1 } }
        #expect(counter.value == 1000)
        #expect(counter.update { value -> String in value = 7; return "set" } == "set")
        #expect(counter.value == 7)
    }

    @Test func digestsMatchThePublishedTestVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
                == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }
}

/// A value made once for its key, and no more kept than the limit allows.
@Suite struct LockedValueForKeyTests {
    @Test func aKeysValueIsMadeOnceAndPastTheLimitMadeEachTime() {
        let kept = Locked([String: Int]())
        let made = Locked(0)
        func value(_ key: String) -> Int {
            kept.value(for: key, limit: 2) { made.update { $0 += 1; return $0 } }
        }
        #expect((value("a"), value("a"), value("b"), value("a")) == (1, 1, 2, 1))
        #expect(value("c") == 3)
        #expect(value("c") == 4, "past the limit, made again")
        #expect(kept.value.keys.sorted() == ["a", "b"])
    }

    @Test func fromManyThreadsAKeyIsMadeOnce() {
        let kept = Locked([Int: Int]())
        let made = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            _ = kept.value(for: index % 4) { made.update { $0 += 1 }; return index % 4 }
        }
        #expect(made.value == 4)
        #expect(kept.value == [0: 0, 1: 1, 2: 2, 3: 3])
    }
}

/// Counts its instances alive, to see each thread's value freed.
private final class Counted: Sendable {
    static let alive = Locked(0)
    init() { Self.alive.update { $0 += 1 } }
    deinit { Self.alive.update { $0 -= 1 } }
}
