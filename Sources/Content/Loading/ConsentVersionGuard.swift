import CareModel
import Foundation
import StudyModel

/// A consent document's text may not change while its version stays the
/// same: what a version says is fixed when it is first published, and a new
/// text needs a new version, which asks everyone who signed the old one to
/// consent again.
extension ContentLoader.Result {
    /// The consent versions this content publishes, each with the hash of its text.
    /// Each translation's text is published under the document's version for its language.
    public func consentVersions(publishedAt instant: Date) -> [ConsentVersion] {
        allConsentDocuments.map {
            ConsentVersion(documentID: $0.id, version: $0.version, sha256: $0.sha256, firstSeenAt: instant, language: $0.language,
                           markdown: $0.markdown)
        }
    }

    /// The documents in the study's own language, then each translation's.
    private var allConsentDocuments: [ConsentDocument] {
        let translations = study.map { study in
            study.translations.keys.sorted().flatMap { study.translations[$0]?.consentDocuments ?? [] }
        } ?? []
        return consentDocuments + translations
    }

    /// Adds an error, at its `version:` line, for each consent document whose
    /// text differs from the one its version was first published with; with
    /// any, the study is refused.
    public mutating func refuseChangedConsent(published: [ConsentVersion]) {
        var refused: [Diagnostic] = []
        for document in allConsentDocuments {
            let first = published.first { version in
                version.documentID == document.id && version.version == document.version && version.language == document.language
            }
            guard let first, first.sha256 != document.sha256 else { continue }
            refused.append(Diagnostic(
                file: document.file, line: document.language.isEmpty ? document.versionLine : nil, column: nil,
                message: "the text changed but version is still \"\(document.version)\", which was published "
                    + "with other text on \(Timestamp.utc(first.firstSeenAt).prefix(10)); raise version "
                    + "to publish this text (everyone who signed \"\(document.version)\" is then asked to consent again)"))
        }
        guard !refused.isEmpty else { return }
        diagnostics = ContentLoader.inFileOrder(diagnostics + refused)
        study = nil
    }
}
