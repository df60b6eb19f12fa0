import CareModel
import Foundation
import Glibc
import Markup
import Support

/// Writes a site's files. Staged: into a new folder, linking files that did
/// not change from the previous site. In place: over the site itself,
/// replacing only files whose bytes changed, each by an atomic rename.
struct FileWriter {
    enum Mode: Sendable {
        case staged(previous: String)
        case inPlace
    }

    let root: String
    let mode: Mode
    var report = SiteBuilder.Report()
    /// Folders below the root made so far, as paths below it.
    private var folders: Set<Substring> = []
    /// Whether the previous site has each folder: a first build, or a new
    /// participant's, has nothing to link to and looks for nothing.
    private var previousFolders: [Substring: Bool] = [:]

    init(root: String, mode: Mode) {
        self.root = root
        self.mode = mode
    }

    /// Writes a rendered page: the one place where a page becomes bytes.
    mutating func page(_ path: String, _ html: HTML) throws {
        report.pages += 1
        try html.bytes.withUnsafeBytes { try write(path, $0) }
    }

    mutating func write(_ path: String, _ data: Data) throws {
        try data.withUnsafeBytes { try write(path, $0) }
    }

    mutating func write(_ path: String, _ bytes: UnsafeRawBufferPointer) throws {
        report.files += 1
        report.bytes += bytes.count
        // Each joined once into a string of its length: a site writes tens of thousands of files.
        let target = String.joined(root, "/", path)
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { Substring(path.utf8[..<$0]) } ?? ""
        if !folders.contains(folder) {
            try makeFolders(path)
            folders.insert(folder)
        }
        switch mode {
        case .staged(let previous):
            let old = String.joined(previous, "/", path)
            if previousHas(folder, in: previous), Self.hasContents(old, bytes), link(old, target) == 0 {
                return
            }
            report.rewritten += 1
            try Self.create(target, bytes)
        case .inPlace:
            if Self.hasContents(target, bytes) {
                return
            }
            report.rewritten += 1
            try replace(path, bytes)
        }
    }

    /// Whether the previous site has `folder` (below its root), as a folder of its own.
    private mutating func previousHas(_ folder: Substring, in previous: String) -> Bool {
        if let known = previousFolders[folder] { return known }
        var status = stat()
        let has = lstat(folder.isEmpty ? previous : previous + "/" + folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        previousFolders[folder] = has
        return has
    }

    /// Makes the folders of `path` below the root, one at a time, and
    /// refuses a symbolic link among them: a build writes only into folders
    /// of its own, never through a link to somewhere else.
    private func makeFolders(_ path: String) throws {
        var folder = root
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            var status = stat()
            if lstat(folder, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR: continue
                case S_IFLNK: throw SiteError.linkInSite(folder)
                default: throw SiteError.cannotWrite(folder, "a file is there where a folder belongs; move it away")
                }
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw SiteError.cannotWrite(folder, String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `data` beside `path` and renames it over `path`: a reader sees
    /// the old file or the new one, never part of one.
    func replace(_ path: String, _ data: Data) throws {
        try data.withUnsafeBytes { try replace(path, $0) }
    }

    func replace(_ path: String, _ bytes: UnsafeRawBufferPointer) throws {
        let target = root + "/" + path
        let temporary = target + ".carefeed-\(getpid())"
        // A file or a link left at the temporary name is removed, never written through.
        unlink(temporary)
        try Self.create(temporary, bytes, exclusive: true)
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SiteError.cannotWrite(target, reason)
        }
    }

    /// Removes a participant's day feeds outside `days`, e.g. after `--today` moved back.
    mutating func removeFeedPages(of participantID: String, except days: ClosedRange<Int>) throws {
        let folder = "participants/\(participantID)/feed"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
            guard name.hasSuffix(".html"), let day = LocalDate(iso: String(name.dropLast(5))), !days.contains(day.ordinal) else {
                continue
            }
            try remove(folder + "/" + name)
        }
    }

    mutating func remove(_ path: String) throws {
        // Nothing is removed through a link, which could lead out of the site.
        try refuseLinks(in: path, last: true)
        report.rewritten += 1
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    /// Throws for a symbolic link among the folders of `path` below the
    /// root (and at `path` itself with `last`).
    private func refuseLinks(in path: String, last: Bool) throws {
        var folder = root
        let components = path.split(separator: "/")
        for component in last ? components[...] : components.dropLast() {
            folder += "/" + component
            var status = stat()
            if lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw SiteError.linkInSite(folder)
            }
        }
    }

    /// Whether the file at `path` is a file of its own holding exactly
    /// `data`; a size check first spares reading files that changed length.
    static func hasContents(_ path: String, _ data: Data) -> Bool {
        data.withUnsafeBytes { hasContents(path, $0) }
    }

    static func hasContents(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var status = stat()
        // lstat: a link is never the page, whatever it leads to.
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count,
              let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing.withUnsafeBytes { $0.count == bytes.count && (bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0) }
    }

    /// Plain open-write-close: a staging folder is swapped in whole, and an
    /// in-place file is renamed over its old one; `exclusive` makes a new
    /// file only, following no link.
    static func create(_ path: String, _ data: Data, exclusive: Bool = false) throws {
        try data.withUnsafeBytes { try create(path, $0, exclusive: exclusive) }
    }

    static func create(_ path: String, _ bytes: UnsafeRawBufferPointer, exclusive: Bool = false) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL | O_NOFOLLOW : O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw SiteError.cannotWrite(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { throw SiteError.cannotWrite(path, String(cString: strerror(errno))) }
            offset += written
        }
    }
}
