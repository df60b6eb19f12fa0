import CareStore
import Content
import Foundation
import StudyModel

/// `carefeed check`: every content error and warning in one run.
enum CheckCommand {
    static let help = """
    Usage: carefeed check [--content DIR] [--public DIR] [--store FILE]

    Reads the study's content and reports every error and warning on
    standard error as file:line:column: severity: message. Exits 1 when there
    is any error; otherwise prints one summary line and exits 0.

    With a store, a consent document whose text changed while its version
    stayed one the store has published is an error. The store is only read:
    check never creates, migrates or writes one.

      --content DIR   the study's content (default content)
      --public DIR    the public folder that models, images and icons must
                      be in (default Public, or public where only that is here)
      --store FILE    the care store whose published consent versions the
                      texts must match (default .carefeed/care.sqlite, when
                      that file exists; a FILE given here must exist)
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        let store = try publishedStore(arguments)
        defer { store?.close() }
        var result = ContentLoader.load(directory: arguments["content"] ?? Defaults.content,
                                        publicDirectory: arguments["public"] ?? Defaults.publicFolder)
        if let store {
            result.refuseChangedConsent(published: try store.consentVersions())
        }
        console.report(result.diagnostics)
        let errors = result.errors.count
        let warnings = result.diagnostics.count - errors
        guard let study = result.study, errors == 0 else {
            console.error("\(count(errors, "error")), \(count(warnings, "warning")) in \(count(result.fileCount, "file"))\n"
                          + "Each /docs#… is a part of the reference: carefeed serve shows it at /docs, such as http://localhost:8080/docs\n")
            return .dataError
        }
        if let store {
            do {
                _ = try CarePlan(study: study, versions: try store.taskVersions())
            } catch let unreadable as CarePlan.UnreadableVersion {
                console.error("\(store.path): error: \(unreadable)\n")
                return .dataError
            }
        }
        console.out("\(count(result.fileCount, "file")), \(count(study.tasks.count, "task")), "
                    + "\(count(study.consentDocuments.count, "consent document")), \(count(study.notes.count, "note")), "
                    + "0 errors, \(count(warnings, "warning"))"
                    + (store.map { "; consent versions match \($0.path)" } ?? "") + "\n")
        return .success
    }

    /// The store named by `--store`, which must exist, or the default one
    /// where it exists; opened for reading only. Nil without either: a
    /// study not yet built or served has published nothing.
    private static func publishedStore(_ arguments: Arguments) throws -> CareStore? {
        if let path = arguments["store"] {
            guard FileManager.default.fileExists(atPath: path) else {
                throw MissingStore(path: path)
            }
            return try CareStore(readingOnly: path)
        }
        return FileManager.default.fileExists(atPath: Defaults.store) ? try CareStore(readingOnly: Defaults.store) : nil
    }

    private struct MissingStore: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "no care store at \(path); check reads an existing store and never creates one"
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
