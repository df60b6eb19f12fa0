import CMicroHTTPD
import CMicroHTTPDShim
import Foundation
import Glibc
import Support

/// A thin adapter from libmicrohttpd to a handler `HTTPRequest → HTTPResponse`.
///
/// A small pool of threads polls every connection with epoll, so a slow
/// client holds no thread while it trickles, and an event stream's
/// connection is suspended between events until its waker resumes it.
/// Connections have an idle timeout, and a request header a deadline as a
/// whole; each client may keep a few connections waiting for a header.
/// Headers are limited by the per-connection memory (libmicrohttpd answers
/// 431 beyond it) and bodies by `maximumBodyBytes` (413, from the
/// Content-Length before the body is sent, and the connection then closed
/// lingering, so a client that writes its whole body first still reads it);
/// a header that frames its body two ways gets 400.
public final class HTTPServer: @unchecked Sendable {
    // Unchecked: `daemon` is set once in init and cleared once in stop,
    // which is serialized by `lock`; the rest is immutable or itself Sendable.
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port: UInt16 = 8080
        /// Idle seconds before a connection closes; short, so a client that
        /// trickles its request a byte every few seconds is let go.
        public var connectionTimeoutSeconds: UInt32 = 3
        /// Seconds for a whole request header, from the connection's opening
        /// or the end of its last response, however the bytes trickle in.
        public var headerDeadlineSeconds: TimeInterval = 5
        /// Connections one address may keep waiting for a request header;
        /// a new one closes its oldest.
        public var waitingConnectionsPerClient = 64
        /// Above a thousand: each open event stream holds one.
        public var connectionLimit: UInt32 = 4096
        public var listenBacklog: Int32 = 1024
        public var connectionMemoryBytes = 32 * 1024
        public var maximumBodyBytes = 256 * 1024
        public var threadStackBytes = 512 * 1024
        /// Threads answering requests: one a core, as nginx has workers. More
        /// only queue on one another; p99 was lower with 2 than with 4 here,
        /// under wrk and under clients that also write.
        public var threads = UInt32(max(2, ProcessInfo.processInfo.activeProcessorCount))
        /// PEM texts of a TLS key and certificate chain: every connection is then HTTPS.
        public var tls: (key: String, certificate: String)?

        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    let handler: Handler
    let configuration: Configuration
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    let inFlight = InFlight()
    let connections: ConnectionGuard
    /// Event streams open now; a stop ends them before closing the daemon.
    let streams = Locked<[ObjectIdentifier: StreamState]>([:])
    public private(set) var port: UInt16 = 0
    private var tlsTexts: (key: UnsafeMutablePointer<CChar>?, certificate: UnsafeMutablePointer<CChar>?)?

    public init(_ configuration: Configuration, handler: @escaping Handler) throws {
        self.handler = handler
        self.configuration = configuration
        connections = ConnectionGuard(headerDeadline: configuration.headerDeadlineSeconds,
                                      waitingPerClient: configuration.waitingConnectionsPerClient)
        Self.raiseFileLimit(to: Int(configuration.connectionLimit) + connections.lingeringClose.capacity + 64)
        var bound: UInt16 = 0
        // libmicrohttpd keeps pointers to the PEM texts for the daemon's life: copies this server frees in deinit.
        tlsTexts = configuration.tls.map { (strdup($0.key), strdup($0.certificate)) }
        if let tlsTexts, tlsTexts.key == nil || tlsTexts.certificate == nil {
            free(tlsTexts.key)
            free(tlsTexts.certificate)
            connections.stop()
            throw HTTPServerError.cannotStart(host: configuration.host, port: configuration.port, reason: "out of memory for the TLS key")
        }
        let started = configuration.host.withCString { host in
            var settings = carefeed_httpd_settings(
                address: host, port: configuration.port, connection_timeout_seconds: configuration.connectionTimeoutSeconds,
                connection_limit: configuration.connectionLimit, listen_backlog: configuration.listenBacklog,
                connection_memory_limit: configuration.connectionMemoryBytes,
                thread_stack_size: configuration.threadStackBytes, thread_pool_size: configuration.threads,
                handler: Callbacks.access, completed: Callbacks.completed, notify_connection: Callbacks.connection,
                context: Unmanaged.passUnretained(self).toOpaque(),
                tls_key_pem: UnsafePointer(tlsTexts?.key), tls_cert_pem: UnsafePointer(tlsTexts?.certificate))
            return carefeed_httpd_start(&settings, &bound)
        }
        guard let started else {
            connections.stop()
            free(tlsTexts?.key)
            free(tlsTexts?.certificate)
            tlsTexts = nil
            throw HTTPServerError.cannotStart(host: configuration.host, port: configuration.port,
                                              reason: errno == 0 ? "unknown error" : String(cString: strerror(errno)))
        }
        daemon = started
        port = bound
    }

    deinit {
        stop(grace: 0)
        free(tlsTexts?.key)
        free(tlsTexts?.certificate)
    }

    /// Connections open now, and how many of them wait for a request header.
    public var connectionCounts: (open: Int, waiting: Int) {
        connections.counts
    }

    /// Lets requests in flight finish and their responses reach the client
    /// (up to `grace` seconds), answering any new request 503 meanwhile, then
    /// closes every connection and the listening socket. Event streams are not
    /// waited for.
    public func stop(grace: TimeInterval = 5) {
        lock.withLock {
            guard let daemon else { return }
            // Not MHD_quiesce_daemon: with a pool of epoll threads it races a
            // worker taking the listening socket out of its own epoll set, and
            // the loser aborts the process ("Failed to remove listen FD from
            // epoll set"). A request arriving during the grace gets a 503.
            inFlight.close(waitingUpTo: grace)
            connections.stop()
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

    /// Lets this process open a socket for every connection the server may
    /// hold: the soft limit on open files is often 1,024. Raised, never
    /// lowered, and never past the hard limit.
    private static func raiseFileLimit(to wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// Counts requests from their handler's start until their response is sent,
/// so a stop can wait for them; once a stop begins, no handler starts.
final class InFlight: @unchecked Sendable {
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
