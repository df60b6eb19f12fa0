/// Reads what `Compact.encode` wrote back into a `Decodable` value. The
/// bytes may be anything a damaged or crafted file holds: every length and
/// count is checked against what is left, nesting is limited, a varint
/// must be as short as it can be and keys in order and once each (so a key
/// is found by halving, and what reads has one spelling), and a value that
/// does not read throws, so the build renders the site whole instead.
extension Compact {
    struct Damaged: Error {}

    static let deepest = 64

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
        var end = 0
        try skip(bytes, at: 0, to: &end, depth: 0)
        guard end == bytes.count else { throw Damaged() }
        return try Value(from: CompactDecoder(bytes: bytes, offset: 0))
    }

    /// The varint at `offset`, moving `offset` past it.
    static func varint(_ bytes: [UInt8], _ offset: inout Int) throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                // A trailing zero byte would spell the same number longer.
                guard byte != 0 || shift == 0 else { throw Damaged() }
                return value
            }
            shift += 7
        }
    }

    /// A count or length at `offset` that what is left can hold.
    static func length(_ bytes: [UInt8], _ offset: inout Int) throws -> Int {
        let value = try varint(bytes, &offset)
        guard value <= UInt64(bytes.count - offset) else { throw Damaged() }
        return Int(value)
    }

    /// Moves `end` past the value at `offset`, checking that it is whole.
    static func skip(_ bytes: [UInt8], at offset: Int, to end: inout Int, depth: Int) throws {
        guard offset < bytes.count, depth < deepest, let tag = Tag(rawValue: bytes[offset]) else { throw Damaged() }
        var position = offset + 1
        switch tag {
        case .null, .no, .yes:
            break
        case .integer:
            _ = try varint(bytes, &position)
        case .double:
            guard bytes.count - position >= 8 else { throw Damaged() }
            position += 8
        case .string:
            position += try length(bytes, &position)
        case .array, .keyed:
            let last = try containerEnd(bytes, &position)
            let count = try length(bytes, &position)
            var previous: Range<Int>?
            for _ in 0..<count {
                if tag == .keyed {
                    let keyLength = try length(bytes, &position)
                    let key = position..<position + keyLength
                    if let previous {
                        guard order(bytes[previous], bytes[key]) < 0 else { throw Damaged() }
                    }
                    previous = key
                    position = key.upperBound
                }
                try skip(bytes, at: position, to: &position, depth: depth + 1)
            }
            guard position == last else { throw Damaged() }
        }
        end = position
    }

    /// Below zero when `left`'s bytes come first, zero when they are the same, above zero when `right`'s do.
    static func order<Left: Collection<UInt8>, Right: Collection<UInt8>>(_ left: Left, _ right: Right) -> Int {
        var rightBytes = right.makeIterator()
        for byte in left {
            guard let other = rightBytes.next() else { return 1 }
            if byte != other { return byte < other ? -1 : 1 }
        }
        return rightBytes.next() == nil ? 0 : -1
    }

    /// Where the container whose length is at `offset` ends, moving `offset` past the length.
    static func containerEnd(_ bytes: [UInt8], _ offset: inout Int) throws -> Int {
        guard bytes.count - offset >= 4 else { throw Damaged() }
        var length = 0
        for index in 0..<4 {
            length |= Int(bytes[offset + index]) << (8 * index)
        }
        offset += 4
        guard length <= bytes.count - offset else { throw Damaged() }
        return offset + length
    }

    /// Where the value at `offset` ends: it was checked whole by `skip`, so a
    /// container is stepped over by its length.
    static func end(ofChecked bytes: [UInt8], at offset: Int) -> Int {
        var position = offset
        switch Tag(rawValue: bytes[offset])! {
        case .array, .keyed:
            position += 1
            return (try? containerEnd(bytes, &position)) ?? bytes.count
        default:
            var end = bytes.count
            try? skip(bytes, at: offset, to: &end, depth: 0)
            return end
        }
    }
}

/// A value in the bytes, whole (checked by `Compact.skip` before any is read).
/// It keeps no coding path: a value that does not read only means the site
/// is built whole, and a path per value was much of the time.
private struct CompactDecoder: Decoder {
    let bytes: [UInt8]
    let offset: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var tag: Compact.Tag { Compact.Tag(rawValue: bytes[offset])! }

