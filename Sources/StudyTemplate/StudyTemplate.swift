import Foundation

/// The small working study `carefeed init` writes: a study.yaml, an
/// onboarding task with its consent document, one daily task, one note and
/// a public folder with the note's image. Each file says in comments what
/// its keys do.
public enum StudyTemplate {
    /// Path under the new study's folder (`content/…`, `public/…`) → bytes.
    /// The English study; the others are in `<language>/content/`, sharing `public/`.
    public static let files: [(path: String, bytes: Data)] = files(in: nil)

    /// The languages the study is written in besides English, such as `de`, `ja`.
    public static let languages: [String] = Array(Set(embeddedFiles.compactMap { file -> String? in
        let parts = file.path.split(separator: "/")
        return parts.count > 2 && parts[1] == "content" ? String(parts[0]) : nil
    })).sorted()

    /// The editors' reference, `docs/content.md`, as Markdown.
    public static let reference: String = embeddedFiles.first { $0.path == "reference/content.md" }.map { _, base64 in
        let text = base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) } ?? ""
    } ?? ""

    /// The study written in `language` (`de`, `zh-Hans`; nil for English): its content and the shared public folder.
    public static func files(in language: String?) -> [(path: String, bytes: Data)] {
        embeddedFiles.compactMap { path, base64 -> (String, Data)? in
            let relative: String
            if path.hasPrefix("public/") {
                relative = path
            } else if let language, path.hasPrefix(language + "/content/") {
                relative = String(path.dropFirst(language.count + 1))
            } else if language == nil, path.hasPrefix("content/") {
                relative = path
            } else {
                return nil
            }
            let text = base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            return Data(base64Encoded: text).map { (relative, $0) }
        }
    }
}
