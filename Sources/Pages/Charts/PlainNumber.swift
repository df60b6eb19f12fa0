import Foundation

/// A number in ASCII digits and a point, at most two decimals, whatever
/// language the page is in: for SVG coordinates, sort keys and form values,
/// which machines read.
public enum PlainNumber {
    public static func format(_ value: Double) -> String {
        // Counted in hundredths rather than through String(format:), which
        // costs a tenth of a page's rendering time.
        let hundredths = (value * 100).rounded(.toNearestOrEven)
        guard abs(hundredths) < 1e15 else { return "0" }
        let count = Int64(hundredths)
        let magnitude = count.magnitude
        let whole = String(magnitude / 100)
        let fraction = magnitude % 100
        let digits = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
        return (count < 0 && magnitude > 0 ? "-" : "") + whole + digits
    }
}
