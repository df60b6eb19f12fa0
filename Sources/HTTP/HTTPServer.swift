import Support
import CMicroHTTPD
import CMicroHTTPDShim
import Foundation

/// A thin adapter from libmicrohttpd to a handler `HTTPRequest → HTTPResponse`.
///
/// A small pool of threads polls every connection with epoll, so a slow
/// client holds no thread while it trickles; an event stream's connection is
/// suspended between events, and a thread of its own waits for the next one.
/// Idle connections time out; headers are limited by the per-connection
/// memory (libmicrohttpd answers 431 beyond it) and bodies by
/// `maximumBodyBytes` (413).
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
        /// Threads answering requests: one a core, as nginx has workers. More
        /// only queue on one another; p99 was lower with 2 than with 4 here,
        /// under wrk and under clients that also write.
        public var threads = UInt32(max(2, ProcessInfo.processInfo.activeProcessorCount))

        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    let handler: Handler
    let configuration: Configuration
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    fileprivate let inFlight = InFlight()
    /// Event streams open now; a stop ends them before closing the daemon.
    fileprivate let streams = Locked<[ObjectIdentifier: StreamState]>([:])
    public private(set) var port: UInt16 = 0

    public init(_ configuration: Configuration, handler: @escaping Handler) throws {
        self.handler = handler
        self.configuration = configuration
        let context = Unmanaged.passUnretained(self).toOpaque()
        var bound: UInt16 = 0
        guard let daemon = carefeed_httpd_start(
            configuration.host, configuration.port, &bound, configuration.connectionTimeoutSeconds,
            configuration.connectionLimit, configuration.connectionMemoryBytes, configuration.threadStackBytes,
            configuration.threads, Callbacks.access, context, Callbacks.completed, context) else {
            throw HTTPServerError.cannotStart(host: configuration.host, port: configuration.port,
                                              reason: errno == 0 ? "unknown error" : String(cString: strerror(errno)))
        }
        self.daemon = daemon
        port = bound
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
            // The listening socket is ours again after quiescing: closed at the end.
            let listener = MHD_quiesce_daemon(daemon)
            defer { if listener >= 0 { close(listener) } }
            inFlight.close(waitingUpTo: grace)
            // A suspended stream must be resumed, and never touched again,
            // before its connection is closed.
            let open = streams.update { streams in
                defer { streams = [:] }
                return streams
            }
            for stream in open.values {
                stream.end()
            }
            MHD_stop_daemon(daemon)
            self.daemon = nil
        }
    }

}

/// Counts requests from their handler's start until their response is sent,
/// so a stop can wait for them; once a stop begins, no handler starts.
private final class InFlight: @unchecked Sendable {
    // Unchecked: `count` and `isClosed` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var count = 0
    private var isClosed = false

    /// False once a stop has begun: a request on a connection kept open from
    /// before would otherwise run its handler, and perhaps write, after the
    /// stop stopped waiting, and lose its response.
    func enter() -> Bool {
        condition.withLock {
            guard !isClosed else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        condition.withLock {
            count -= 1
            condition.broadcast()
        }
    }

    /// Lets no more requests in, then waits for those in flight.
    func close(waitingUpTo seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.withLock {
            isClosed = true
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

/// An event stream being sent. A thread of its own calls the blocking
/// `next` and queues what it gives; libmicrohttpd's reader takes from the
/// queue, and when it is empty suspends the connection until the thread
/// resumes it, so no polling thread ever waits.
private final class StreamState: @unchecked Sendable {
    // Unchecked: `pending`, `finished`, `suspended` and `connection` are only
    // touched with `lock` held; `next` runs on the stream's own thread only.
    private let next: @Sendable () -> [UInt8]?
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var finished = false
    private var suspended = false
    /// Nil once the stream has ended: the connection may be gone.
    private var connection: OpaquePointer?
    weak var server: HTTPServer?

    init(next: @escaping @Sendable () -> [UInt8]?, connection: OpaquePointer, server: HTTPServer) {
        self.next = next
        self.connection = connection
        self.server = server
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                let chunk = next()
                let done = lock.withLock {
                    if let chunk, !finished {
                        pending += chunk
                    } else {
                        finished = true
                    }
                    wake()
                    return finished
                }
                if done { return }
            }
        }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Called by libmicrohttpd on a polling thread: bytes if there are any,
    /// -1 at the end, or 0 after suspending the connection until there are.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        lock.withLock {
            if !pending.isEmpty {
                let count = min(capacity, pending.count)
                pending.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: count) }
                pending.removeFirst(count)
                return count
            }
            guard !finished, let connection else { return -1 }
            suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// Ends the stream: its reader gives -1 from now on, and its connection
    /// is resumed if suspended and never touched again.
    func end() {
        lock.withLock {
            finished = true
            wake()
            connection = nil
        }
    }

    /// With `lock` held.
    private func wake() {
        if suspended, let connection {
            suspended = false
            MHD_resume_connection(connection)
        }
    }
}

/// libmicrohttpd's callbacks run on its polling threads: they live here,
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
                                           status: 413), on: connection, server: server)
        }
        let message = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET",
                                  path: url.map { String(cString: $0) } ?? "/",
                                  query: values(connection, .GET_ARGUMENT_KIND),
                                  headers: values(connection, .HEADER_KIND), body: request.body)
        guard server.inFlight.enter() else {
            var closing = HTTPResponse.text("The server is stopping, so this request was not handled. Try again.\n", status: 503)
            closing.headers.append(("Connection", "close"))
            return queue(closing, on: connection, server: server)
        }
        let response = server.handler(message)
        let queued = queue(response, on: connection, server: server)
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

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: HTTPServer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .stream(let next):
            let state = StreamState(next: next, connection: connection, server: server)
            let stream = Unmanaged.passRetained(state)
            made = MHD_create_response_from_callback(UInt64.max, 4096, read, stream.toOpaque(), freeStream)
            if made == nil {
                stream.release()
            } else {
                server.streams.update { $0[ObjectIdentifier(state)] = state }
                state.start()
            }
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
        return Unmanaged<StreamState>.fromOpaque(context).takeUnretainedValue()
            .read(into: UnsafeMutableRawPointer(buffer), capacity: capacity)
    }

    static let freeStream: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<StreamState>.fromOpaque(context).takeRetainedValue()
        stream.end()
        stream.server?.streams.update { $0[ObjectIdentifier(stream)] = nil }
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
