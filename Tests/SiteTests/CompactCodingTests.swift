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

    /// A struct's fields as the format spells them, byte by byte: the struct a keyed container, its keys in
    /// their bytes' order without a tag, each value its tag and bytes; a nil optional field left out.
    @Test func fieldsAreWrittenAsTheFormatSpellsThem() throws {
        struct Fields: Codable {
            var b = true, f: Float = 1.5, i = -3, s = "é", d = 2.0, u: UInt8 = 200, o: String? = nil
        }
        let entries: [UInt8] = [1, 0x62, 2] // "b": true
            + [1, 0x64, 4, 0, 0, 0, 0, 0, 0, 0, 0x40] // "d": 2.0, little-endian
            + [1, 0x66, 4, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F] // "f": 1.5, as a double
            + [1, 0x69, 3, 5] // "i": -3, zigzag 5
            + [1, 0x73, 5, 2, 0xC3, 0xA9] // "s": "é", two bytes
            + [1, 0x75, 3, 0x90, 0x03] // "u": 200, zigzag 400 as a varint
        #expect(try Compact.encode(Fields()) == [7, UInt8(entries.count + 1), 0, 0, 0, 6] + entries)
        #expect(throws: (any Error).self) { try Compact.encode(["too large": UInt64.max]) }
    }

    @Test func aValueOfAnotherShapeOrOutOfRangeIsRefused() throws {
        #expect(throws: (any Error).self) { try Compact.decode([String].self, from: try Compact.encode([1, 2])) }
        #expect(throws: (any Error).self) { try Compact.decode(Int8.self, from: try Compact.encode(300)) }
        #expect(throws: (any Error).self) { try Compact.decode(Sample.self, from: try Compact.encode(["text": "no other field"])) }
    }

    /// Each value has one spelling: keys in the order of their bytes and once each, varints as short as they go.
    @Test func aValueSpelledAnotherWayIsRefused() throws {
        let bytes = try Compact.encode(["a": 1, "b": 2])
        // tag, length (4), count, then "a" 1, "b" 2: swap the keys' letters.
        var swapped = bytes
        let a = try #require(swapped.firstIndex(of: UInt8(ascii: "a"))), b = try #require(swapped.firstIndex(of: UInt8(ascii: "b")))
        swapped.swapAt(a, b)
        #expect(throws: (any Error).self) { try Compact.decode([String: Int].self, from: swapped) }
        var twice = bytes
        twice[b] = UInt8(ascii: "a")
        #expect(throws: (any Error).self) { try Compact.decode([String: Int].self, from: twice) }
        // 5 is one byte; 0x85 0x00 spells it in two.
        #expect(try Compact.encode(Int8(-3)) == [Compact.Tag.integer.rawValue, 5])
        #expect(throws: (any Error).self) { try Compact.decode(Int.self, from: [Compact.Tag.integer.rawValue, 0x85, 0x00]) }
        // A key looked up in a dictionary of many is found by halving: a crafted one cannot make reading quadratic.
        let many = Dictionary(uniqueKeysWithValues: (0..<50_000).map { ("k\($0)", $0) })
        #expect(try Compact.decode([String: Int].self, from: try Compact.encode(many)) == many)
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
