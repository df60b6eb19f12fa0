import Foundation
import Glibc

/// One message handed to a mail relay by SMTP (RFC 5321): greeting, EHLO,
/// MAIL FROM, RCPT TO, DATA, QUIT, plain TCP to a relay the study runs (a
/// Postfix on this machine or in its network, which does TLS onward). The
/// conversation lasts six times `timeout` at most and reads 64 KB of
/// replies at most, so a slow or hostile relay costs a failed attempt,
/// never a hung mailer.
public struct SMTPRelay: Sendable {
    public var host: String
    public var port: UInt16
    public var timeout: Int

    public init(host: String, port: UInt16, timeout: Int = 15) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// `smtp://HOST:PORT` (port 25 when not given); nil for anything else.
    public init?(url text: String) {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "smtp",
              let host = components.host, !host.isEmpty, components.path.isEmpty || components.path == "/",
              components.user == nil, components.query == nil, let port = UInt16(exactly: components.port ?? 25) else {
            return nil
        }
        self.init(host: host, port: port)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Hands `message` (headers and body, lines ending in CRLF) to the relay for `recipient`.
    public func send(from sender: String, to recipient: String, message: String) throws(Failure) {
        let socket = try connect()
        defer { close(socket) }
        // The whole conversation has `timeout` seconds a reply, at most: a relay trickling bytes ends it.
        var reader = ReplyReader(socket: socket, deadline: .now + .seconds(timeout * 6))
        try reader.expect([220], after: "connecting")
        try exchange("EHLO carefeed.localhost", [250], socket, &reader)
        try exchange("MAIL FROM:<\(sender)>", [250], socket, &reader)
        try exchange("RCPT TO:<\(recipient)>", [250, 251], socket, &reader)
        try exchange("DATA", [354], socket, &reader)
        // A line that starts with a dot gets one more (RFC 5321 4.5.2); the lone dot ends the message.
        let lines = message.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
        try write(lines.joined(separator: "\r\n") + "\r\n.\r\n", socket)
        try reader.expect([250], after: "the message")
        try? write("QUIT\r\n", socket)
    }

    private func exchange(_ command: String, _ codes: [Int], _ socket: Int32, _ reader: inout ReplyReader) throws(Failure) {
        try write(command + "\r\n", socket)
        try reader.expect(codes, after: command.split(separator: ":").first.map(String.init) ?? command)
    }

    private func connect() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw Failure(description: "cannot find the mail relay \(host)")
        }
        defer { freeaddrinfo(found) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                                    address.pointee.ai_protocol)
            if descriptor >= 0 {
                // On Linux the send timeout bounds connect() too.
                var limit = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
                close(descriptor)
            }
            candidate = address.pointee.ai_next
        }
        throw Failure(description: "the mail relay \(host):\(port) does not answer (\(String(cString: strerror(errno))))")
    }

    private func write(_ text: String, _ socket: Int32) throws(Failure) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "the mail relay closed the connection") }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads replies: lines `250-…` continue, `250 …` ends one. The whole
    /// conversation ends at `deadline` and reads 64 KB at most, however the
    /// relay paces or lengthens its replies.
    private struct ReplyReader {
        let socket: Int32
        let deadline: ContinuousClock.Instant
        var buffer: [UInt8] = []
        var received = 0
        /// A relay's replies are a few lines each: more than this is not a relay's.
        static let limit = 64 * 1024

        mutating func expect(_ codes: [Int], after what: String) throws(Failure) {
            var lines: [String] = []
            while true {
                let line = try nextLine()
                lines.append(line)
                let bytes = Array(line.utf8)
                guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)) else {
                    throw Failure(description: "the mail relay answered \(what) with '\(line.prefix(80))', not SMTP")
                }
                if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") {
                    guard codes.contains(code) else {
                        throw Failure(description: "the mail relay refused \(what): \(lines.joined(separator: " ").prefix(200))")
                    }
                    return
                }
            }
        }

        private mutating func nextLine() throws(Failure) -> String {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[..<end].last == UInt8(ascii: "\r") ? buffer[..<(end - 1)] : buffer[..<end]
                    defer { buffer.removeFirst(end + 1) }
                    return String(decoding: line, as: UTF8.self)
                }
                guard received < Self.limit else { throw Failure(description: "the mail relay's replies are too long") }
                let left = Int32(clamping: (deadline - .now).components.seconds * 1000
                                 + (deadline - .now).components.attoseconds / 1_000_000_000_000_000)
                var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard left > 0, poll(&ready, 1, left) > 0 else {
                    throw Failure(description: "the mail relay did not answer in time")
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                guard count > 0 else {
                    throw Failure(description: count == 0 ? "the mail relay closed the connection"
                                  : "the mail relay did not answer in time")
                }
                buffer += chunk[..<count]
                received += count
            }
        }
    }
}
