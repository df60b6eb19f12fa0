import Foundation
import Glibc

/// Watches folders with inotify and calls back, debounced, when anything in
/// them changes; counts changes so event streams can tell pages to reload.
final class LiveReload: @unchecked Sendable {
    // Unchecked: `generation` and `stopped` are only touched with `condition` locked;
    // the inotify descriptor and watch table belong to the watching thread.
    private let condition = NSCondition()
    private var generation = 0
    private var stopped = false
    private let descriptor: Int32
    private var watches: [Int32: String] = [:]

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

    var current: Int {
        condition.withLock { generation }
    }

    /// Waits until the generation passes `seen` or `timeout` passes; nil once stopped.
    func wait(after seen: Int, timeout: TimeInterval) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while generation == seen, !stopped, condition.wait(until: deadline) {}
            return stopped ? nil : generation
        }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    private func bump() {
        condition.withLock {
            generation += 1
            condition.broadcast()
        }
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
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
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
/// change, and a comment every second, well within the connection timeout,
/// so the stream is never cut as idle.
final class LiveStream: @unchecked Sendable {
    // Unchecked: `next` is called from the stream's own thread only.
    private let live: LiveReload
    private var seen: Int
    private var opened = false

    init(live: LiveReload) {
        self.live = live
        seen = live.current
    }

    func next() -> [UInt8]? {
        if !opened {
            opened = true
            return Array("retry: 1000\n\n".utf8)
        }
        guard let generation = live.wait(after: seen, timeout: 1) else { return nil }
        if generation == seen { return Array(": still here\n\n".utf8) }
        seen = generation
        return Array("event: reload\ndata: \(generation)\n\n".utf8)
    }
}
