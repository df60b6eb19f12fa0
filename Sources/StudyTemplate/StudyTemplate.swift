import Foundation

/// The small working study `carefeed init` writes: a study.yaml, an
/// onboarding task with its consent document, one daily task, one note and
/// a public folder with the note's image. Each file says in comments what
/// its keys do.
public enum StudyTemplate {
    /// Path under the new study's folder (`content/…`, `public/…`) → bytes.
    public static let files: [(path: String, bytes: Data)] = embeddedFiles.compactMap { path, base64 in
        let text = base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return Data(base64Encoded: text).map { (path, $0) }
    }
}
