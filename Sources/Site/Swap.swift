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
    /// written here: `--out .` or `--out content` must not lose anything.
    static func checkReplaceable(_ output: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw SiteError.notASite(output) }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        guard contents.isEmpty || contents.contains(marker) else { throw SiteError.notASite(output) }
    }

    /// A writer into a new, empty staging folder beside `output`, linking
    /// unchanged files from the site at `output`.
    static func stagingWriter(beside output: String) throws -> FileWriter {
        let staging = output + ".building-\(getpid())"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        return FileWriter(root: staging, mode: .staged(previous: output))
    }

    /// Writes the manifest into the staging folder and puts every file on disk.
    static func seal(_ writer: inout FileWriter, _ manifest: BuildManifest) throws {
        try writer.write(marker, manifest.data())
        // On disk before the swap, so a crash never leaves a half-written
        // site in place of a whole one. (syncfs is not exposed to Swift.)
        sync()
    }

    /// Removes the staging folder of a build that failed.
    static func discard(_ writer: FileWriter) {
        try? FileManager.default.removeItem(atPath: writer.root)
    }

    /// Puts the staged site where the old one was; the old one is removed
    /// only after the new one is in place.
    static func swap(_ staging: String, into output: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output) else {
            try manager.moveItem(atPath: staging, toPath: output)
            return
        }
        let retired = output + ".previous-\(getpid())"
        try? manager.removeItem(atPath: retired)
        try manager.moveItem(atPath: output, toPath: retired)
        do {
            try manager.moveItem(atPath: staging, toPath: output)
        } catch {
            try? manager.moveItem(atPath: retired, toPath: output)
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
        try writer.replace(Self.marker, BuildManifest(inputs: plan.inputs, participants: participants).data())
        return report
    }
}
