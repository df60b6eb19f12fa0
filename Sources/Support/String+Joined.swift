extension String {
    /// `parts` one after another, copied once into a string made to their
    /// length: appending each in turn grows the string again for most of
    /// them, and words and links are joined hundreds of thousands of times.
    /// Inlinable, so that each caller's kind of collection is compiled in.
    @inlinable
    public static func joined(_ parts: some Collection<String>) -> String {
        let length = parts.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
                    (buffer.baseAddress! + offset).initialize(from: start, count: bytes.count)
                    offset += bytes.count
                }
            }
            return offset
        }
    }

    @inlinable
    public static func joined(_ parts: String...) -> String {
        joined(parts)
    }
}
