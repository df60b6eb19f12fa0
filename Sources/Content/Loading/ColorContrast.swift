import Foundation

/// WCAG 2 contrast between two sRGB colours, for the check that a chart's
/// marks stand out from its background: graphics need 3:1 (success
/// criterion 1.4.11, non-text contrast).
enum ColorContrast {
    typealias RGB = (red: Int, green: Int, blue: Int)

    static let minimum = 3.0
    /// Charts are drawn on white.
    static let chartBackground: RGB = (255, 255, 255)

    /// `#ff7660` as its three channels; nil unless it is `#rrggbb`.
    static func rgb(_ text: String) -> RGB? {
        guard text.count == 7, text.first == "#", text.dropFirst().allSatisfy(\.isHexDigit),
              let value = Int(text.dropFirst(), radix: 16) else { return nil }
        return (value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff)
    }

    static func hex(_ color: RGB) -> String {
        "#" + [color.red, color.green, color.blue].map { String(format: "%02x", $0) }.joined()
    }

    static func ratio(_ first: RGB, _ second: RGB) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// `2.6:1`, to the nearest tenth; a ratio just under the minimum that
    /// would round up to it is given in hundredths, `2.96:1`, so it never reads as meeting it.
    static func describe(_ ratio: Double) -> String {
        var rounded = (ratio * 10).rounded() / 10
        if ratio < minimum && rounded >= minimum {
            rounded = (ratio * 100).rounded(.down) / 100
        }
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + ":1"
    }

    /// The colour darkened in small steps, keeping its hue, until it reaches
    /// the minimum against the chart's background.
    static func darkened(_ color: RGB) -> RGB {
        var scale = 1.0
        var darker = color
        while ratio(darker, chartBackground) < minimum && scale > 0 {
            scale -= 0.02
            darker = (Int(Double(color.red) * scale), Int(Double(color.green) * scale), Int(Double(color.blue) * scale))
        }
        return darker
    }

    private static func luminance(_ color: RGB) -> Double {
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }
}
