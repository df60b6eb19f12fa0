import CCrypto

/// SHA-1 through OpenSSL's libcrypto: not for security, but where a format
/// asks for it, as FHIR's `Attachment.hash` and name-based UUIDs do.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        _ = bytes.withUnsafeBufferPointer { buffer in
            CCrypto.SHA1(buffer.baseAddress, buffer.count, &digest)
        }
        return digest
    }
}
