import CCrypto

/// HMAC-SHA-256 through OpenSSL's libcrypto: what proves that a file was
/// written by someone who holds the key.
public enum HMACSHA256 {
    public static let length = 32

    /// The 32-byte code of `data` under `key`; nil where libcrypto could not
    /// make one, so nothing is ever taken as sealed by a code of zeros.
    public static func code(key: [UInt8], _ data: UnsafeRawBufferPointer) -> [UInt8]? {
        var code = [UInt8](repeating: 0, count: length)
        var written: UInt32 = 0
        let made = key.withUnsafeBytes { key in
            HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress?.assumingMemoryBound(to: UInt8.self),
                 data.count, &code, &written) != nil
        }
        return made && written == length ? code : nil
    }

    /// Whether `code` is the code of `data` under `key`, compared in constant time.
    public static func isCode(_ code: some Collection<UInt8>, of data: UnsafeRawBufferPointer, key: [UInt8]) -> Bool {
        guard let expected = Self.code(key: key, data), code.count == expected.count else { return false }
        return zip(code, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
