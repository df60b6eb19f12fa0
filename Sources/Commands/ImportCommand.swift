import CareModel
import CareStore
import Content
import Feed
import Foundation

/// `carefeed import`: participants' own stores merged into the study's store.
enum ImportCommand {
    static let help = """
    Usage: carefeed import [--content DIR] [--store FILE] STORE_FILE...

    Merges participants' own stores (each copied from the participant's
    computer, where `carefeed serve` wrote it) into the study's store:
    participants, answers and their deletions, consent records, permission
    answers, withdrawals and audit entries, each with its original time.
    A store a server is still writing is read as one consistent snapshot.

    Importing a file again adds nothing. A file that contradicts the study's
    store (a participant ID naming another person, another answer for the
    same task occurrence, another signed consent for the same document and
    version, another withdrawal, a task version the study never had) is
    refused whole, naming both sides; the other files are still imported.
    So is a file holding what the study could not have produced: an
    enrolment day more than ten years back, an occurrence the schedule has
    not given, an answer its question does not take, a permission the study
    never asks for, text that is not UTF-8.
    Answers of a data type the participant did not share are left out.

      --content DIR   the study's content (default content)
      --store FILE    the study's store (default .carefeed/care.sqlite),
                      created if missing once the content checks

    Exit status: 0 when every file was imported or had nothing new, 1 when
    any file was refused.
    """

    /// The most problems said of one file.
    static let reasonsShown = 50

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        let files = arguments.positional
        guard !files.isEmpty else { throw UsageError("give one or more participants' store files to import") }
        guard let (study, store) = try Workspace.open(arguments, console: console, now: now, checkPublicFolder: false) else {
            return .dataError
        }
        defer { store.close() }
        // The study's current task definitions, recorded as `build` does, are what the files' versions must match.
        // Every definition the study's tasks have had counts, so an edit of the content cannot let declined data in.
        let plan = try Workspace.plan(study, store: store, now: now)
        let sharing = SharingRule.healthPermissions(of: plan.allDefinitions)
        var refused: [String] = []
        let check = ImportCheck(study: study, plan: plan, now: now)
        for file in files {
            do {
                // What the study could not have produced is refused before anything is merged.
                let problems = check.problems(try StoreFileRecords.read(file))
                guard problems.isEmpty else { throw ImportRefusal(file: file, reasons: problems) }
                let report = try store.importStore(at: file, sharing: sharing, at: now)
                console.out(line(report))
            } catch let refusal as ImportRefusal {
                // A crafted file can hold a problem in every row: the first ones say what is wrong with it.
                refusal.reasons.prefix(Self.reasonsShown).forEach { console.error("error: \(file): \($0)\n") }
                if refusal.reasons.count > Self.reasonsShown {
                    console.error("error: \(file): and \(refusal.reasons.count - Self.reasonsShown) more problems like these\n")
                }
                refused.append(file)
            } catch {
                console.error("error: \(file): \(error)\n")
                refused.append(file)
            }
        }
        guard !refused.isEmpty else { return .success }
        let imported = files.count - refused.count
        console.error("\(refused.count) of \(files.count) files refused: nothing from \(refused.count == 1 ? "it" : "them") was "
                      + "imported" + (imported > 0 ? "; the other \(imported == 1 ? "file was" : "\(imported) were") imported" : "")
                      + "\n")
        return .dataError
    }

    private static func line(_ report: ImportReport) -> String {
        let leftOut = report.valuesNotShared == 0 ? ""
            : "; \(report.valuesNotShared) value\(report.valuesNotShared == 1 ? "" : "s") the participant did not share "
                + "\(report.valuesNotShared == 1 ? "was" : "were") left out"
        return report.isEmpty ? "nothing new from \(report.file)\n" : "\(report.file): added \(report.summary)\(leftOut)\n"
    }
}
