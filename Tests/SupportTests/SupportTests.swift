import Foundation
import Support
import Testing

/// The small tools under everything: the byte search, the map on every
/// core, the locked value, and libcrypto's digests against their published vectors.
@Suite struct SupportTests {
    @Test func theByteSearchFindsTheFirstMatchAtOrAfterItsStart() {
        let bytes = Array("<p>one</p><p>two</p>".utf8)
        #expect(bytes.firstIndex(of: Array("<p>".utf8)) == 0)
        #expect(bytes.firstIndex(of: Array("<p>".utf8), from: 1) == 10)
        #expect(bytes.firstIndex(of: Array("</p>".utf8), from: 17) == nil, "the last match starts before the start")
        #expect(bytes.firstIndex(of: Array("two</p>".utf8)) == 13)
        #expect(bytes.firstIndex(of: Array("three".utf8)) == nil)
        #expect(bytes.firstIndex(of: []) == nil)
        #expect(Array("ab".utf8).firstIndex(of: Array("abc".utf8)) == nil, "a needle longer than the bytes")
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
