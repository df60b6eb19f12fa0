import BuiltInAssets
import Content
import StudyModel
import Foundation

/// Every file under a site's `assets/`: CareFeed's own files built into the
/// program, the study's public folder over them (a file at the same path
/// replaces the built-in one), and a script per 3D model that carries its
/// bytes, so the viewer can read the model from `file://`, where browsers
/// refuse to fetch files.
///
/// The bytes are read once, when the assets are listed: the server answers
/// from memory, and a change on disk is picked up by listing them again.
public struct Assets: Sendable {
    /// Path under `assets/` → its bytes.
    public private(set) var files: [String: Data] = [:]
    /// Problems worth telling: a missing three.js means posters instead of models.
    public private(set) var warnings: [String] = []

    static let three = "/usr/share/javascript/three"
    static let vendor: [(String, String)] = [
        ("js/three.min.js", three + "/three.min.js"),
        ("js/GLTFLoader.js", three + "/examples/js/loaders/GLTFLoader.js"),
        ("js/OrbitControls.js", three + "/examples/js/controls/OrbitControls.js"),
    ]

    public init(publicDirectory: String, study: Study) throws {
        files = BuiltInAssets.files
        let root = URL(fileURLWithPath: publicDirectory).standardizedFileURL.path
        // A link could bring any file on the computer into the site: it is
        // neither copied nor served (and `check` names it as an error).
        let listing = SymbolicLinks.walk(root)
        for relative in listing.files {
            if let bytes = SymbolicLinks.contents(root + "/" + relative) {
                files[relative] = bytes
            }
        }
        for link in listing.links {
            warnings.append("\(publicDirectory)/\(link) is a symbolic link: not copied and not served")
        }
        // A program built without libjs-three looks for it where Debian installs it.
        for (path, source) in Self.vendor where files[path] == nil {
            if let bytes = FileManager.default.contents(atPath: source) {
                files[path] = bytes
            } else {
                warnings.append("\(source) is missing (install libjs-three): notes show the model's poster instead of the model")
            }
        }
        // Many notes may show one model: one script per model file.
        for source in Set(study.notes.compactMap(\.model?.src)).sorted() {
            guard let bytes = files[source] else { continue }
            let script = "// Generated from \(source) so that the viewer can read it from file://.\n"
                + "(window.CareFeedModels = window.CareFeedModels || {})[\(Self.jsString(source))] = \"\(bytes.base64EncodedString())\";\n"
            files["models/" + ModelMetadata.scriptName(forModel: source)] = Data(script.utf8)
        }
    }

    /// The bytes of an asset, or nil when there is none at `path`.
    public func contents(_ path: String) -> Data? {
        files[path]
    }

    static func jsString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
