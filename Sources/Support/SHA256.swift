import CCrypto

/// SHA-256 through OpenSSL's libcrypto.
public enum SHA256 {
    /// Lowercase hex digest of the text's UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            CCrypto.SHA256(buffer.baseAddress, buffer.count, &digest)
        }
        let hexDigits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in digest {
            characters.append(hexDigits[Int(byte >> 4)])
            characters.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
