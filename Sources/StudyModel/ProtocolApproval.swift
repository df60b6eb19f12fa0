/// The protocol a study follows and the ethics board that approved it, as
/// `study.yaml` names them:
///
///     protocol: { number: "REB-2026-014", board: "Example University Research Ethics Board" }
///
/// Shown on consent pages and records as "Protocol REB-2026-014 approved by …".
public struct ProtocolApproval: Hashable, Sendable {
    public var number: String
    public var board: String

    public init(number: String, board: String) {
        self.number = number
        self.board = board
    }
}
