extension Int {
    /// Parses ASCII decimal digits only: no sign, no spaces.
    init?(digits: some Collection<UInt8>) {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        self = value
    }
}

extension Double {
    /// A number written plainly, as a choice's value or a condition's is:
    /// an optional minus, ASCII digits, an optional point and digits. Nil for
    /// anything else, `nan`, `inf`, `1e5`, `0x10` and ` 3` among them, so a
    /// value read this way is always finite.
    public init?(plain text: String) {
        // Checked in place: scores read every choice's value of an item for each outcome.
        var text = text
        guard text.withUTF8(Self.isPlain), let value = Double(text), value.isFinite else { return nil }
        self = value
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        let point = digits.firstIndex(of: UInt8(ascii: "."))
        let isDigits = { (run: Slice<UnsafeBufferPointer<UInt8>>) in !run.isEmpty && run.allSatisfy { $0 >= 48 && $0 <= 57 } }
        return isDigits(digits[..<(point ?? digits.endIndex)]) && (point.map { isDigits(digits[($0 + 1)...]) } ?? true)
    }
}
