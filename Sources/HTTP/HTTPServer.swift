import CMicroHTTPD
import CMicroHTTPDShim
import Foundation

/// A thin adapter from libmicrohttpd to a handler `HTTPRequest → HTTPResponse`.
///
/// One thread per connection, so a slow client or a long-lived event stream
/// holds only its own thread; idle connections time out; headers are limited
/// by the per-connection memory (libmicrohttpd answers 431 beyond it) and
/// bodies by `maximumBodyBytes` (413).
public final class HTTPServer: @unchecked Sendable {
    // Unchecked: `daemon` is set once in init and cleared once in stop,
    // which is serialized by `lock`; the rest is immutable or itself Sendable.
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port: UInt16 = 8080
        /// Idle seconds before a connection closes; short, so a client that
        /// trickles its request a byte every few seconds is let go.
        public var connectionTimeoutSeconds: UInt32 = 3
        public var connectionLimit: UInt32 = 512
        public var connectionMemoryBytes = 32 * 1024
        public var maximumBodyBytes = 256 * 1024
        public var threadStackBytes = 512 * 1024

        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    let handler: Handler
    let configuration: Configuration
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    fileprivate let inFlight = InFlight()
    public private(set) var port: UInt16 = 0

    public init(_ configuration: Configuration, handler: @escaping Handler) throws {
        self.handler = handler
        self.configuration = configuration
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let daemon = carefeed_httpd_start(
            configuration.host, configuration.port, configuration.connectionTimeoutSeconds,
            configuration.connectionLimit, configuration.connectionMemoryBytes, configuration.threadStackBytes,
            Callbacks.access, context, Callbacks.completed, context) else {
            throw HTTPServerError.cannotStart(host: configuration.host, port: configuration.port,
                                              reason: errno == 0 ? "unknown error" : String(cString: strerror(errno)))
        }
        self.daemon = daemon
        port = carefeed_httpd_port(daemon)
    }

    deinit {
        stop(grace: 0)
    }

    /// Stops accepting connections, lets requests in flight finish and their
    /// responses reach the client (up to `grace` seconds), then closes every
    /// connection. Event streams are not waited for.
    public func stop(grace: TimeInterval = 5) {
        lock.withLock {
            guard let daemon else { return }
            _ = MHD_quiesce_daemon(daemon)
            inFlight.wait(upTo: grace)
            MHD_stop_daemon(daemon)
            self.daemon = nil
        }
    }

}

public enum HTTPServerError: Error, CustomStringConvertible {
    case cannotStart(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason); is another server using the port? Try --port with another number"
        }
    }
}

/// Counts requests from their handler's start until their response is sent,
/// so a stop can wait for them.
private final class InFlight: @unchecked Sendable {
    // Unchecked: `count` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var count = 0

    func enter() {
        condition.withLock { count += 1 }
    }

    func leave() {
        condition.withLock {
            count -= 1
            condition.broadcast()
        }
    }

    func wait(upTo seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.withLock {
            while count > 0, condition.wait(until: deadline) {}
        }
    }
}

/// One request being received: its headers, query and body so far.
private final class RequestState {
    var body: [UInt8] = []
    var received = 0
    var refused = false
    /// Counted in flight until libmicrohttpd reports the response sent.
    var inFlight = false
}

/// What the response stream reader needs, kept alive while MHD reads.
private final class StreamState {
    let next: @Sendable () -> [UInt8]?
    var pending: [UInt8] = []

    init(next: @escaping @Sendable () -> [UInt8]?) {
        self.next = next
    }
}

/// libmicrohttpd's callbacks run on its connection threads: they live here,
/// as statics outside any actor, and reach Swift objects through the
/// context pointers they were given.
private enum Callbacks {
    static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let connection, let state, let uploadSize else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        guard let existing = state.pointee else {
            state.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
            return .YES
        }
        let request = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let size = uploadSize.pointee
            uploadSize.pointee = 0
            request.received += size
            // Read past the limit (discarding) so the client sees the 413
            // rather than a reset; far past it, just drop the connection.
            guard request.received <= server.configuration.maximumBodyBytes else {
                request.refused = true
                request.body = []
                return request.received > 16 * server.configuration.maximumBodyBytes ? .NO : .YES
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    request.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
                }
            }
            return .YES
        }
        guard !request.refused else {
            return queue(HTTPResponse.text("The request body is larger than \(server.configuration.maximumBodyBytes) bytes.\n",
                                           status: 413), on: connection)
        }
        let message = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET",
                                  path: url.map { String(cString: $0) } ?? "/",
                                  query: values(connection, .GET_ARGUMENT_KIND),
                                  headers: values(connection, .HEADER_KIND), body: request.body)
        server.inFlight.enter()
        let response = server.handler(message)
        let queued = queue(response, on: connection)
        // A stream stays open as long as its client does; a stop does not wait for it.
        if case .bytes = response.body, queued == .YES {
            request.inFlight = true
        } else {
            server.inFlight.leave()
        }
        return queued
    }

    static let completed: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let state, let pointer = state.pointee else { return }
        let request = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
        state.pointee = nil
        if request.inFlight, let context {
            Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().inFlight.leave()
        }
    }

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .stream(let next):
            let stream = Unmanaged.passRetained(StreamState(next: next))
            made = MHD_create_response_from_callback(UInt64.max, 4096, read, stream.toOpaque(), freeStream)
            if made == nil { stream.release() }
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(made, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    static let read: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return -1 }
        let stream = Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
        while stream.pending.isEmpty {
            guard let chunk = stream.next() else { return -1 }
            stream.pending = chunk
        }
        let count = min(capacity, stream.pending.count)
        stream.pending.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
        }
        stream.pending.removeFirst(count)
        return count
    }

    static let freeStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<StreamState>.fromOpaque(context).release()
    }

    /// Headers or query arguments as a dictionary; a repeated name keeps its last value.
    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        let collected = ValueCollector()
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = MHD_get_connection_values(connection, kind, collect, context)
        return collected.values
    }

    static let collect: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return .YES }
        let collected = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        collected.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
        return .YES
    }
}

private final class ValueCollector {
    var values: [String: String] = [:]
}
