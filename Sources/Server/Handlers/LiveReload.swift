import Foundation
import Glibc
import HTTP

/// Watches folders with inotify and calls back, debounced, when anything in
/// them changes; counts changes so event streams can tell pages to reload.
/// Its one thread also wakes every waiting event stream after a change and
/// once a second, so a stream holds no thread of its own.
final class LiveReload: @unchecked Sendable {
    // Unchecked: `generation` and `stopped` are only touched with `lock` held;
    // the inotify descriptor and watch table belong to the watching thread.
    private let lock = NSLock()
    private var generation = 0
    private var stopped = false
    private let descriptor: Int32
    private var watches: [Int32: String] = [:]
    /// Wakes the open event streams.
    let waker = StreamWaker()
    /// How often waiting streams are woken to send a keep-alive comment.
    static let heartbeat: TimeInterval = 1

    init?(folders: [String], onChange: @escaping @Sendable () -> Void) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for folder in folders {
            addWatches(under: folder)
        }
        let thread = Thread { [self] in self.watch(onChange: onChange) }
        thread.name = "carefeed-live-reload"
        thread.start()
    }

    /// The count of changes so far; nil once stopped.
    var current: Int? {
        lock.withLock { stopped ? nil : generation }
    }

    /// Ends every stream: each is woken and finds the watcher stopped.
    func stop() {
        lock.withLock { stopped = true }
        waker.wakeAll()
    }

    private func bump() {
        lock.withLock { generation += 1 }
        waker.wakeAll()
    }

    private func addWatches(under folder: String) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)
        let watch = inotify_add_watch(descriptor, folder, mask)
        if watch >= 0 { watches[watch] = folder }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                addWatches(under: path)
            }
        }
    }

    private func watch(onChange: @Sendable () -> Void) {
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while current != nil {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(Self.heartbeat * 1000)) > 0 else {
                waker.wakeAll()
                continue
            }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            watchNewFolders(buffer, count)
            // Editors save in bursts (write, rename, chmod): let the burst end.
            usleep(120_000)
            var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&pending, 1, 0) > 0 {
                let more = read(descriptor, &buffer, buffer.count)
                guard more > 0 else { break }
                watchNewFolders(buffer, more)
            }
            onChange()
            bump()
        }
    }

    /// New folders (a `cp -r`, a checkout) need watches of their own.
    private func watchNewFolders(_ buffer: [UInt8], _ count: Int) {
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= count {
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, event.len > 0,
               let folder = watches[event.wd] {
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = buffer[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                addWatches(under: folder + "/" + String(decoding: name, as: UTF8.self))
            }
            offset += MemoryLayout<inotify_event>.size + Int(event.len)
        }
    }
}

/// One page's event stream: a retry hint, then a `reload` event after each
/// change, and a comment when woken a second or more after the last thing
/// sent, well within the connection timeout, so the stream is never cut as
/// idle and a client gone is noticed at the next write.
final class LiveStream: @unchecked Sendable {
    // Unchecked: `next` is called with its stream's lock held, never twice at once.
    private let live: LiveReload
    private var seen: Int
    private var opened = false
    private var lastSent: TimeInterval = 0

    init(live: LiveReload) {
        self.live = live
        seen = live.current ?? 0
    }

    /// What to send now without waiting: nil once live reload stopped, `[]` for nothing yet.
    func next() -> [UInt8]? {
        let now = ProcessInfo.processInfo.systemUptime
        guard let generation = live.current else { return nil }
        let chunk: String
        if !opened {
            opened = true
            chunk = "retry: 1000\n\n"
        } else if generation != seen {
            seen = generation
            chunk = "event: reload\ndata: \(generation)\n\n"
        } else if now - lastSent >= LiveReload.heartbeat * 0.9 {
            chunk = ": still here\n\n"
        } else {
            return []
        }
        lastSent = now
        return Array(chunk.utf8)
    }
}
