import CareModel
import Markup

extension ConsentRecord {
    /// Reads a row of `consent_records`.
    init(row: Row) throws {
        let content = try row.text("signature")
        let signature: Signature = switch try row.text("signature_kind") {
        case "drawn": .drawn(pathData: content)
        case "typed": .typed(name: content)
        case let kind: throw row.damaged("signature_kind", "holds \"\(kind)\", not drawn or typed")
        }
        self.init(id: try row.integer("id"), participantID: try row.text("participant_id"),
                  documentID: try row.text("document_id"), version: try row.text("version"),
                  sha256: try row.text("sha256"), html: HTML(trusted: try row.text("html")),
                  printedName: try row.text("printed_name"), signature: signature,
                  signedAt: try row.date("signed_at"), timeZone: try row.timeZone("time_zone"),
                  language: try row.optionalText("language"))
    }
}

extension PermissionGrant {
    /// Reads a row of `permission_grants`.
    init(row: Row) throws {
        self.init(id: try row.integer("id"), participantID: try row.text("participant_id"),
                  permissionID: try row.text("permission_id"), kind: try row.text("kind"),
                  granted: try row.bool("granted"), detail: try row.optionalText("detail"),
                  recordedAt: try row.date("recorded_at"))
    }
}
