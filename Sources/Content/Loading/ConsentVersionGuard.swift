import CareModel
import Foundation

/// A consent document's text may not change while its version stays the
/// same: what a version says is fixed when it is first published, and a new
/// text needs a new version, which asks everyone who signed the old one to
/// consent again.
extension ContentLoader.Result {
    /// The consent versions this content publishes, each with the hash of its text.
    public func consentVersions(publishedAt instant: Date) -> [ConsentVersion] {
        consentDocuments.map {
            ConsentVersion(documentID: $0.id, version: $0.version, sha256: $0.sha256, firstSeenAt: instant)
        }
    }

    /// Adds an error, at its `version:` line, for each consent document whose
    /// text differs from the one its version was first published with; with
    /// any, the study is refused.
    public mutating func refuseChangedConsent(published: [ConsentVersion]) {
        var refused: [Diagnostic] = []
        for document in consentDocuments {
            guard let first = published.first(where: { $0.documentID == document.id && $0.version == document.version }),
                  first.sha256 != document.sha256 else { continue }
            refused.append(Diagnostic(
                file: document.file, line: document.versionLine, column: nil,
                message: "the text changed but version is still \"\(document.version)\", which was published "
                    + "with other text on \(Timestamp.utc(first.firstSeenAt).prefix(10)); raise version "
                    + "to publish this text (everyone who signed \"\(document.version)\" is then asked to consent again)"))
        }
        guard !refused.isEmpty else { return }
        diagnostics = ContentLoader.inFileOrder(diagnostics + refused)
        study = nil
    }
}
