import CareStore
import Foundation

/// `carefeed verify`: whether a store's records are as they were written
/// (SPEC §14), for a monitor or an ethics board.
enum VerifyCommand {
    static let help = """
    Usage: carefeed verify [--store FILE]

    Checks that the store's records are as they were written. Each
    participant's audit trail is a chain: every entry holds the SHA-256 of
    the entry before it and of the record it logs (an answer's values, a
    signed consent, a permission's answer). verify reads every chain from
    its start and names the first entry that does not agree, an entry
    missing from the middle of a chain, every consent record whose text does
    not match its hash, and every answer no entry logs. The store is only
    read. Exits 0 when everything agrees, 1 when something does not.

      --store FILE        the study store (default .carefeed/care.sqlite)
    """

    static func run(_ arguments: Arguments, console: Console) throws -> ExitStatus {
        let path = arguments["store"] ?? Defaults.store
        guard FileManager.default.fileExists(atPath: path) else {
            console.error("error: there is no store at \(path); name the study store with --store\n")
            return .dataError
        }
        let store = try CareStore(readingOnly: path)
        defer { store.close() }
        let result = try store.verify()
        for problem in result.problems {
            console.error("\(path): \(problem)\n")
        }
        guard result.problems.isEmpty else {
            console.error("\(result.problems.count) record\(result.problems.count == 1 ? "" : "s") of \(path) "
                          + "\(result.problems.count == 1 ? "does" : "do") not agree with the audit trail\n")
            return .dataError
        }
        console.out("\(path): \(result.entries) audit entries in \(result.chains) chain\(result.chains == 1 ? "" : "s") and "
                    + "\(result.consentRecords) consent record\(result.consentRecords == 1 ? "" : "s"), all as written\n")
        for (chain, head) in result.heads.sorted(by: { $0.key < $1.key }) {
            console.out("  \(chain.isEmpty ? "study" : chain): \(head)\n")
        }
        return .success
    }
}
