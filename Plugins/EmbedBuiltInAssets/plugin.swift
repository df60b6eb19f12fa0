import Foundation
import PackagePlugin

/// Embeds files in the program: the files under the target's `Files/`
/// folder (and, for `BuiltInAssets`, three.js from Debian's `libjs-three`
/// where it is installed) become one generated Swift file of string
/// constants, so a `carefeed` binary copied anywhere still has its
/// stylesheet, scripts, icons, the study `carefeed init` writes and the
/// editors' reference.
@main struct EmbedBuiltInAssets: BuildToolPlugin {
    /// Asset path → where Debian installs it.
    static let three = [
        ("js/three.min.js", "/usr/share/javascript/three/three.min.js"),
        ("js/GLTFLoader.js", "/usr/share/javascript/three/examples/js/loaders/GLTFLoader.js"),
        ("js/OrbitControls.js", "/usr/share/javascript/three/examples/js/controls/OrbitControls.js"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Files")
        var pairs: [(String, URL)] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            pairs.append((relative, url))
        }
        for (path, source) in Self.three where target.name == "BuiltInAssets" && FileManager.default.fileExists(atPath: source) {
            pairs.append((path, URL(fileURLWithPath: source)))
        }
        // The editors' reference goes with the study `init` writes, for `serve` to show at /docs.
        if target.name == "StudyTemplate" {
            pairs.append(("reference/content.md", context.package.directoryURL.appending(path: "docs/content.md")))
        }
        pairs.sort { $0.0 < $1.0 }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [.buildCommand(displayName: "Embedding the files of \(target.name)",
                              executable: try context.tool(named: "embed-assets").url,
                              arguments: [output.path] + pairs.map { "\($0.0)=\($0.1.path)" },
                              inputFiles: pairs.map(\.1), outputFiles: [output])]
    }
}
