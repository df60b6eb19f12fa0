import Foundation
import Glibc

/// The last step of a build. A whole build is written into a staging folder
/// beside the site, sealed with its manifest in the marker file, and swapped
/// in; an update in place writes the manifest last, so an interrupted one is
/// redone by the next build.
extension SiteBuilder {
    /// Marks a folder as a site this builder wrote, which it may replace, and
    /// holds the build manifest.
    static let marker = ".carefeed-site"

    /// Refuses to replace a folder that is neither missing, empty nor a site
    /// written here: `--out .` or `--out content` must not lose anything,
    /// nor a folder where someone left an empty or hand-made marker file.
    static func checkReplaceable(_ output: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw SiteError.notASite(output) }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        guard !contents.isEmpty else { return }
        guard contents.contains(marker) else { throw SiteError.notASite(output) }
        // Its first line says what it is: the rest, a record per participant, need not be read for that
        // (but a manifest before format 8 was one JSON object, read whole).
        let handle = FileHandle(forReadingAtPath: output + "/" + marker)
        defer { try? handle?.close() }
        guard isManifest(try? handle?.read(upToCount: 4096)) || isManifest(FileManager.default.contents(atPath: output + "/" + marker)) else {
            throw SiteError.foreignMarker(output)
        }
    }

    /// Whether a marker file holds a manifest carefeed build wrote, of this
    /// format or an earlier one: a JSON object saying so, with its format.
    static func isManifest(_ data: Data?) -> Bool {
        struct Written: Decodable {
            var about: String
            var format: Int
        }
        // The first line: since format 8 a manifest's first line is its header, before that it was one JSON object.
        guard let data, let written = try? JSONDecoder().decode(Written.self, from: data.prefix { $0 != UInt8(ascii: "\n") })
        else { return false }
        return written.about.hasPrefix("Written by carefeed build")
    }

    /// A writer into a new, empty staging folder beside `output`, linking
    /// unchanged files from the site at `output`.
    /// The folders above `output` are made first, as `mkdir -p` would.
    static func stagingWriter(beside output: String) throws -> FileWriter {
        let parent = (output as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw SiteError.cannotWrite(parent, (error as NSError).localizedDescription)
            }
        }
        return FileWriter(root: try freshFolder(output + ".building-\(getpid())"), mode: .staged(previous: output))
    }

    /// Removes what builds that were stopped left beside `output`: their
    /// staging (`<out>.building-PID`) and retired (`<out>.previous-PID`)
    /// folders, whose process is gone. A folder of a process still running,
    /// or anything but a folder, is left alone. Returns the paths removed.
    static func removeLeftovers(beside output: String) -> [String] {
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        guard !name.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)
        else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() {
            // A retired site is the only copy while no site is in its place: it is kept for the person to move back.
            let kinds = FileManager.default.fileExists(atPath: output) ? [".building-", ".previous-"] : [".building-"]
            for kind in kinds where entry.hasPrefix(name + kind) {
                let rest = entry.dropFirst(name.count + kind.count)
                let digits = rest.prefix(while: \.isNumber)
                guard let pid = Int32(digits), pid > 0, pid != getpid(),
                      rest.dropFirst(digits.count).allSatisfy({ $0 == "-" || $0.isNumber }) else { continue }
                // Gone, not merely someone else's: kill(0) fails with ESRCH only for no such process.
                guard kill(pid, 0) != 0, errno == ESRCH else { continue }
                let path = parent.isEmpty ? entry : parent + "/" + entry
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
                if (try? FileManager.default.removeItem(atPath: path)) != nil {
                    removed.append(path)
                }
            }
        }
        return removed
    }

    /// A folder made now by this build, named `base` or, when something
    /// already has that name, `base-2`, `base-3`…: whatever was there is
    /// left alone, and what this build removes later is only its own.
    static func freshFolder(_ base: String) throws -> String {
        for attempt in 1...100 {
            let path = attempt == 1 ? base : base + "-\(attempt)"
            if mkdir(path, 0o755) == 0 { return path }
            guard errno == EEXIST else { throw SiteError.cannotWrite(path, String(cString: strerror(errno))) }
        }
        throw SiteError.cannotWrite(base, "100 folders of that name already exist; remove those no build is using")
    }

    /// Writes the manifest into the staging folder and puts every file on disk.
    static func seal(_ writer: inout FileWriter, _ manifest: BuildManifest, key: [UInt8]) throws {
        try writer.write(marker, manifest.data(key: key))
        // On disk before the swap, so a crash never leaves a half-written
        // site in place of a whole one. (syncfs is not exposed to Swift.)
        sync()
    }

    /// What went wrong with a file, in words: the POSIX reason under Foundation's error.
    static func words(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    /// Removes the staging folder of a build that failed.
    static func discard(_ writer: FileWriter) {
        try? FileManager.default.removeItem(atPath: writer.root)
    }

    /// Puts the staged site where the old one was; the old one is moved into
    /// a fresh folder of this build's and removed only after the new one is
    /// in place.
    static func swap(_ staging: String, into output: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output) else {
            try manager.moveItem(atPath: staging, toPath: output)
            return
        }
        let retired = try freshFolder(output + ".previous-\(getpid())")
        do {
            try manager.moveItem(atPath: output, toPath: retired + "/site")
        } catch {
            try? manager.removeItem(atPath: retired)
            throw error
        }
        do {
            try manager.moveItem(atPath: staging, toPath: output)
        } catch {
            // The old site goes back; if it cannot, it is kept where it is.
            if (try? manager.moveItem(atPath: retired + "/site", toPath: output)) != nil {
                try? manager.removeItem(atPath: retired)
            }
            throw error
        }
        try? manager.removeItem(atPath: retired)
    }

    /// Ends an update in place: the manifest is replaced, after the pages are
    /// on disk, only when a file or a participant's entry changed.
    func finishUpdate(_ plan: BuildPlan, previous: BuildManifest, participants: [String: BuildManifest.Entry],
                      writer: FileWriter) throws -> Report {
        var report = plan.report
        report.add(writer.report)
        guard report.rewritten > 0 || participants != previous.participants else { return report }
        if report.rewritten > 0 {
            sync()
        }
        try writer.replace(Self.marker, BuildManifest(inputs: plan.inputs, participants: participants, reusing: previous)
            .data(key: input.manifestKey ?? []))
        return report
    }
}
