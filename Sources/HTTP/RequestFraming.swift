import Foundation

/// The checks on how a request says where its body ends, made on its header
/// alone, before any of the body is read or `100 Continue` is sent: a
/// request that could be read two ways is refused rather than guessed at,
/// and a body over the limit is refused before it is sent.
enum RequestFraming {
    /// The answer to a request that must not be read further, or nil.
    /// - Parameter headers: every header line as sent, repeats included.
    static func refusal(_ headers: [(name: String, value: String)], maximumBodyBytes: Int) -> HTTPResponse? {
        let values = { (name: String) in headers.filter { $0.name.lowercased() == name }.map(\.value) }
        let hosts = values("host")
        let lengths = values("content-length")
        let encodings = values("transfer-encoding")
        let refuse = { (reason: String) -> HTTPResponse? in
            var response = HTTPResponse.text("Bad request: \(reason).\n", status: .badRequest)
            response.headers.append(("Connection", "close"))
            return response
        }
        if hosts.count > 1 {
            return refuse("more than one Host header")
        }
        if lengths.count > 1 {
            return refuse("more than one Content-Length header")
        }
        if !lengths.isEmpty, !encodings.isEmpty {
            return refuse("both Content-Length and Transfer-Encoding")
        }
        if !encodings.isEmpty, encodings.count > 1 || encodings[0].trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
            return refuse("the only Transfer-Encoding taken is chunked")
        }
        guard let length = lengths.first else { return nil }
        let digits = length.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return refuse("Content-Length is not a number")
        }
        // Longer than any number below the limit: refused without parsing.
        guard digits.count <= 18, let bytes = Int(digits), bytes <= maximumBodyBytes else {
            var response = HTTPResponse.text("The request body is larger than \(maximumBodyBytes) bytes.\n", status: .contentTooLarge)
            response.headers.append(("Connection", "close"))
            return response
        }
        return nil
    }
}
