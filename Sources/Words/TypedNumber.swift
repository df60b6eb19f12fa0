import CICUShim
import Foundation

/// A number a person typed, read whole: its value exactly as typed, and
/// the decimal places and significant digits it was written with, so a
/// value model can say "at most 1 decimal" without a display format
/// rounding it first.
public struct TypedNumber: Hashable, Sendable {
    public var value: Double
    /// Places after the decimal separator, trailing zeros left out: `6.50` has 1.
    public var decimalPlaces: Int
    /// Digits from the first that is not zero to the last that is not, at
    /// least 1: `0.0250` has 2; more than a double holds exactly (15) is too many.
    public var significantDigits: Int

    /// The most significant digits a number keeps exactly when stored.
    public static let exactDigits = 15

    /// Reads ICU's plain decimal: `-75.325`, `1000`, `1E-7`, `1E+20`.
    init?(plainDecimal text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        let parts = text.uppercased().split(separator: "E", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissa = parts[0].filter { $0 != "-" && $0 != "+" }
        let split = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = split[0], fraction = split.count == 2 ? split[1] : ""
        let digits = (whole + fraction).drop { $0 == "0" }
        let trimmedFraction = fraction.reversed().drop { $0 == "0" }
        self.value = value
        self.decimalPlaces = max(0, trimmedFraction.count - exponent)
        self.significantDigits = max(1, String(digits.reversed().drop { $0 == "0" }).count)
    }

    /// A stored number as its shortest exact text writes it (`75.325`,
    /// `1e-07`): what it was typed as, since a value is stored as typed.
    public init?(stored number: Double) {
        self.init(plainDecimal: String(describing: number))
    }
}

extension Formats {
    /// What a person typed, read as one number: in the language's own
    /// digits and separators by CLDR, strictly (`٦٫٥`, `6,5` in German,
    /// `1,000` in English), or as digits of any script with a `.` and no
    /// grouping (`6.5` on a German phone, what a number field sends). White
    /// space may surround it; anything else (`3 kg`, `3%`, `٣abc`, `1e5`)
    /// makes it no number, never a number cut short. Nil when it is none,
    /// and when the two readings give two numbers (`1.250` in German, 1250
    /// or 1.25): a record is never a guess, so the participant writes it
    /// again without a thousands separator.
    public func readNumber(_ typed: String) -> TypedNumber? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count <= 200 else { return nil }
        let own = Self.icuDecimal(text, locale: tag.identifier, grouping: true)
        let plain = Self.icuDecimal(text, locale: "en_US_POSIX", grouping: false)
        if let own, let plain, own.value != plain.value { return nil }
        return own ?? plain
    }

    private static func icuDecimal(_ text: String, locale: String, grouping: Bool) -> TypedNumber? {
        var buffer = [CChar](repeating: 0, count: 128)
        let utf8 = Array(text.utf8)
        let length = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                Int(carefeed_number_parse(locale, grouping ? 1 : 0, chars.baseAddress, Int32(chars.count), &buffer,
                                          Int32(buffer.count)))
            }
        }
        guard length > 0 else { return nil }
        return TypedNumber(plainDecimal: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
