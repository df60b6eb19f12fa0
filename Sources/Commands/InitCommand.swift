import Content
import Foundation
import StudyTemplate

/// `carefeed init DIR`: a new study to start from, in a new or empty folder.
enum InitCommand {
    static let help = """
    Usage: carefeed init DIR

    Writes a small, working study into DIR, which must be new or empty:
    DIR/content/ (study.yaml, an onboarding task with its consent document,
    one daily task, one education note) and DIR/public/ (the note's image).
    Each file says in comments what its keys do; docs/content.md describes
    every key. The study checks clean, builds and serves as it is. Nothing
    that already exists is overwritten.
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        guard arguments.positional.count == 1, let folder = arguments.positional.first else {
            throw UsageError(arguments.positional.isEmpty ? "give the folder to write the study into"
                                                          : "give one folder, not \(arguments.positional.count)")
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
        for (path, bytes) in StudyTemplate.files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url, options: .withoutOverwriting)
        }
        let result = ContentLoader.load(directory: folder + "/content", publicDirectory: folder + "/public")
        for diagnostic in result.diagnostics {
            console.error(diagnostic.description + "\n")
        }
        guard result.errors.isEmpty else { return .dataError }
        let written = StudyTemplate.files.map { "  \(folder)/\($0.path)" }.joined(separator: "\n")
        console.out("""
            A new study is in \(folder):
            \(written)

            Try it:
              cd \(folder)
              carefeed serve --public public     the participant's preview at http://localhost:8080/
              carefeed build --public public     the clinicians' site in Site/

            """)
        return .success
    }
}
