import Content
import Foundation

/// `carefeed check`: every content error and warning in one run.
enum CheckCommand {
    static let help = """
    Usage: carefeed check [--content DIR] [--public DIR]

    Reads the study's content and reports every error and warning on
    standard error as file:line:column: severity: message. Exits 1 when there
    is any error; otherwise prints one summary line and exits 0.

      --content DIR   the study's content (default content)
      --public DIR    the public folder that models, images and icons must
                      be in (default Public)
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        let result = ContentLoader.load(directory: arguments["content"] ?? Defaults.content,
                                        publicDirectory: arguments["public"] ?? Defaults.publicFolder)
        for diagnostic in result.diagnostics {
            console.error(diagnostic.description + "\n")
        }
        let errors = result.errors.count
        let warnings = result.diagnostics.count - errors
        guard let study = result.study, errors == 0 else {
            console.error("\(count(errors, "error")), \(count(warnings, "warning")) in \(count(result.fileCount, "file"))\n")
            return .dataError
        }
        console.out("\(count(result.fileCount, "file")), \(count(study.tasks.count, "task")), "
                    + "\(count(study.consentDocuments.count, "consent document")), \(count(study.notes.count, "note")), "
                    + "0 errors, \(count(warnings, "warning"))\n")
        return .success
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
