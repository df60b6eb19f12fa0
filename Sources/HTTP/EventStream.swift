import CMicroHTTPD
import Foundation
import Support

/// Wakes the event streams that wait on it. Whoever makes a stream's chunks
/// holds one and calls `wakeAll()` when a stream may have something to send:
/// one thread can serve every open stream, and a waiting stream holds none.
public final class StreamWaker: Sendable {
    private let waiting = Locked<[ObjectIdentifier: @Sendable () -> Void]>([:])

    public init() {}

    /// Asks every stream waiting on this waker for its next chunk.
    public func wakeAll() {
        for wake in waiting.value.values {
            wake()
        }
    }

    /// How many streams wait on this waker now.
    public var count: Int {
        waiting.value.count
    }

    func register(_ id: ObjectIdentifier, wake: @escaping @Sendable () -> Void) {
        waiting.update { $0[id] = wake }
    }

    func unregister(_ id: ObjectIdentifier) {
        waiting.update { _ = $0.removeValue(forKey: id) }
    }
}

/// An event stream being sent. libmicrohttpd's reader asks `next` for what
/// is ready; when nothing is, it suspends the connection until the stream's
/// waker resumes it, so no thread ever waits for the next event.
final class StreamState: @unchecked Sendable {
    // Unchecked: `pending`, `finished`, `suspended` and `connection` are only
    // touched with `lock` held, and `next` is only called with it held.
    private let next: @Sendable () -> [UInt8]?
    private let waker: StreamWaker
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private var finished = false
    private var suspended = false
    /// Nil once the stream has ended: the connection may be gone.
    private var connection: OpaquePointer?
    weak var server: HTTPServer?

    init(next: @escaping @Sendable () -> [UInt8]?, waker: StreamWaker, connection: OpaquePointer, server: HTTPServer) {
        self.next = next
        self.waker = waker
        self.connection = connection
        self.server = server
        waker.register(ObjectIdentifier(self)) { [weak self] in self?.wake() }
    }

    /// Called by libmicrohttpd on a polling thread: bytes if there are any,
    /// -1 at the end, or 0 after suspending the connection until there are.
    /// A wake between `next` giving nothing and the suspension waits for the
    /// lock, and so finds the connection suspended and resumes it.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        lock.withLock {
            if pending.isEmpty, !finished {
                if let chunk = next() {
                    pending = chunk
                } else {
                    finished = true
                }
            }
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

    /// Resumes the connection if it waits, so the reader asks `next` again.
    func wake() {
        lock.withLock { resume() }
    }

    /// Ends the stream: its reader gives -1 from now on, and its connection
    /// is resumed if suspended and never touched again.
    func end() {
        lock.withLock {
            finished = true
            resume()
            connection = nil
        }
        waker.unregister(ObjectIdentifier(self))
    }

    /// With `lock` held.
    private func resume() {
        if suspended, let connection {
            suspended = false
            MHD_resume_connection(connection)
        }
    }
}
