/// A wall-clock time of day, `HH:MM`, as an editor writes it in a schedule.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses exactly `HH:MM` on a 24-hour clock.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hour = Int(digits: bytes[0..<2]), let minute = Int(digits: bytes[3..<5]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static let midnight = LocalTime(hour: 0, minute: 0)!

    public var secondsSinceMidnight: Int {
        hour * 3600 + minute * 60
    }

    public var description: String {
        LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }
}

extension LocalTime: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an HH:MM time: \(text)")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
