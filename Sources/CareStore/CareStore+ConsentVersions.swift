import CareModel
import Foundation

extension CareStore {
    /// Every consent document version published so far with the hash of its
    /// text then, by document and version. A store from before versions were
    /// kept, read without migrating it, gives each signed version with the
    /// hash its first signer signed, as the migration would.
    public func consentVersions() throws -> [ConsentVersion] {
        try read { database in
            let version = try Self.userVersion(of: database)
            let source = version >= 6 ? "consent_versions"
                : version >= 2 ? "(SELECT *, '' AS language FROM consent_versions)" : """
                (SELECT document_id, version, sha256, MIN(signed_at) AS first_seen_at, '' AS language
                 FROM consent_records GROUP BY document_id, version)
                """
            return try database.query("""
                SELECT document_id, version, language, sha256, first_seen_at FROM \(source) ORDER BY document_id, version, language
                """).map(ConsentVersion.init(row:))
        }
    }

    /// Records each version not published before, with its hash and an
    /// audit row, and returns those it recorded. Versions already published
    /// need no write, so unchanged content works with a read-only store. A
    /// version already published with another hash is refused, and nothing
    /// is recorded.
    @discardableResult
    public func publishConsentVersions(_ versions: [ConsentVersion]) throws -> [ConsentVersion] {
        let unpublished = try read { try Self.unpublished(versions, in: $0) }
        guard !unpublished.isEmpty else { return [] }
        return try write { database in
            let unpublished = try Self.unpublished(versions, in: database)
            for version in unpublished {
                try database.query("""
                    INSERT INTO consent_versions (document_id, version, language, sha256, first_seen_at, markdown) VALUES (?, ?, ?, ?, ?, ?)
                    """, [.text(version.documentID), .text(version.version), .text(version.language), .text(version.sha256),
                          .text(Timestamp.utc(version.firstSeenAt)), version.markdown.map(SQLValue.text) ?? .null])
                try Self.audit(database, at: version.firstSeenAt, participantID: nil, action: .consentPublish,
                               subject: .consent(documentID: version.documentID, version: version.version),
                               detail: "sha256 \(version.sha256)" + (version.language.isEmpty ? "" : ", \(version.language)"))
            }
            return unpublished
        }
    }

    /// The Markdown of each consent version the store holds one for, by the SHA-256 of its HTML.
    public func consentTexts() throws -> [String: String] {
        try read { database in
            guard try Self.userVersion(of: database) >= 10 else { return [:] }
            return Dictionary(try database.query("SELECT sha256, markdown FROM consent_versions WHERE markdown IS NOT NULL")
                .map { (try $0.text("sha256"), try $0.text("markdown")) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The versions of `versions` the store does not hold yet; throws for
    /// one it holds with another hash.
    private static func unpublished(_ versions: [ConsentVersion], in database: Database) throws -> [ConsentVersion] {
        try versions.filter { version in
            let published = try database.query(
                "SELECT sha256 FROM consent_versions WHERE document_id = ? AND version = ? AND language = ?",
                [.text(version.documentID), .text(version.version), .text(version.language)]).first.map { try $0.text("sha256") }
            if let published, published != version.sha256 {
                throw CareStoreError.consentVersionChanged(documentID: version.documentID, version: version.version,
                                                           language: version.language)
            }
            return published == nil
        }
    }
}
