import Foundation

/// CareFeed's own look and behaviour, built into the program: the
/// stylesheet, the browser scripts, the icons that answer to SF Symbol
/// names and, where Debian's `libjs-three` was installed at build time,
/// three.js. A study's public folder may replace any of them by holding a
/// file at the same path.
public enum BuiltInAssets {
    /// Path under `assets/` → bytes, decoded once on first use.
    public static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for (path, base64) in embeddedFiles {
            let text = base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            files[path] = Data(base64Encoded: text)
        }
        return files
    }()

    /// Paths of the built-in files, such as `icons/heart.fill.svg`.
    public static var paths: Set<String> { Set(embeddedFiles.map(\.path)) }

    /// Whether `name` is one of CareFeed's icons, e.g. `heart.fill`.
    public static func hasIcon(_ name: String) -> Bool {
        embeddedFiles.contains { $0.path == "icons/\(name).svg" }
    }
}
