import Content
import Foundation
import StudyTemplate
import Words

/// `carefeed init DIR`: a new study to start from, in a new or empty folder.
enum InitCommand {
    static let help = """
    Usage: carefeed init DIR [--language TAG]

    Writes a small, working study into DIR, which must be new or empty:
    DIR/content/ (study.yaml, an onboarding task with its consent document,
    one daily task, one education note) and DIR/public/ (the note's image).
    Each file says in comments what its keys do; the reference, which
    carefeed serve shows at /docs, describes every key. The study checks
    clean, builds and serves as it is. Nothing that already exists is
    overwritten.

      --language TAG      write the study in this language, such as de-DE, fr,
                          es-MX, zh-Hans, ja or ar: its own language, the
                          first of languages: in study.yaml (default en-US)
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        guard arguments.positional.count == 1, let folder = arguments.positional.first else {
            throw UsageError(arguments.positional.isEmpty ? "give the folder to write the study into"
                                                          : "give one folder, not \(arguments.positional.count)")
        }
        let tag = try arguments["language"].map { text in
            guard let tag = LanguageTag(text) else { throw UsageError("--language \(text) is not a language tag such as de-DE or ja") }
            return tag
        }
        guard let template = Self.template(for: tag) else {
            throw UsageError("--language \(tag!): carefeed init writes its study in "
                             + (["en"] + StudyTemplate.languages).joined(separator: ", ")
                             + "; start from one of them, and give the built-in words of \(tag!) in content/i18n/\(tag!).yaml")
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                console.error("error: \(folder) is a file; give a new or empty folder for the study\n")
                return .dataError
            }
            let entries = try manager.contentsOfDirectory(atPath: folder)
            guard entries.isEmpty else {
                console.error("error: \(folder) is not empty (it holds \(entries.sorted().prefix(3).joined(separator: ", "))"
                              + "\(entries.count > 3 ? ", …" : "")); give a new or empty folder, so nothing is overwritten\n")
                return .dataError
            }
        }
        for (path, bytes) in template {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (path == "content/study.yaml" ? Self.study(bytes, in: tag) : bytes).write(to: url, options: .withoutOverwriting)
        }
        let result = ContentLoader.load(directory: folder + "/content", publicDirectory: folder + "/public")
        console.report(result.diagnostics)
        guard result.errors.isEmpty else { return .dataError }
        let written = template.map { "  \(folder)/\($0.path)" }.joined(separator: "\n")
        console.out("""
            A new study is in \(folder):
            \(written)

            Try it:
              cd \(folder)
              carefeed check     name each mistake in the study's files
              carefeed serve     the participant's preview at http://localhost:8080/
              carefeed build     the clinicians' site in Site/

            The reference, every key and what it does, is at http://localhost:8080/docs
            while carefeed serve runs.

            """)
        return .success
    }

    /// The study written in `tag`'s language, matched on language and script; English without a tag.
    static func template(for tag: LanguageTag?) -> [(path: String, bytes: Data)]? {
        guard let tag, tag.language != "en" else { return StudyTemplate.files }
        let written = StudyTemplate.languages.compactMap(LanguageTag.init).first { language in
            language.language == tag.language && (language.script == nil || language.script == tag.likelyScript)
        }
        return written.map { StudyTemplate.files(in: $0.identifier) }
    }

    /// study.yaml with `languages:` naming exactly the tag asked for.
    static func study(_ bytes: Data, in tag: LanguageTag?) -> Data {
        guard let tag else { return bytes }
        var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        if let index = lines.firstIndex(where: { $0.hasPrefix("languages:") }) {
            lines[index] = "languages: [\(tag)]"
        } else if let index = lines.firstIndex(where: { $0.hasPrefix("timezone:") }) {
            lines.insert(contentsOf: ["# languages: the languages participants may choose; the first is the study's own.",
                                      "languages: [\(tag)]"], at: index + 1)
        }
        return Data(lines.joined(separator: "\n").utf8)
    }
}
