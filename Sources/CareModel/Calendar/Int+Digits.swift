extension Int {
    /// Parses ASCII decimal digits only: no sign, no spaces.
    init?(digits: ArraySlice<UInt8>) {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        self = value
    }
}
