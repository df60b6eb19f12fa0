/// Any `Codable` value as compact bytes, for the build manifest: the same
/// shape its `Codable` conformance gives JSON, without the text. Reading a
/// study's manifest as JSON was most of a rebuild's time at 10,000
/// participants; these bytes read several times faster.
///
/// Each value is a tag byte and what follows it: nothing for nil, false and
/// true; an integer as a zigzag LEB128 varint; a double as its 8 bytes,
/// little-endian; a string as its UTF-8 length and bytes; an array as the
/// length in bytes of what follows (4 bytes, little-endian, so a reader
/// steps over it at once), its count and elements; a keyed container as its
/// length, its count and, per entry, the key as a string without tag, then
/// the value, the entries in the order of their keys' bytes, each key once.
/// Only `CompactDecoder`
/// reads it: the manifest's header names the format, and a manifest in
/// another is rebuilt from, never trusted.
enum Compact {
    enum Tag: UInt8 {
        case null, no, yes, integer, double, string, array, keyed
    }

    /// The bytes of `value`.
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = CompactEncoder(codingPath: [])
        try value.encode(to: encoder)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        encoder.node.write(into: &bytes)
        return bytes
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }
}

/// A value being encoded: containers are filled in any order Codable allows,
/// then written out once.
private final class Node {
    enum Content {
        case empty
        case scalar([UInt8])
        case array([Node])
        case keyed([(String, Node)])
    }

    var content = Content.empty

    func write(into bytes: inout [UInt8]) {
        switch content {
        case .empty:
            bytes.append(Compact.Tag.null.rawValue)
        case .scalar(let scalar):
            bytes.append(contentsOf: scalar)
        case .array(let nodes):
            let start = Self.open(.array, count: nodes.count, in: &bytes)
            for node in nodes { node.write(into: &bytes) }
            Self.close(start, in: &bytes)
        case .keyed(let entries):
            let start = Self.open(.keyed, count: entries.count, in: &bytes)
            // By the keys' bytes: a dictionary's own order differs between runs, and the reader looks keys up by halves.
            for (key, node) in entries.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
                Compact.appendString(key, to: &bytes)
                node.write(into: &bytes)
            }
            Self.close(start, in: &bytes)
        }
    }

    /// The container's tag, room for its length, and its count; returns where its length goes.
    private static func open(_ tag: Compact.Tag, count: Int, in bytes: inout [UInt8]) -> Int {
        bytes.append(tag.rawValue)
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        Compact.appendVarint(UInt64(count), to: &bytes)
        return start
    }

    /// Writes the length of what follows the length at `start`.
    private static func close(_ start: Int, in bytes: inout [UInt8]) {
        let length = UInt32(truncatingIfNeeded: bytes.count - start - 4)
        for index in 0..<4 {
            bytes[start + index] = UInt8(truncatingIfNeeded: length >> UInt32(8 * index))
        }
    }

    func append(_ node: Node) {
        if case .array(var nodes) = content {
            content = .empty
            nodes.append(node)
            content = .array(nodes)
        } else {
            content = .array([node])
        }
    }

    func set(_ key: String, _ node: Node) {
        if case .keyed(var entries) = content {
            content = .empty
            entries.append((key, node))
            content = .keyed(entries)
        } else {
            content = .keyed([(key, node)])
        }
    }

    /// - Parameter codingPath: asked only for an error, or for a value with containers of its own.
    static func scalar<Value: Encodable>(_ value: Value, codingPath: @autoclosure () -> [any CodingKey]) throws -> Node {
        // The scalars an entry is made of, known by their type alone: a cast to each in turn cost more than the bytes.
        if Value.self == String.self { return string(value as! String) }
        if Value.self == Double.self { return double(value as! Double) }
        if Value.self == Int.self { return integer(Int64(value as! Int)) }
        if Value.self == Bool.self { return bool(value as! Bool) }
        let node = Node()
        switch value {
        case let bool as Bool:
            node.content = Node.bool(bool).content
        case let string as String:
            node.content = Node.string(string).content
        case let double as Double:
            node.content = Node.double(double).content
        case let float as Float:
            node.content = Node.double(Double(float)).content
        case let integer as any BinaryInteger:
            guard let signed = Int64(exactly: integer) else {
                throw EncodingError.invalidValue(value, .init(codingPath: codingPath(), debugDescription: "An integer too large to keep"))
            }
            node.content = Node.integer(signed).content
        default:
            let encoder = CompactEncoder(codingPath: codingPath(), node: node)
            try value.encode(to: encoder)
        }
        return node
    }

    convenience init(_ content: Content) {
        self.init()
        self.content = content
    }

    static func string(_ string: String) -> Node {
        var bytes = [Compact.Tag.string.rawValue]
        Compact.appendString(string, to: &bytes)
        return Node(.scalar(bytes))
    }

    static func bool(_ bool: Bool) -> Node {
        Node(.scalar([bool ? Compact.Tag.yes.rawValue : Compact.Tag.no.rawValue]))
    }

    static func double(_ double: Double) -> Node {
        Node(.scalar(doubleBytes(double)))
    }

    static func integer(_ signed: Int64) -> Node {
        var bytes = [Compact.Tag.integer.rawValue]
        Compact.appendVarint(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)), to: &bytes)
        return Node(.scalar(bytes))
    }

    private static func doubleBytes(_ double: Double) -> [UInt8] {
        var bytes = [Compact.Tag.double.rawValue]
        let bits = double.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        return bytes
    }
}

private struct CompactEncoder: Encoder {
    let codingPath: [any CodingKey]
    let node: Node
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], node: Node = Node()) {
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.content {} else { node.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(codingPath: codingPath, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(codingPath: codingPath, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(codingPath: codingPath, node: node)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let node: Node

    mutating func encodeNil(forKey key: Key) throws {
        node.set(key.stringValue, Node())
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        node.set(key.stringValue, try Node.scalar(value, codingPath: codingPath + [key]))
    }

    // A struct's own fields of these types come here, without the generic path's checks of their type.
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.set(key.stringValue, Node.string(value))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.set(key.stringValue, Node.integer(Int64(value)))
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.set(key.stringValue, Node.double(value))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        node.set(key.stringValue, Node.bool(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.set(key.stringValue, child)
        return CompactEncoder(codingPath: codingPath + [key], node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node()
        node.set(key.stringValue, child)
        return CompactEncoder(codingPath: codingPath + [key], node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.set("super", child)
        return CompactEncoder(codingPath: codingPath, node: child)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = Node()
        node.set(key.stringValue, child)
        return CompactEncoder(codingPath: codingPath + [key], node: child)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let node: Node
    var count: Int {
        if case .array(let nodes) = node.content { return nodes.count }
        return 0
    }

    mutating func encodeNil() throws {
        node.append(Node())
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.append(try Node.scalar(value, codingPath: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.append(child)
        return CompactEncoder(codingPath: codingPath, node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node()
        node.append(child)
        return CompactEncoder(codingPath: codingPath, node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.append(child)
        return CompactEncoder(codingPath: codingPath, node: child)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let node: Node

    mutating func encodeNil() throws {
        node.content = .empty
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.content = try Node.scalar(value, codingPath: codingPath).content
    }
}
