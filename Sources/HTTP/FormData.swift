/// `application/x-www-form-urlencoded` bodies, decoded by hand with limits:
/// a forged or oversized form is refused with a reason, never half-read.
public struct FormData: Sendable {
    public private(set) var fields: [(name: String, value: String)] = []

    public struct Limits: Sendable {
        public var fields: Int
        public var valueBytes: Int

        public init(fields: Int = 200, valueBytes: Int = 128 * 1024) {
            self.fields = fields
            self.valueBytes = valueBytes
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooManyFields(Int)
        case valueTooLong(String)
        case badEncoding

        public var description: String {
            switch self {
            case .tooManyFields(let limit): "the form has more than \(limit) fields"
            case .valueTooLong(let name): "the field '\(name)' is too long"
            case .badEncoding: "the form is not valid URL-encoded UTF-8"
            }
        }
    }

    public init(_ body: [UInt8], limits: Limits = Limits()) throws(Failure) {
        guard !body.isEmpty else { return }
        var start = 0
        while start <= body.count {
            let end = body[start...].firstIndex(of: UInt8(ascii: "&")) ?? body.count
            if end > start {
                guard fields.count < limits.fields else { throw .tooManyFields(limits.fields) }
                let pair = body[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = try Self.decode(pair[..<(equals ?? end)])
                let value = if let equals { try Self.decode(pair[(equals + 1)...]) } else { "" }
                guard value.utf8.count <= limits.valueBytes else { throw .valueTooLong(name) }
                fields.append((name, value))
            }
            start = end + 1
        }
    }

    /// The first value of `name`.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order: checkboxes that share a name.
    public func all(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// `+` is a space, `%XX` a byte; the bytes must be UTF-8 without NUL.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                      let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else { throw .badEncoding }
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        guard !decoded.contains(0), let text = String(validating: decoded, as: UTF8.self) else { throw .badEncoding }
        return text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
