import Foundation

/// A number in ASCII digits and a point, at most two decimals, whatever
/// language the page is in: for SVG coordinates, sort keys and form values,
/// which machines read.
public enum PlainNumber {
    public static func format(_ value: Double) -> String {
        // Counted in hundredths rather than through String(format:), which
        // costs a tenth of a page's rendering time, and written digit by
        // digit from the right: a chart writes thousands of coordinates.
        let hundredths = (value * 100).rounded(.toNearestOrEven)
        guard abs(hundredths) < 1e15 else { return "0" }
        let count = Int64(hundredths)
        let magnitude = count.magnitude
        // At most 17 bytes (a sign, 13 digits, a point, 2 decimals), on the stack, then a string of their
        // length alone: one of up to 15 bytes is held in place, with nothing allocated.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = buffer.count
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            let fraction = magnitude % 100
            if fraction != 0 {
                if fraction % 10 != 0 { put(UInt8(ascii: "0") + UInt8(fraction % 10)) }
                put(UInt8(ascii: "0") + UInt8(fraction / 10))
                put(UInt8(ascii: "."))
            }
            var whole = magnitude / 100
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if count < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}
