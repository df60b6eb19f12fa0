import CareModel
import CareStore
import Foundation

/// `carefeed devices`: a participant's device sessions on a hosted study,
/// and ending them all (a lost phone).
enum DevicesCommand {
    static let help = """
    Usage: carefeed devices [--store FILE] --participant ID [--revoke]

    Lists the phones and computers the participant has joined from, with
    when each joined and was last used, and whether it has ended. With
    --revoke, ends every one of their sessions and any link of theirs not
    yet used: their next page asks for a new personal link (`carefeed
    invite`). Their answers stay in the store.

      --store FILE        the study store (default .carefeed/care.sqlite)
      --participant ID    the participant's study ID
      --revoke            sign the participant out on every device
    """

    static func run(_ arguments: Arguments, console: Console, now: Date) throws -> ExitStatus {
        guard let id = arguments["participant"] else { throw UsageError("--participant is required: the participant's study ID") }
        let path = arguments["store"] ?? Defaults.store
        guard FileManager.default.fileExists(atPath: path) else {
            console.error("error: there is no store at \(path); name the study store with --store\n")
            return .dataError
        }
        let store = try CareStore(path: path)
        defer { store.close() }
        guard try store.participant(id: id) != nil else {
            console.error("error: no participant '\(id)' in \(path)\n")
            return .dataError
        }
        if arguments.has("revoke") {
            let ended = try store.revokeDevices(participantID: id, at: now)
            console.out("Signed \(id) out on \(ended) device\(ended == 1 ? "" : "s"); any unused link of theirs no longer works. "
                        + "Run `carefeed invite --participant \(id)` to give them a new one.\n")
            return .success
        }
        let sessions = try store.deviceSessions(participantID: id)
        guard !sessions.isEmpty else {
            console.out("\(id) has not joined from any device yet.\n")
            return .success
        }
        for session in sessions {
            let state = session.endedAt.map { "ended \(Timestamp.utc($0)) (\(session.endReason ?? "ended"))" }
                ?? (now.timeIntervalSince(session.lastUsedAt) >= CareStore.sessionIdleLimit ? "ended (unused for 180 days)" : "active")
            console.out("joined \(Timestamp.utc(session.createdAt))  last used \(Timestamp.utc(session.lastUsedAt))  \(state)\n")
        }
        return .success
    }
}
