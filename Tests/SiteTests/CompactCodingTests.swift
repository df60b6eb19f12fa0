import Foundation
@testable import Site
import Testing

@Suite struct CompactCodingTests {
    struct Sample: Codable, Equatable {
        enum Kind: Codable, Equatable {
            case none
            case number(Double)
            case named(String, count: Int)
        }

        var integers: [Int]
        var small: Int8
        var doubles: [Double]
        var text: String
        var optional: String?
        var missing: Int?
        var flags: [Bool]
        var byWeek: [String: [Int: Double]]
        var kinds: [Kind]
        var nested: [[String?]]
    }

    static let sample = Sample(
        integers: [0, 1, -1, 63, -64, 64, Int.max, Int.min, 1 << 40], small: -128, doubles: [0, -0.5, 13.25, .infinity, -.infinity, 1e-300],
        text: "Kniefunktion · ركبة · 膝 \u{0}", optional: "", missing: nil, flags: [true, false],
        byWeek: ["checkIn/pain": [0: 6, 3: 2.5, -1: 1], "": [:]], kinds: [.none, .number(7.5), .named("visit", count: 3)],
        nested: [[], ["a", nil, "b"]])

    @Test func valuesReadBackAsTheyWereWritten() throws {
        let bytes = try Compact.encode(Self.sample)
        #expect(try Compact.decode(Sample.self, from: bytes) == Self.sample)
        // The same value always gives the same bytes.
        #expect(try Compact.encode(Self.sample) == bytes)
        // A dictionary's entries are written in the order of their keys, whatever order it holds them in.
        var grown: [String: Int] = [:]
        for number in (0..<100).reversed() { grown["k\(number)"] = number }
        #expect(try Compact.encode(grown) == Compact.encode(Dictionary(uniqueKeysWithValues: grown.sorted { $0.key < $1.key })))
        let nan = try Compact.decode([Double].self, from: try Compact.encode([Double.nan]))
        #expect(nan.count == 1 && nan[0].isNaN)
    }

    @Test func aValueOfAnotherShapeOrOutOfRangeIsRefused() throws {
        #expect(throws: (any Error).self) { try Compact.decode([String].self, from: try Compact.encode([1, 2])) }
        #expect(throws: (any Error).self) { try Compact.decode(Int8.self, from: try Compact.encode(300)) }
        #expect(throws: (any Error).self) { try Compact.decode(Sample.self, from: try Compact.encode(["text": "no other field"])) }
    }

    /// A damaged or crafted manifest throws, so the site is built whole; it never crashes the build.
    @Test func damagedBytesThrowAndNeverCrash() throws {
        let bytes = try Compact.encode(Self.sample)
        for cut in 1..<bytes.count {
            #expect(throws: (any Error).self) { try Compact.decode(Sample.self, from: Array(bytes.prefix(cut))) }
        }
        #expect(throws: (any Error).self) { try Compact.decode(Sample.self, from: bytes + [0]) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? Compact.decode(Sample.self, from: damaged)
        }
        // Nested deeper than any manifest is refused, not followed down the stack.
        var deep: [UInt8] = []
        for _ in 0..<100_000 {
            deep += [Compact.Tag.array.rawValue, 0xFF, 0xFF, 0xFF, 0x7F, 1]
        }
        #expect(throws: (any Error).self) { try Compact.decode([[Int]].self, from: deep) }
    }
}
