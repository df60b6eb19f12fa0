import CareModel

extension ConsentVersion {
    /// Reads a row of `consent_versions`.
    init(row: Row) throws {
        self.init(documentID: try row.text("document_id"), version: try row.text("version"),
                  sha256: try row.text("sha256"), firstSeenAt: try row.date("first_seen_at"), language: try row.text("language"))
    }
}
