import Foundation

/// ISO-8601 text for instants, as the store keeps them and exports show them.
///
/// Hand-written rather than `ISO8601DateFormatter` because every page of the
/// site formats many of them and the formatter is slow and not Sendable.
public enum Timestamp {
    /// `2026-03-08T12:00:00.000Z`: UTC with milliseconds, sortable as text.
    public static func utc(_ instant: Date) -> String {
        let milliseconds = Int((instant.timeIntervalSince1970 * 1000).rounded())
        let day = LocalDate(ordinal: Int((Double(milliseconds) / 86_400_000).rounded(.down)))
        let rest = milliseconds - day.ordinal * 86_400_000
        return written(day, rest / 1000) { text in
            text.append(UInt8(ascii: "."))
            text.digits(rest % 1000, 3)
            text.append(UInt8(ascii: "Z"))
        }
    }

    /// `2026-03-08T08:00:00-04:00`: the wall clock in `zone` with its offset.
    public static func local(_ instant: Date, in zone: TimeZone) -> String {
        local(instant, offset: zone.secondsFromGMT(for: instant))
    }

    /// The same, with the zone's offset at `instant` already known, in seconds.
    public static func local(_ instant: Date, offset: Int) -> String {
        let wall = Int((instant.timeIntervalSince1970).rounded(.down)) + offset
        let day = LocalDate(ordinal: Int((Double(wall) / 86_400).rounded(.down)))
        let magnitude = abs(offset)
        return written(day, wall - day.ordinal * 86_400) { text in
            text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            text.digits(magnitude / 3600, 2)
            text.append(UInt8(ascii: ":"))
            text.digits(magnitude % 3600 / 60, 2)
        }
    }

    /// Parses what `utc` and `local` write: a date, `T`, `HH:MM:SS`, optional
    /// fraction, then `Z` or `±HH:MM`.
    public static func parse(_ text: String) -> Date? {
        text.utf8.withContiguousStorageIfAvailable { parse(utf8: $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { parse(utf8: $0) }
    }

    /// Parses the UTF-8 in place: every outcome and audit entry read holds several.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"),
              let day = LocalDate(iso: UnsafeBufferPointer(rebasing: bytes[0..<10])),
              let hour = Int(digits: bytes[11..<13]), hour < 24,
              let minute = Int(digits: bytes[14..<16]), minute < 60,
              let second = Int(digits: bytes[17..<19]), second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        var offset = 0
        if index == bytes.count - 1, bytes[index] == UInt8(ascii: "Z") {
            offset = 0
        } else if index == bytes.count - 6, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                  bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = Int(digits: bytes[(index + 1)..<(index + 3)]),
                  let minutes = Int(digits: bytes[(index + 4)..<(index + 6)]) {
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let wall = Double(day.ordinal * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: wall - Double(offset))
    }

    /// `day`, `T` and the clock at `secondsOfDay`, then what `ending` adds:
    /// written byte by byte, since every audit trail and export writes many.
    private static func written(_ day: LocalDate, _ secondsOfDay: Int, ending: (inout Bytes) -> Void) -> String {
        var text = Bytes()
        text.ascii(day.description)
        text.append(UInt8(ascii: "T"))
        text.digits(secondsOfDay / 3600, 2)
        text.append(UInt8(ascii: ":"))
        text.digits(secondsOfDay % 3600 / 60, 2)
        text.append(UInt8(ascii: ":"))
        text.digits(secondsOfDay % 60, 2)
        ending(&text)
        return text.string
    }

    /// Up to 48 ASCII bytes on the stack: a timestamp of any year an `Int` holds fits.
    private struct Bytes {
        private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        private var count = 0

        mutating func append(_ byte: UInt8) {
            precondition(count < 48)
            withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
            count += 1
        }

        mutating func ascii(_ text: String) {
            for byte in text.utf8 { append(byte) }
        }

        /// `value` in at least `width` digits, with leading zeros.
        mutating func digits(_ value: Int, _ width: Int) {
            // Two digits, as hours, minutes, seconds and offsets have: written as they are, without a string.
            if width == 2, (0..<100).contains(value) {
                append(UInt8(ascii: "0") + UInt8(value / 10))
                append(UInt8(ascii: "0") + UInt8(value % 10))
                return
            }
            let text = String(value)
            for _ in 0..<max(0, width - text.utf8.count) { append(UInt8(ascii: "0")) }
            ascii(text)
        }

        var string: String {
            withUnsafeBytes(of: storage) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
    }
}
