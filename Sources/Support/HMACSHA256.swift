import CCrypto

/// HMAC-SHA-256 through OpenSSL's libcrypto: what proves that a file was
/// written by someone who holds the key. One `HMACSHA256` keeps libcrypto's
/// context with its key for the codes of many messages: setting one up for
/// each record was most of the time a rebuild took to check a manifest of
/// 10,000. Use each from one thread at a time.
public final class HMACSHA256 {
    public static let length = 32
    private let context: OpaquePointer?

    /// Nil where libcrypto cannot make one, so nothing is ever taken as sealed by a code it did not make.
    public init?(key: [UInt8]) {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
        defer { EVP_MAC_free(mac) }
        context = EVP_MAC_CTX_new(mac)
        guard context != nil else { return nil }
        var name = Array("digest".utf8CString), digest = Array("SHA256".utf8CString)
        let made = name.withUnsafeMutableBufferPointer { name in
            digest.withUnsafeMutableBufferPointer { digest in
                var parameters = [OSSL_PARAM_construct_utf8_string(name.baseAddress, digest.baseAddress, 0), OSSL_PARAM_construct_end()]
                return key.withUnsafeBufferPointer { key in
                    // A key of no bytes is still a key: libcrypto is given a pointer it need not read.
                    var none: UInt8 = 0
                    return EVP_MAC_init(context, key.baseAddress ?? withUnsafePointer(to: &none) { $0 }, key.count, &parameters) == 1
                }
            }
        }
        guard made else { return nil }
    }

    deinit {
        EVP_MAC_CTX_free(context)
    }

    /// The 32-byte code of `parts`, one after another; nil where libcrypto failed.
    public func code(_ parts: [UnsafeRawBufferPointer]) -> [UInt8]? {
        // Starting again keeps the key.
        guard EVP_MAC_init(context, nil, 0, nil) == 1 else { return nil }
        for part in parts where part.count > 0 {
            guard EVP_MAC_update(context, part.baseAddress!.assumingMemoryBound(to: UInt8.self), part.count) == 1 else { return nil }
        }
        var code = [UInt8](repeating: 0, count: Self.length)
        var written = 0
        guard EVP_MAC_final(context, &code, &written, Self.length) == 1, written == Self.length else { return nil }
        return code
    }

    /// Whether `code` is the code of `parts`, compared in constant time.
    public func isCode(_ code: ArraySlice<UInt8>, of parts: [UnsafeRawBufferPointer]) -> Bool {
        guard let expected = self.code(parts), code.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (index, byte) in expected.enumerated() {
            difference |= byte ^ code[code.startIndex + index]
        }
        return difference == 0
    }
}