    func mismatch(_ expected: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "Expected \(expected)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tag == .keyed else { throw mismatch("keyed values") }
        return KeyedDecodingContainer(KeyedContainer<Key>(self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tag == .array else { throw mismatch("an array") }
        return UnkeyedContainer(self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    func decodeScalar<Value: Decodable>(_ type: Value.Type) throws -> Value {
        var position = offset + 1
        switch type {
        case is Bool.Type:
            guard tag == .yes || tag == .no else { throw mismatch("true or false") }
            return (tag == .yes) as! Value
        case is String.Type:
            guard tag == .string else { throw mismatch("text") }
            let count = try Compact.length(bytes, &position)
            return String(decoding: bytes[position..<position + count], as: UTF8.self) as! Value
        case is Double.Type:
            return try double() as! Value
        case is Float.Type:
            return Float(try double()) as! Value
        case is Int.Type:
            guard tag == .integer else { throw mismatch("a whole number") }
            let zigzag = try Compact.varint(bytes, &position)
            return Int(bitPattern: UInt((zigzag >> 1) ^ (0 &- (zigzag & 1)))) as! Value
        case let integer as any FixedWidthInteger.Type:
            guard tag == .integer else { throw mismatch("a whole number") }
            let zigzag = try Compact.varint(bytes, &position)
            let signed = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
            guard let value = integer.init(exactly: signed) else { throw mismatch("a whole number in range") }
            return value as! Value
        default:
            return try Value(from: self)
        }
    }

    private func double() throws -> Double {
        guard tag == .double else { throw mismatch("a number") }
        var bits: UInt64 = 0
        for index in 0..<8 {
            bits |= UInt64(bytes[offset + 1 + index]) << UInt64(8 * index)
        }
        return Double(bitPattern: bits)
    }

    /// The decoder of the value that starts at `offset`.
    func at(_ offset: Int) -> CompactDecoder {
        CompactDecoder(bytes: bytes, offset: offset)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CompactDecoder
    /// Each entry's key bytes and where its value starts.
    let entries: [(key: Range<Int>, value: Int)]
    var codingPath: [any CodingKey] { decoder.codingPath }

    init(_ decoder: CompactDecoder) {
        self.decoder = decoder
        let bytes = decoder.bytes
        // Whole: `Compact.decode` checked every length before decoding began.
        var position = decoder.offset + 5
        let count = (try? Compact.length(bytes, &position)) ?? 0
        var entries: [(key: Range<Int>, value: Int)] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = try? Compact.length(bytes, &position) else { break }
            let key = position..<position + length
            position += length
            entries.append((key, position))
            position = Compact.end(ofChecked: bytes, at: position)
        }
        self.entries = entries
    }

    var allKeys: [Key] {
        entries.compactMap { Key(stringValue: String(decoding: decoder.bytes[$0.key], as: UTF8.self)) }
    }

    /// Where the value of `key` starts: the keys are in order (`Compact.skip` checked), so it is found by halving.
    private func value(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { utf8 in
            var (low, high) = (0, entries.count)
            while low < high {
                let middle = (low + high) / 2
                let order = Compact.order(decoder.bytes[entries[middle].key], utf8)
                if order == 0 { return entries[middle].value }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    private func required(_ key: Key) throws -> CompactDecoder {
        guard let offset = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for \(key.stringValue)"))
        }
        return decoder.at(offset)
    }

    func contains(_ key: Key) -> Bool {
        value(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try required(key).tag == .null
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try required(key).decodeScalar(type)
    }

    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        guard let offset = value(key) else { return nil }
        let value = decoder.at(offset)
        return value.tag == .null ? nil : try value.decodeScalar(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try required(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try required(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let offset = entries.first(where: { decoder.bytes[$0.key].elementsEqual("super".utf8) })?.value else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No super value"))
        }
        return decoder.at(offset)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try required(key)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: CompactDecoder
    let count: Int?
    var currentIndex = 0
    private var position: Int
    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= count! }

    init(_ decoder: CompactDecoder) {
        self.decoder = decoder
        var position = decoder.offset + 5
        count = (try? Compact.length(decoder.bytes, &position)) ?? 0
        self.position = position
    }

    /// The next element's decoder, moving past it.
    private mutating func next() throws -> CompactDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "No more values"))
        }
        let element = decoder.at(position)
        position = Compact.end(ofChecked: decoder.bytes, at: position)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.bytes[position] == Compact.Tag.null.rawValue else { return false }
        _ = try next()
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try next().decodeScalar(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: CompactDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.tag == .null
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decoder.decodeScalar(type)
    }
}
